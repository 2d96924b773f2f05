import { postgresErrorCode, violatedConstraint } from '@sabai/db';
import {
  availableCreditBalance,
  expectPosted,
  inLedgerTransaction,
  postTransfer,
  readAccountBalance,
  requireAccountId,
  requireMemberAccountId,
  reserveTransfer,
  resolvePendingTransfer,
} from '@sabai/ledger';
import type { AppContext } from '../../context.ts';
import { newPrefixedId } from '../../lib/ids.ts';
import { notifyBalanceChanged } from '../../lib/balance-notifications.ts';
import { PartnerUnavailableError } from '../../adapters/partner/index.ts';
import { ensureGameAccount } from './ensure-game-account.ts';

export type GameTransferOutcome =
  | { status: 'succeeded'; transferId: string; amountSatang: bigint }
  | { status: 'failed'; transferId: string; reason: string }
  /** Sent, outcome unknown: the reconciliation job asks the partner (reconcile-game-transfers.ts). */
  | { status: 'sending'; transferId: string }
  /** Nothing to move, or another transfer of this member is in flight. */
  | { status: 'skipped'; reason: 'NOTHING_TO_MOVE' | 'TRANSFER_IN_FLIGHT' | 'PARTNER_UNAVAILABLE' };

/**
 * Moves credit between the member's main wallet and their game account at the partner
 * (money.md "Transfer to the game"): GAME_IN main → game, GAME_OUT game → main. Two-phase: the
 * pending transfer and a `sending` row are committed first, the partner is called outside any
 * transaction with our reference, then the pending transfer is posted or voided. An unknown
 * outcome is never retried or voided blindly: it stays `sending` for the reconciliation job.
 *
 * `amountSatang: 'all'` moves everything available (GAME_IN: the main wallet; GAME_OUT: the
 * partner's live balance). Before GAME_OUT the game account is settled to the partner's live
 * balance (GAME_RESULT against house:game_results), because play changed it.
 */
export async function moveGameCredit(
  context: AppContext,
  input: { memberId: string; direction: 'in' | 'out'; amountSatang: bigint | 'all' },
): Promise<GameTransferOutcome> {
  let account;
  try {
    account = await ensureGameAccount(context, input.memberId);
  } catch (error) {
    if (error instanceof PartnerUnavailableError) return { status: 'skipped', reason: 'PARTNER_UNAVAILABLE' };
    throw error;
  }
  let liveBalanceSatang: bigint | undefined;
  if (input.direction === 'out') {
    try {
      liveBalanceSatang = await context.partner.getBalance(account.username);
    } catch (error) {
      if (error instanceof PartnerUnavailableError) return { status: 'skipped', reason: 'PARTNER_UNAVAILABLE' };
      throw error;
    }
  }

  const transferId = newPrefixedId('gtr');
  type Reservation = { amountSatang: bigint } | { skipped: 'NOTHING_TO_MOVE' | 'TRANSFER_IN_FLIGHT' };
  const reserved = await inLedgerTransaction(context.db, async (tx): Promise<Reservation> => {
    const main = await requireMemberAccountId(tx, input.memberId, 'main');
    const game = await requireMemberAccountId(tx, input.memberId, 'game');
    const inFlight = await tx.query(`SELECT 1 FROM game_transfers WHERE member_id = $1 AND status = 'sending'`, [input.memberId]);
    if (inFlight.rowCount > 0) return { skipped: 'TRANSFER_IN_FLIGHT' as const };

    if (liveBalanceSatang !== undefined) {
      const ledgerGame = availableCreditBalance(await readAccountBalance(tx, game));
      const difference = liveBalanceSatang - ledgerGame;
      if (difference !== 0n) {
        const results = await requireAccountId(tx, 'house:game_results');
        expectPosted(
          await postTransfer(tx, {
            idempotencyKey: `game-result:${transferId}`,
            code: 'GAME_RESULT',
            debitAccountId: difference > 0n ? results : game,
            creditAccountId: difference > 0n ? game : results,
            amountSatang: difference > 0n ? difference : -difference,
            source: { type: 'game_transfer', id: transferId },
          }),
        );
      }
    }
    const from = input.direction === 'in' ? main : game;
    const available = availableCreditBalance(await readAccountBalance(tx, from));
    const amountSatang = input.amountSatang === 'all' ? available : input.amountSatang;
    if (amountSatang <= 0n) return { skipped: 'NOTHING_TO_MOVE' as const };
    const pending = await reserveTransfer(tx, {
      idempotencyKey: `game-${input.direction}:${transferId}`,
      code: input.direction === 'in' ? 'GAME_IN' : 'GAME_OUT',
      debitAccountId: from,
      creditAccountId: input.direction === 'in' ? game : main,
      amountSatang,
      source: { type: 'game_transfer', id: transferId },
    });
    if (pending.status !== 'created') return { skipped: 'NOTHING_TO_MOVE' as const };
    try {
      await tx.query(
        `INSERT INTO game_transfers (id, member_id, direction, amount_satang, status, reserve_transfer_id) VALUES ($1, $2, $3, $4, 'sending', $5)`,
        [transferId, input.memberId, input.direction, amountSatang, pending.transferId],
      );
    } catch (error) {
      if (postgresErrorCode(error) === '23505' && violatedConstraint(error) === 'game_transfers_one_in_flight') throw new InFlightError();
      throw error;
    }
    return { amountSatang };
  }).catch((error: unknown): Reservation => {
    if (error instanceof InFlightError) return { skipped: 'TRANSFER_IN_FLIGHT' };
    throw error;
  });
  if ('skipped' in reserved) return { status: 'skipped', reason: reserved.skipped };

  const result = await context.partner.transfer({ reference: transferId, username: account.username, direction: input.direction, amountSatang: reserved.amountSatang });
  if (result.outcome === 'unknown') return { status: 'sending', transferId };
  await settleGameTransfer(context, transferId, result.outcome === 'succeeded' ? { result: 'succeeded' } : { result: 'failed', reason: result.reason });
  return result.outcome === 'succeeded'
    ? { status: 'succeeded', transferId, amountSatang: reserved.amountSatang }
    : { status: 'failed', transferId, reason: result.reason };
}

class InFlightError extends Error {}

/**
 * Settles a `sending` game transfer once its outcome is known: post (the credit moved) or void
 * (it did not). Anything not `sending` is left alone. @returns whether this call settled it.
 */
export async function settleGameTransfer(
  context: AppContext,
  transferId: string,
  settlement: { result: 'succeeded' } | { result: 'failed'; reason: string },
): Promise<boolean> {
  return inLedgerTransaction(context.db, async (tx) => {
    const { rows } = await tx.query<{ member_id: string; reserve_transfer_id: bigint; direction: 'in' | 'out' }>(
      `SELECT member_id, reserve_transfer_id, direction FROM game_transfers WHERE id = $1 AND status = 'sending' FOR UPDATE`,
      [transferId],
    );
    const transfer = rows[0];
    if (!transfer) return false;
    const resolved = expectPosted(
      await resolvePendingTransfer(tx, {
        idempotencyKey: `game-${transfer.direction}-${settlement.result === 'succeeded' ? 'post' : 'void'}:${transferId}`,
        pendingTransferId: transfer.reserve_transfer_id,
        resolution: settlement.result === 'succeeded' ? 'post' : 'void',
        code: transfer.direction === 'in' ? 'GAME_IN' : 'GAME_OUT',
        source: { type: 'game_transfer', id: transferId },
      }),
    );
    await tx.query(`UPDATE game_transfers SET status = $2, resolve_transfer_id = $3, failure_reason = $4, updated_at = now() WHERE id = $1`, [
      transferId,
      settlement.result,
      resolved,
      settlement.result === 'failed' ? settlement.reason : null,
    ]);
    await notifyBalanceChanged(tx, transfer.member_id, 'adjustment');
    return true;
  });
}

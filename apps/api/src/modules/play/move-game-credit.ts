import { postgresErrorCode, violatedConstraint } from '@sabai/db';
import {
  availableCreditBalance,
  expectPosted,
  readAccountBalance,
  readMemberAccountBalancesWith,
  requireMemberAccountId,
  reserveTransfer,
  resolvePendingTransfer,
} from '@sabai/ledger';
import type { AppContext } from '../../context.ts';
import { memberLockLeaseMs } from '../../config.ts';
import { withMemberLock } from '../../lib/member-lock.ts';
import { newPrefixedId } from '../../lib/ids.ts';
import { notifyBalanceChanged } from '../../lib/balance-notifications.ts';
import { PartnerUnavailableError } from '../../adapters/partner/index.ts';
import { recordOutboxEvent, toSatangText } from '../outbox/index.ts';
import { settleByAskingProvider, settlementFromSend, type Settlement } from '../../lib/external-transfer.ts';
import { ensureGameAccount, type GameAccount } from './ensure-game-account.ts';
import { bookRoundResults } from './book-round-results.ts';
import { pullBetRecords } from './pull-bet-records.ts';

export type GameTransferOutcome =
  | { status: 'succeeded'; transferId: string; amountSatang: bigint }
  | { status: 'failed'; transferId: string; reason: string }
  /** Sent, outcome unknown: the reconciliation job asks the partner (reconcile-game-transfers.ts). */
  | { status: 'sending'; transferId: string }
  /** Nothing to move, or another transfer of this member is in flight. */
  | { status: 'skipped'; reason: 'NOTHING_TO_MOVE' | 'TRANSFER_IN_FLIGHT' | 'PARTNER_UNAVAILABLE' | 'SEAMLESS_WALLET' };

/**
 * Moves credit between the member's main wallet and their game account at the partner
 * (money.md "Transfer to the game"): GAME_IN main → game, GAME_OUT game → main. Two-phase: the
 * pending transfer and a `sending` row are committed first, the partner is called outside any
 * transaction with our reference, then the pending transfer is posted or voided. An unknown
 * outcome is never retried or voided blindly: it stays `sending` for the reconciliation job
 * (the external-transfer primitive shared with payouts, lib/external-transfer.ts).
 *
 * Call it under the member's money lock (lib/member-lock.ts; `moveGameCreditLocked` takes it):
 * one launch, withdrawal or transfer of a member at a time (issue 15).
 *
 * GAME_OUT first settles what was played (docs/adr/0012): a transfer of this member still in
 * flight is asked about; the partner's new rounds are pulled and booked as GAME_RESULT
 * (book-round-results.ts); then the partner's balance is read, after every transfer of ours is
 * known to it. `'all'` moves what the ledger says the member holds there, capped by what the
 * partner holds: a difference between the two is never booked to the member (it is a case for
 * staff, detect-game-difference.ts). GAME_IN `'all'` moves the whole available main wallet.
 */
export async function moveGameCredit(
  context: AppContext,
  input: { memberId: string; direction: 'in' | 'out'; amountSatang: bigint | 'all'; account?: GameAccount; known?: GameMoveSnapshot },
): Promise<GameTransferOutcome> {
  // A seamless partner (Hub88, docs/adr/0046) plays from the main wallet: nothing ever moves.
  if (context.partner.walletMode === 'seamless') return { status: 'skipped', reason: 'SEAMLESS_WALLET' };
  let account = input.account;
  try {
    // The caller's account when it just read it (a launch): not read again (issue 29 §1).
    account ??= await ensureGameAccount(context, input.memberId);
  } catch (error) {
    if (error instanceof PartnerUnavailableError) return { status: 'skipped', reason: 'PARTNER_UNAVAILABLE' };
    throw error;
  }
  if (!(await settleMemberTransferInFlight(context, input.memberId, input.known ? { sending: input.known.sending } : undefined))) return { status: 'skipped', reason: 'TRANSFER_IN_FLIGHT' };
  // An empty main wallet read under the member's lock with no transfer in flight (the caller's
  // snapshot) has nothing to move in: no transaction is opened (issue 29 §1). Money that arrives
  // after the read is moved by the deposit's own continuation or the next launch; when there is
  // something to move, the reservation below reads the balance again inside its transaction.
  if (input.direction === 'in' && input.amountSatang === 'all' && input.known && input.known.sending === null && input.known.mainAvailableSatang <= 0n) {
    return { status: 'skipped', reason: 'NOTHING_TO_MOVE' };
  }
  let partnerBalanceSatang: bigint | undefined;
  if (input.direction === 'out') {
    try {
      // Nothing at the partner: nothing can come back (rounds not yet booked wait for the periodic pull).
      if ((await context.partner.getBalance(account.username)) === 0n) return { status: 'skipped', reason: 'NOTHING_TO_MOVE' };
      await pullBetRecords(context, { maxPages: SETTLEMENT_PULL_PAGES, isBookingAll: false });
      await bookRoundResults(context, input.memberId);
      partnerBalanceSatang = await context.partner.getBalance(account.username);
    } catch (error) {
      if (error instanceof PartnerUnavailableError) return { status: 'skipped', reason: 'PARTNER_UNAVAILABLE' };
      throw error;
    }
  }

  const transferId = newPrefixedId('gtr');
  type Reservation = { amountSatang: bigint } | { skipped: 'NOTHING_TO_MOVE' | 'TRANSFER_IN_FLIGHT' };
  // Batched (docs/adr/0026): reservations arriving together share one transaction and commit.
  const reserved = await context.postings.run(async (tx): Promise<Reservation> => {
    const main = await requireMemberAccountId(tx, input.memberId, 'main');
    const game = await requireMemberAccountId(tx, input.memberId, 'game');
    // A move already in flight is refused by the unique index game_transfers_one_in_flight at the
    // insert below (InFlightError → TRANSFER_IN_FLIGHT, this attempt rolled back); settled moves
    // were checked just before (settleMemberTransferInFlight). No read here (issue 29 §1).
    const from = input.direction === 'in' ? main : game;
    // Read inside this attempt: a retried transaction sees the balance as it is now.
    const available = availableCreditBalance(await readAccountBalance(tx, from));
    let amountSatang = input.amountSatang === 'all' ? available : input.amountSatang;
    if (partnerBalanceSatang !== undefined && amountSatang > partnerBalanceSatang) amountSatang = partnerBalanceSatang;
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
  const settlement = settlementFromSend(result);
  if (!settlement) return { status: 'sending', transferId };
  await settleGameTransfer(context, transferId, settlement);
  return settlement.result === 'succeeded'
    ? { status: 'succeeded', transferId, amountSatang: reserved.amountSatang }
    : { status: 'failed', transferId, reason: settlement.reason };
}

/** What a launch reads in one statement before it moves credit in (readGameMoveSnapshot). */
export interface GameMoveSnapshot {
  /** The member's game account, when one exists. */
  account: GameAccount | undefined;
  /** The member's game transfer still `sending` (at most one: game_transfers_one_in_flight), or null. */
  sending: { id: string; created_at: Date } | null;
  /** The main wallet's available balance (credits − debits − pending debits), satang. */
  mainAvailableSatang: bigint;
}

/**
 * The game account, the transfer in flight and the main wallet's balance in one statement (issue
 * 29 §1; the balance part is @sabai/ledger's readMemberAccountBalancesWith). Read under the
 * member's money lock, it stays true for the lock's holder except that money may arrive.
 */
export async function readGameMoveSnapshot(context: Pick<AppContext, 'db'>, memberId: string): Promise<GameMoveSnapshot> {
  const { balances, companion } = await readMemberAccountBalancesWith<{ username: string | null; password: string | null; partner: string | null; sending_id: string | null; sending_created_at: Date | null }>(
    context.db,
    memberId,
    {
      sql: `SELECT g.username, g.password, g.partner, s.id AS sending_id, s.created_at AS sending_created_at
              FROM (SELECT 1) AS one
              LEFT JOIN game_accounts g ON g.member_id = $1
              LEFT JOIN LATERAL (SELECT id, created_at FROM game_transfers WHERE member_id = $1 AND status = 'sending' LIMIT 1) s ON true`,
      params: [],
    },
  );
  return {
    account: companion.username !== null && companion.password !== null && companion.partner !== null
      ? { username: companion.username, password: companion.password, partner: companion.partner }
      : undefined,
    sending: companion.sending_id !== null && companion.sending_created_at !== null ? { id: companion.sending_id, created_at: companion.sending_created_at } : null,
    mainAvailableSatang: balances.main.availableSatang,
  };
}

/** Pages of the bet feed a settlement pulls before it reads the partner's balance (the periodic pull does the rest). */
const SETTLEMENT_PULL_PAGES = 3;

/**
 * `moveGameCredit` under the member's money lock. `waitMs: 0` gives up at once when the member
 * is busy (a deposit's continuation into the game: the next launch moves it anyway).
 * @throws AppError MEMBER_BUSY when the lock is not free within `waitMs`.
 */
export function moveGameCreditLocked(
  context: AppContext,
  input: { memberId: string; direction: 'in' | 'out'; amountSatang: bigint | 'all' },
  options: { waitMs: number },
): Promise<GameTransferOutcome> {
  return withMemberLock(context.db, input.memberId, { waitMs: options.waitMs, leaseMs: memberLockLeaseMs(context.config) }, () => moveGameCredit(context, input));
}

/**
 * A transfer of this member still `sending` (an earlier timeout or crash) is asked about before
 * anything else moves: succeeded → post, failed → void; still unknown (or not found inside the
 * void grace) → it stays, and the caller must wait.
 * @returns whether the member has no transfer in flight now.
 */
export async function settleMemberTransferInFlight(context: AppContext, memberId: string, known?: { sending: { id: string; created_at: Date } | null }): Promise<boolean> {
  // The caller's snapshot when it read the transfer in flight under the member's lock (a launch): not read again.
  const sending = known
    ? known.sending
    : (await context.db.query<{ id: string; created_at: Date }>(`SELECT id, created_at FROM game_transfers WHERE member_id = $1 AND status = 'sending'`, [memberId])).rows[0];
  if (!sending) return true;
  await settleFromPartnerStatus(context, sending);
  const still = await context.db.query(`SELECT 1 FROM game_transfers WHERE id = $1 AND status = 'sending'`, [sending.id]);
  return still.rowCount === 0;
}

/**
 * Settles one `sending` transfer by the partner's answer for our reference. "Not found" voids
 * only after GAME_TRANSFER_VOID_GRACE_MS, which the configuration keeps longer than the
 * partner's maximum apply time (a later apply is caught by reconcile-game-transfers.ts).
 * @returns whether this call settled it.
 */
export async function settleFromPartnerStatus(context: AppContext, transfer: { id: string; created_at: Date }): Promise<boolean> {
  return settleByAskingProvider({
    reference: transfer.id,
    sentAt: transfer.created_at,
    now: context.now(),
    voidGraceMs: context.config.GAME_TRANSFER_VOID_GRACE_MS,
    notReceivedReason: NOT_RECEIVED_BY_PARTNER,
    ask: (reference) => context.partner.getTransferStatus(reference),
    settle: (settlement) => settleGameTransfer(context, transfer.id, settlement),
  });
}

/** Failure reason of a transfer the partner never received (watched for a late apply: reconcile-game-transfers.ts). */
export const NOT_RECEIVED_BY_PARTNER = 'NOT_RECEIVED_BY_PARTNER';

class InFlightError extends Error {}

/**
 * Settles a `sending` game transfer once its outcome is known: post (the credit moved) or void
 * (it did not). Anything not `sending` is left alone. @returns whether this call settled it.
 */
export async function settleGameTransfer(
  context: AppContext,
  transferId: string,
  settlement: Settlement<unknown>,
): Promise<boolean> {
  const memberId = await context.postings.run(async (tx): Promise<string | false> => {
    const { rows } = await tx.query<{ member_id: string; reserve_transfer_id: bigint; direction: 'in' | 'out'; amount_satang: bigint }>(
      `SELECT member_id, reserve_transfer_id, direction, amount_satang FROM game_transfers WHERE id = $1 AND status = 'sending' FOR UPDATE`,
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
    await recordOutboxEvent(tx, {
      kind: 'game-transfer.settled',
      eventKey: `game-transfer.settled:${transferId}`,
      memberId: transfer.member_id,
      payload: {
        memberId: transfer.member_id,
        transferId,
        direction: transfer.direction,
        amountSatang: toSatangText(transfer.amount_satang),
        outcome: settlement.result === 'succeeded' ? 'posted' : 'voided',
      },
    });
    await notifyBalanceChanged(tx, transfer.member_id, 'adjustment');
    return transfer.member_id;
  });
  if (memberId === false) return false;
  // Rounds that waited for this transfer (a loss paid with credit then in flight) can book now.
  await bookRoundResults(context, memberId);
  return true;
}

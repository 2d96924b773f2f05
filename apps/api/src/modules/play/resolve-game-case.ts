import { HOUSE_ACCOUNTS, expectPosted, inLedgerTransaction, postTransfer, requireAccountId } from '@sabai/ledger';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordStaffAction } from '../../lib/audit.ts';
import { findGameAccount } from './ensure-game-account.ts';
import { checkMemberGameWallet } from './detect-game-difference.ts';
import type { GameCaseRow } from './game-cases.ts';

export type GameCaseResolution = 'align_partner' | 'write_off';

/**
 * A staff decision on a game reconciliation case (issue 15), audited:
 * - `align_partner`: the ledger is the member's truth, so the partner is made to match it. A fresh
 *   quiet look measures the difference now; the partner is asked to move exactly that
 *   (out when it holds more, in when it holds less) under reference `<case id>:<difference>`, so a
 *   retried decision never moves it twice. No ledger posting: the member's balance does not change.
 * - `write_off`: the partner is left as it is (settled with them outside Sabai).
 * Both then write the case's suspense (losses of credit our books never gave the member) off to
 * house:expense:adjustment, and close the case.
 * @throws AppError GAME_CASE_NOT_FOUND, GAME_CASE_NOT_OPEN, GAME_TRANSFER_PENDING (a transfer is
 *   still unknown), GAME_PROVIDER_UNAVAILABLE (the partner did not move it; nothing changed).
 */
export async function resolveGameCase(
  context: AppContext,
  input: { caseId: string; resolution: GameCaseResolution; actor: string; actorRole: string | null; address: string | null; reason: string },
): Promise<{ caseId: string; status: 'resolved'; partnerMovedSatang: bigint; writtenOffSatang: bigint }> {
  const found = await context.db.query<GameCaseRow>('SELECT * FROM game_reconciliation_cases WHERE id = $1', [input.caseId]);
  const gameCase = found.rows[0];
  if (!gameCase) throw new AppError('GAME_CASE_NOT_FOUND');
  if (gameCase.status !== 'open') throw new AppError('GAME_CASE_NOT_OPEN');
  let partnerMovedSatang = 0n;
  if (input.resolution === 'align_partner') partnerMovedSatang = await alignPartner(context, gameCase);

  return inLedgerTransaction(context.db, async (tx) => {
    const { rows } = await tx.query<GameCaseRow>(`SELECT * FROM game_reconciliation_cases WHERE id = $1 FOR UPDATE`, [input.caseId]);
    const locked = rows[0];
    if (!locked || locked.status !== 'open') throw new AppError('GAME_CASE_NOT_OPEN');
    let writeOffTransferId: bigint | null = null;
    if (locked.suspense_satang > 0n) {
      writeOffTransferId = expectPosted(
        await postTransfer(tx, {
          idempotencyKey: `game-case-write-off:${locked.id}`,
          code: 'ADJUSTMENT',
          debitAccountId: await requireAccountId(tx, HOUSE_ACCOUNTS.adjustmentExpense),
          creditAccountId: await requireAccountId(tx, HOUSE_ACCOUNTS.gameUnexplained),
          amountSatang: locked.suspense_satang,
          source: { type: 'game_case', id: locked.id },
        }),
      );
    }
    await tx.query(
      `UPDATE game_reconciliation_cases SET status = 'resolved', resolution = $2, resolved_by = $3, resolution_reason = $4,
         resolve_transfer_id = $5, resolved_at = now(), updated_at = now() WHERE id = $1`,
      [locked.id, input.resolution, input.actor, input.reason, writeOffTransferId],
    );
    await recordStaffAction(tx, {
      actor: input.actor,
      actorRole: input.actorRole,
      address: input.address,
      action: `game_case.${input.resolution}`,
      subjectType: 'game_case',
      subjectId: locked.id,
      details: {
        memberId: locked.member_id,
        reason: input.reason,
        before: { status: locked.status, differenceSatang: locked.difference_satang, suspenseSatang: locked.suspense_satang },
        after: { status: 'resolved', partnerMovedSatang, writtenOffSatang: locked.suspense_satang },
      },
    });
    return { caseId: locked.id, status: 'resolved' as const, partnerMovedSatang, writtenOffSatang: locked.suspense_satang };
  });
}

async function alignPartner(context: AppContext, gameCase: GameCaseRow): Promise<bigint> {
  const account = await findGameAccount(context, gameCase.member_id);
  if (!account) throw new AppError('GAME_CASE_NOT_OPEN');
  const look = await checkMemberGameWallet(context, { memberId: gameCase.member_id, username: account.username });
  if (look.state === 'in_flight' || look.state === 'busy') throw new AppError('GAME_TRANSFER_PENDING');
  if (look.state === 'unknown' || look.differenceSatang === null) throw new AppError('GAME_PROVIDER_UNAVAILABLE');
  const difference = look.differenceSatang;
  if (difference === 0n) return 0n;
  const amountSatang = difference > 0n ? difference : -difference;
  const moved = await context.partner.transfer({
    reference: `${gameCase.id}:${difference}`,
    username: account.username,
    direction: difference > 0n ? 'out' : 'in',
    amountSatang,
  });
  if (moved.outcome !== 'succeeded') throw new AppError('GAME_PROVIDER_UNAVAILABLE');
  return difference;
}

import { HOUSE_ACCOUNTS, expectPosted, postTransfer, requireAccountId, requireMemberAccountId } from '@sabai/ledger';
import type { Queryable } from '@sabai/db';
import { AppError } from '../../lib/app-error.ts';
import { recordStaffAction } from '../../lib/audit.ts';
import { recordDepositCredited } from './record-deposit-credited.ts';
import { depositRefusal } from '../responsible-gaming/index.ts';

/**
 * assignHeldDepositInTransaction: staff resolve a held deposit (money still in house:unallocated_deposits), once:
 * - `assign` to a member: DEPOSIT unallocated → member main (same key as an automatic credit of
 *   that bank event, so a deposit can never be credited twice);
 * (a refund pays the sender back through the payout adapter: refund-held-deposit.ts).
 * Player protection applies as to an automatic credit (a member in a time-out or past a deposit
 * limit is refused: refund instead). Audited. Assigning records `deposit.credited` (bonus, wheel credit and the move into the game
 * follow through the worker, as for an automatic credit). @throws AppError NOT_FOUND, STATE_CONFLICT (not held any more), VALIDATION_FAILED.
 * Runs in the caller's transaction; only the approvals handler of 'held-deposit.release' calls it
 * (issue 25 §1: no staff member alone credits a held deposit).
 */
export async function assignHeldDepositInTransaction(
  tx: Queryable,
  now: Date,
  input: { depositId: string; actor: string; actorRole: string | null; address: string | null; memberPhoneNumber: string; note?: string },
): Promise<{ status: 'credited' }> {
  const { rows } = await tx.query<{ status: string; event_id: bigint; amount_satang: bigint }>(
    `SELECT status, event_id, amount_satang FROM deposits WHERE id = $1 FOR UPDATE`,
    [input.depositId],
  );
  const deposit = rows[0];
  if (!deposit) throw new AppError('NOT_FOUND');
  if (deposit.status !== 'held') throw new AppError('STATE_CONFLICT');
  const member = await tx.query<{ id: string }>(`SELECT id FROM members WHERE phone_number = $1 AND status = 'active'`, [input.memberPhoneNumber]);
  const memberId = member.rows[0]?.id;
  if (!memberId) throw new AppError('NOT_FOUND', { message: 'ไม่พบสมาชิกเบอร์นี้' });
  await creditHeldDeposit(tx, now, { depositId: input.depositId, eventId: deposit.event_id, amountSatang: deposit.amount_satang, memberId, actor: input.actor });
  await recordStaffAction(tx, { actor: input.actor, actorRole: input.actorRole, address: input.address, action: 'deposit.assign', subjectType: 'deposit', subjectId: input.depositId, details: { memberId, note: input.note ?? null } });
  return { status: 'credited' as const };
}

/**
 * releaseAmlHeldDepositInTransaction: finance release a deposit held for the AML review (reason `AML_REVIEW`, issue 12) to the member
 * it was matched to: credited exactly like an automatic credit (DEPOSIT unallocated → member main
 * under the event's key, `deposit.credited` in the outbox so the bonus, wheel credit and the move
 * into the game follow), audited (`deposit.release`).
 *
 * Idempotent: the deposit row is locked; a second release of a deposit already released answers
 * the same `credited` and changes nothing (racing releases: one effect). Player protection still
 * applies: a member excluded meanwhile gets it refunded instead (refuse with STATE_CONFLICT).
 * @throws AppError NOT_FOUND, STATE_CONFLICT (not held for AML review, refunded, or the member is
 *   now excluded / past a deposit limit), VALIDATION_FAILED (no note).
 * Only the approvals handler of 'held-deposit.release' calls it (issue 25 §1).
 */
export async function releaseAmlHeldDepositInTransaction(
  tx: Queryable,
  now: Date,
  input: { depositId: string; actor: string; actorRole: string | null; address: string | null; note: string },
): Promise<{ status: 'credited'; memberId: string; alreadyReleased: boolean }> {
  const note = input.note.trim();
  if (!note) throw new AppError('VALIDATION_FAILED', { message: 'กรุณาระบุผลการตรวจสอบ' });
  const { rows } = await tx.query<{ status: string; event_id: bigint; amount_satang: bigint; hold_reason: string | null; member_id: string | null; resolved_by: string | null }>(
    'SELECT status, event_id, amount_satang, hold_reason, member_id, resolved_by FROM deposits WHERE id = $1 FOR UPDATE',
    [input.depositId],
  );
  const deposit = rows[0];
  if (!deposit) throw new AppError('NOT_FOUND');
  if (deposit.hold_reason !== 'AML_REVIEW' || !deposit.member_id) throw new AppError('STATE_CONFLICT', { message: 'รายการนี้ไม่ได้รอตรวจสอบ AML' });
  if (deposit.status === 'credited') return { status: 'credited' as const, memberId: deposit.member_id, alreadyReleased: true };
  if (deposit.status !== 'held') throw new AppError('STATE_CONFLICT');
  const memberId = deposit.member_id;
  await creditHeldDeposit(tx, now, { depositId: input.depositId, eventId: deposit.event_id, amountSatang: deposit.amount_satang, memberId, actor: input.actor });
  await recordStaffAction(tx, {
    actor: input.actor, actorRole: input.actorRole, address: input.address, action: 'deposit.release', subjectType: 'deposit', subjectId: input.depositId,
    reason: note, details: { memberId, holdReason: 'AML_REVIEW' },
  });
  return { status: 'credited' as const, memberId, alreadyReleased: false };
}

/**
 * Credits a held deposit (row locked by the caller) to `memberId`: DEPOSIT unallocated → member
 * main under the bank event's key (the same key as an automatic credit, so a deposit is never
 * credited twice), the row marked credited, `deposit.credited` in the outbox, the member's stream
 * told. Player protection applies as to an automatic credit: a member in a time-out / exclusion or
 * past a deposit limit is refused (STATE_CONFLICT, Thai) — refund instead.
 */
export async function creditHeldDeposit(
  tx: Queryable,
  now: Date,
  deposit: { depositId: string; eventId: bigint; amountSatang: bigint; memberId: string; actor: string },
): Promise<void> {
  const protection = await depositRefusal(tx, deposit.memberId, deposit.amountSatang, now);
  if (protection) throw new AppError('STATE_CONFLICT', { message: 'สมาชิกอยู่ในช่วงพักการเล่นหรือเกินวงเงินฝากที่ตั้งไว้ กรุณาคืนเงินแทน' });
  const transferId = expectPosted(
    await postTransfer(tx, {
      idempotencyKey: `deposit:${deposit.eventId}`,
      code: 'DEPOSIT',
      debitAccountId: await requireAccountId(tx, HOUSE_ACCOUNTS.unallocatedDeposits),
      creditAccountId: await requireMemberAccountId(tx, deposit.memberId, 'main'),
      amountSatang: deposit.amountSatang,
      source: { type: 'deposit', id: deposit.depositId },
    }),
  );
  await tx.query(
    `UPDATE deposits SET status = 'credited', member_id = $2, credit_transfer_id = $3, resolved_by = $4, resolved_at = now() WHERE id = $1`,
    [deposit.depositId, deposit.memberId, transferId, deposit.actor],
  );
  await recordDepositCredited(tx, { memberId: deposit.memberId, depositId: deposit.depositId, amountSatang: deposit.amountSatang, now, notifyBalance: true });
}

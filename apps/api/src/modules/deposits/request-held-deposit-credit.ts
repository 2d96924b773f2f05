import { randomUUID } from 'node:crypto';
import { inLedgerTransaction } from '@sabai/ledger';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { registerMoneyActionHandler, requestMoneyAction, type MoneyActionHandler } from '../approvals/index.ts';
import type { StaffRole } from '../staff/index.ts';
import { assignHeldDepositInTransaction, releaseAmlHeldDepositInTransaction } from './resolve-held-deposit.ts';

export type HeldDepositCreditInput =
  | { action: 'assign'; memberPhoneNumber: string; note?: string }
  | { action: 'release'; note: string };

/**
 * Staff credit a held deposit to a member (assign to a member by phone, or release an AML-held
 * deposit to its matched member) under the maker-checker policy (issue 25 §1): the money action
 * 'held-deposit.release'. Within the requester's role daily limit it is credited at once;
 * otherwise it waits for a second person (one pending request per deposit). A release of a deposit
 * already released answers `credited` again (idempotent, as before).
 * @throws AppError NOT_FOUND, STATE_CONFLICT, VALIDATION_FAILED (release without a note), STAFF_FORBIDDEN.
 */
export async function requestHeldDepositCredit(
  context: AppContext,
  input: HeldDepositCreditInput & { depositId: string; staffId: string; role: StaffRole; address: string | null },
): Promise<{ status: 'credited' | 'pending_approval'; approvalId: string | null }> {
  if (input.action === 'release' && !input.note.trim()) throw new AppError('VALIDATION_FAILED', { message: 'กรุณาระบุผลการตรวจสอบ' });
  return inLedgerTransaction(context.db, async (tx) => {
    const { rows } = await tx.query<{ status: string; amount_satang: bigint; hold_reason: string | null }>('SELECT status, amount_satang, hold_reason FROM deposits WHERE id = $1 FOR UPDATE', [input.depositId]);
    const deposit = rows[0];
    if (!deposit) throw new AppError('NOT_FOUND');
    if (input.action === 'release' && deposit.hold_reason !== 'AML_REVIEW') throw new AppError('STATE_CONFLICT', { message: 'รายการนี้ไม่ได้รอตรวจสอบ AML' });
    if (input.action === 'release' && deposit.status === 'credited') return { status: 'credited' as const, approvalId: null };
    if (deposit.status !== 'held') throw new AppError('STATE_CONFLICT');
    const waiting = await tx.query(`SELECT 1 FROM money_approvals WHERE kind = 'held-deposit.release' AND subject_id = $1 AND status = 'pending'`, [input.depositId]);
    if (waiting.rowCount > 0) throw new AppError('STATE_CONFLICT', { message: 'รายการนี้รออนุมัติอยู่แล้ว' });
    const payload = input.action === 'assign'
      ? { action: 'assign', depositId: input.depositId, memberPhoneNumber: input.memberPhoneNumber, note: input.note ?? null, requesterAddress: input.address }
      : { action: 'release', depositId: input.depositId, note: input.note.trim(), requesterAddress: input.address };
    const outcome = await requestMoneyAction(tx, {
      kind: 'held-deposit.release', requester: { staffId: input.staffId, role: input.role }, amountSatang: BigInt(deposit.amount_satang),
      subject: { type: 'deposit', id: input.depositId }, payload, reason: input.note?.trim() || null, address: input.address, now: context.now(),
      idempotencyKey: `deposit-credit:${input.depositId}:${randomUUID()}`,
    });
    return { status: outcome.status === 'executed' ? ('credited' as const) : ('pending_approval' as const), approvalId: outcome.approvalId };
  });
}

/** The approvals handler: credits the held deposit in the approval's transaction (the ledger key is the bank event's: never twice). */
const creditApprovedHeldDeposit: MoneyActionHandler = async (tx, action) => {
  const payload = action.payload;
  const actor = { actor: `staff:${action.requester.username}`, actorRole: action.requester.role, address: typeof payload.requesterAddress === 'string' ? payload.requesterAddress : null };
  const depositId = String(payload.depositId);
  if (payload.action === 'assign') {
    const note = typeof payload.note === 'string' ? { note: payload.note } : {};
    await assignHeldDepositInTransaction(tx, action.now, { ...actor, depositId, memberPhoneNumber: String(payload.memberPhoneNumber), ...note });
  } else {
    await releaseAmlHeldDepositInTransaction(tx, action.now, { ...actor, depositId, note: String(payload.note) });
  }
  return { depositId, status: 'credited' };
};

registerMoneyActionHandler('held-deposit.release', creditApprovedHeldDeposit);

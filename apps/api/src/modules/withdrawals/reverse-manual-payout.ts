import { inLedgerTransaction } from '@sabai/ledger';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordStaffAction } from '../../lib/audit.ts';
import type { StaffActor } from '../../plugins/staff-auth.ts';
import { settleWithdrawalInTransaction } from './settle-withdrawal.ts';

/**
 * Finance marks a payout by hand as not paid (docs/adr/0039): the bank refused or returned it,
 * or it cannot be paid (account closed). From `awaiting_payout` or `paid_unconfirmed` → `failed`:
 * the reservation is voided and the money is the member's again (`withdrawal.failed`). Audited
 * with the reason, which the member's history shows as the failure. Never after `paid`: money
 * that left is corrected by an adjustment, not by undoing the withdrawal.
 * Four-eyes: a recorded payout is reversed only by someone other than its recorder.
 * @throws AppError VALIDATION_FAILED (no reason), NOT_FOUND, STATE_CONFLICT (paid, failed, or not a manual payout),
 *   STAFF_FORBIDDEN (the recorder reversing their own record).
 */
export async function reverseManualPayout(context: AppContext, input: StaffActor & { withdrawalId: string; reason: string }): Promise<{ status: 'failed' }> {
  const reason = input.reason.trim();
  if (!reason) throw new AppError('VALIDATION_FAILED', { message: 'กรุณาระบุเหตุผลที่โอนไม่สำเร็จ' });
  return inLedgerTransaction(context.db, async (tx) => {
    const { rows } = await tx.query<{ status: string; payout_recorded_by: string | null }>('SELECT status, payout_recorded_by FROM withdrawals WHERE id = $1 FOR UPDATE', [input.withdrawalId]);
    const withdrawal = rows[0];
    if (!withdrawal) throw new AppError('NOT_FOUND');
    if (withdrawal.status !== 'awaiting_payout' && withdrawal.status !== 'paid_unconfirmed') throw new AppError('STATE_CONFLICT');
    // Four-eyes: money the recorder said was sent goes back to the member only on another person's word.
    if (withdrawal.status === 'paid_unconfirmed' && withdrawal.payout_recorded_by === input.actor) {
      throw new AppError('STAFF_FORBIDDEN', { message: 'ผู้บันทึกการโอนยกเลิกรายการของตนเองไม่ได้ ต้องเป็นเจ้าหน้าที่อีกคน' });
    }
    const settled = await settleWithdrawalInTransaction(tx, {
      withdrawalId: input.withdrawalId,
      fromStatus: withdrawal.status,
      settlement: { result: 'failed', reason },
      payingAccountId: null,
    });
    if (!settled) throw new Error(`invariant: locked payout ${input.withdrawalId} was not reversible`);
    await recordStaffAction(tx, {
      actor: input.actor,
      actorRole: input.actorRole,
      address: input.address,
      action: 'withdrawal.payout-reversed',
      subjectType: 'withdrawal',
      subjectId: input.withdrawalId,
      reason,
      details: { from: withdrawal.status },
    });
    return { status: 'failed' as const };
  });
}

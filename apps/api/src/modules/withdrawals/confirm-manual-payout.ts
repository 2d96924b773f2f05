import { inLedgerTransaction } from '@sabai/ledger';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordStaffAction } from '../../lib/audit.ts';
import type { StaffActor } from '../../plugins/staff-auth.ts';
import { channelLedgerAccount } from './manual-payout-matching.ts';
import { settleWithdrawalInTransaction } from './settle-withdrawal.ts';

/**
 * Finance confirms a recorded payout without a debit notification (docs/adr/0039): the phone
 * missed the SMS, the statement shows the payment. `paid_unconfirmed` → `paid`: the reservation
 * is posted and the money leaves the channel finance recorded; audited with the reason. A debit
 * notification arriving later for it is stored as a duplicate.
 * Four-eyes: the confirmer is not the staff member who recorded the payment.
 * @throws AppError VALIDATION_FAILED (no reason), NOT_FOUND, STATE_CONFLICT (not waiting for confirmation),
 *   STAFF_FORBIDDEN (the recorder confirming their own record).
 */
export async function confirmManualPayout(context: AppContext, input: StaffActor & { withdrawalId: string; reason: string }): Promise<{ status: 'paid' }> {
  const reason = input.reason.trim();
  if (!reason) throw new AppError('VALIDATION_FAILED', { message: 'กรุณาระบุเหตุผลที่ยืนยันโดยไม่มี SMS' });
  return inLedgerTransaction(context.db, async (tx) => {
    const { rows } = await tx.query<{ status: string; payout_channel_id: string | null; payout_provider_ref: string | null; payout_recorded_by: string | null }>(
      'SELECT status, payout_channel_id, payout_provider_ref, payout_recorded_by FROM withdrawals WHERE id = $1 FOR UPDATE',
      [input.withdrawalId],
    );
    const withdrawal = rows[0];
    if (!withdrawal) throw new AppError('NOT_FOUND');
    if (withdrawal.status !== 'paid_unconfirmed' || withdrawal.payout_channel_id === null || withdrawal.payout_provider_ref === null) throw new AppError('STATE_CONFLICT');
    // Four-eyes: without the bank's own SMS, the staff member who said "paid" cannot also confirm it.
    if (withdrawal.payout_recorded_by === input.actor) throw new AppError('STAFF_FORBIDDEN', { message: 'ผู้บันทึกการโอนยืนยันรายการของตนเองไม่ได้ ต้องเป็นเจ้าหน้าที่อีกคน' });
    const settled = await settleWithdrawalInTransaction(tx, {
      withdrawalId: input.withdrawalId,
      fromStatus: 'paid_unconfirmed',
      settlement: { result: 'succeeded', receipt: { providerRef: withdrawal.payout_provider_ref } },
      payingAccountId: await channelLedgerAccount(tx, withdrawal.payout_channel_id),
    });
    if (!settled) throw new Error(`invariant: locked payout ${input.withdrawalId} was not confirmable`);
    await tx.query('UPDATE withdrawals SET payout_confirmed_by = $2 WHERE id = $1', [input.withdrawalId, input.actor]);
    await recordStaffAction(tx, {
      actor: input.actor,
      actorRole: input.actorRole,
      address: input.address,
      action: 'withdrawal.payout-confirmed-without-debit',
      subjectType: 'withdrawal',
      subjectId: input.withdrawalId,
      reason,
      details: { channelId: withdrawal.payout_channel_id, bankReference: withdrawal.payout_provider_ref },
    });
    return { status: 'paid' as const };
  });
}

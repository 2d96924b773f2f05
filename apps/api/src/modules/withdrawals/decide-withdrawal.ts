import type { WithdrawalState } from '@sabai/contracts';
import { expectPosted, inLedgerTransaction, resolvePendingTransfer } from '@sabai/ledger';
import { recordOutboxEvent, toSatangText } from '../outbox/index.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordStaffAction } from '../../lib/audit.ts';
import { notifyBalanceChanged } from '../../lib/balance-notifications.ts';
import { executePayout } from './execute-payout.ts';
import { payoutFailureText } from './withdrawal-rules.ts';

/**
 * Staff decision on a withdrawal waiting for approval (above the auto-withdraw maximum). Exactly
 * one decision wins: each is a conditional change of the row from `pending_approval`, under its
 * row lock. Approve → paid through the payout adapter (after the commit); reject → the reservation
 * is voided and the money is the member's again. Both are audited. An approval whose payout failed
 * at once answers `failed` with the bank's reason in Thai (`failureReason`, issue 25 §2).
 * @throws AppError NOT_FOUND, STATE_CONFLICT (already decided), VALIDATION_FAILED (reject without a reason).
 */
export async function decideWithdrawal(
  context: AppContext,
  input: { withdrawalId: string; decision: 'approve' | 'reject'; actor: string; actorRole: string | null; address: string | null; reason?: string | undefined },
): Promise<{ status: WithdrawalState; failureReason?: string | null }> {
  if (input.decision === 'reject' && !input.reason?.trim()) throw new AppError('VALIDATION_FAILED', { message: 'กรุณาระบุเหตุผลที่ปฏิเสธ' });
  const decided = await inLedgerTransaction(context.db, async (tx) => {
    const { rows } = await tx.query<{ status: string; member_id: string; reserve_transfer_id: bigint; amount_satang: bigint }>(
      'SELECT status, member_id, reserve_transfer_id, amount_satang FROM withdrawals WHERE id = $1 FOR UPDATE',
      [input.withdrawalId],
    );
    const withdrawal = rows[0];
    if (!withdrawal) throw new AppError('NOT_FOUND');
    if (withdrawal.status !== 'pending_approval') throw new AppError('STATE_CONFLICT');
    if (input.decision === 'approve') {
      await tx.query(
        `UPDATE withdrawals SET status = 'approved', decided_by = $2, decision_reason = $3, updated_at = now() WHERE id = $1`,
        [input.withdrawalId, input.actor, input.reason ?? null],
      );
      await recordOutboxEvent(tx, {
        kind: 'withdrawal.approved',
        eventKey: `withdrawal.approved:${input.withdrawalId}`,
        memberId: withdrawal.member_id,
        payload: { memberId: withdrawal.member_id, withdrawalId: input.withdrawalId, amountSatang: toSatangText(withdrawal.amount_satang) },
      });
    } else {
      const voidId = expectPosted(
        await resolvePendingTransfer(tx, {
          idempotencyKey: `withdraw-void:${input.withdrawalId}`,
          pendingTransferId: withdrawal.reserve_transfer_id,
          resolution: 'void',
          code: 'WITHDRAW',
          source: { type: 'withdrawal', id: input.withdrawalId },
        }),
      );
      await tx.query(
        `UPDATE withdrawals SET status = 'rejected', resolve_transfer_id = $2, decided_by = $3, decision_reason = $4, updated_at = now() WHERE id = $1`,
        [input.withdrawalId, voidId, input.actor, input.reason],
      );
      await recordOutboxEvent(tx, {
        kind: 'withdrawal.rejected',
        eventKey: `withdrawal.rejected:${input.withdrawalId}`,
        memberId: withdrawal.member_id,
        payload: { memberId: withdrawal.member_id, withdrawalId: input.withdrawalId, amountSatang: toSatangText(withdrawal.amount_satang), reason: input.reason ?? null },
      });
      await notifyBalanceChanged(tx, withdrawal.member_id, 'withdrawal');
    }
    await recordStaffAction(tx, {
      actor: input.actor,
      actorRole: input.actorRole,
      address: input.address,
      action: `withdrawal.${input.decision}`,
      subjectType: 'withdrawal',
      subjectId: input.withdrawalId,
      details: { reason: input.reason ?? null },
    });
    return input.decision === 'approve' ? 'approved' : 'rejected';
  });
  if (decided === 'rejected') return { status: 'rejected' };
  const status = await executePayout(context, input.withdrawalId);
  if (status !== 'failed') return { status };
  // The payout failed at once: the staff member who approved is told why, now (issue 25 §2).
  const { rows } = await context.db.query<{ failure_reason: string | null }>('SELECT failure_reason FROM withdrawals WHERE id = $1', [input.withdrawalId]);
  return { status, failureReason: payoutFailureText(rows[0]?.failure_reason ?? null) };
}

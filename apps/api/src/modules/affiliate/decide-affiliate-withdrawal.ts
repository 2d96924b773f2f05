import { expectPosted, inLedgerTransaction, resolvePendingTransfer } from '@sabai/ledger';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordStaffAction } from '../../lib/audit.ts';
import { notifyBalanceChanged } from '../../lib/balance-notifications.ts';
import { afterIncomeMoved } from './withdraw-affiliate-income.ts';

/**
 * Staff decision on an income withdrawal waiting for approval (above Affiliate.autoWithdraw's
 * maximum; docs/adr/0011). Exactly one decision wins: the row is locked and must still be
 * `pending_approval`. Approve → the reserved AFFILIATE transfer is posted (income → main) with its
 * wagering requirement (Affiliate.turnover as it is now); reject → it is voided and the income is
 * back in the affiliate wallet. Both are audited.
 * @throws AppError NOT_FOUND, STATE_CONFLICT (already decided), VALIDATION_FAILED (reject without a reason).
 */
export async function decideAffiliateWithdrawal(
  context: AppContext,
  input: { affiliateWithdrawalId: string; decision: 'approve' | 'reject'; actor: string; actorRole: string | null; address: string | null; reason?: string | undefined },
): Promise<{ status: 'approved' | 'rejected' }> {
  const reason = input.reason?.trim() || null;
  if (input.decision === 'reject' && !reason) throw new AppError('VALIDATION_FAILED', { message: 'กรุณาระบุเหตุผลที่ปฏิเสธ' });
  const settings = await context.siteSettings.get();
  return inLedgerTransaction(context.db, async (tx) => {
    const { rows } = await tx.query<{ status: string; member_id: string; amount_satang: bigint; reserve_transfer_id: bigint }>(
      'SELECT status, member_id, amount_satang, reserve_transfer_id FROM affiliate_withdrawals WHERE id = $1 FOR UPDATE',
      [input.affiliateWithdrawalId],
    );
    const row = rows[0];
    if (!row) throw new AppError('NOT_FOUND');
    if (row.status !== 'pending_approval') throw new AppError('STATE_CONFLICT');
    const resolution = input.decision === 'approve' ? 'post' : 'void';
    const resolveTransferId = expectPosted(
      await resolvePendingTransfer(tx, {
        idempotencyKey: `affiliate-withdraw-${resolution}:${input.affiliateWithdrawalId}`,
        pendingTransferId: row.reserve_transfer_id,
        resolution,
        code: 'AFFILIATE',
        source: { type: 'affiliate_withdrawal', id: input.affiliateWithdrawalId },
      }),
    );
    const status = input.decision === 'approve' ? 'approved' : 'rejected';
    await tx.query(
      `UPDATE affiliate_withdrawals SET status = $2, resolve_transfer_id = $3, decided_by = $4, decision_reason = $5, decided_at = $6 WHERE id = $1`,
      [input.affiliateWithdrawalId, status, resolveTransferId, input.actor, reason, context.now()],
    );
    if (input.decision === 'approve') {
      await afterIncomeMoved(tx, context, { memberId: row.member_id, transferId: resolveTransferId, amountSatang: row.amount_satang, turnoverMultiple: settings.affiliate_turnover_multiple });
    } else {
      await notifyBalanceChanged(tx, row.member_id, 'adjustment');
    }
    await recordStaffAction(tx, {
      actor: input.actor,
      actorRole: input.actorRole,
      address: input.address,
      action: `affiliate_withdrawal.${input.decision}`,
      subjectType: 'affiliate_withdrawal',
      subjectId: input.affiliateWithdrawalId,
      details: { reason, amountSatang: row.amount_satang },
    });
    return { status };
  });
}

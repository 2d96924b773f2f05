import type { AppContext } from '../../context.ts';
import { executePayout } from './execute-payout.ts';
import { settleWithdrawal } from './settle-withdrawal.ts';

/**
 * The payout recovery job (run at start and every RECOVERY_INTERVAL_MS):
 * - `approved` withdrawals older than a minute were never claimed (the process died between the
 *   approval and the claim): pay them now;
 * - `paying` withdrawals have an unknown outcome: ask the provider by reference. Succeeded → paid;
 *   failed → failed (money back); not found after PAYOUT_UNKNOWN_GRACE_MS → the provider never
 *   received it → failed (money back); still unknown → try again next round.
 * @returns how many withdrawals it settled or paid.
 */
export async function recoverPayouts(context: AppContext, options: { batchSize?: number } = {}): Promise<number> {
  const now = context.now();
  const batchSize = options.batchSize ?? 50;
  let settled = 0;
  const stuckApproved = await context.db.query<{ id: string }>(
    `SELECT id FROM withdrawals WHERE status = 'approved' AND updated_at < $1 ORDER BY created_at LIMIT $2`,
    [new Date(now.getTime() - 60_000), batchSize],
  );
  for (const row of stuckApproved.rows) {
    await executePayout(context, row.id);
    settled += 1;
  }
  const paying = await context.db.query<{ id: string; payout_started_at: Date }>(
    `SELECT id, payout_started_at FROM withdrawals WHERE status = 'paying' ORDER BY payout_started_at LIMIT $1`,
    [batchSize],
  );
  for (const row of paying.rows) {
    const status = await context.payout.getPayoutStatus(row.id);
    if (status.status === 'succeeded') {
      if (await settleWithdrawal(context, row.id, { result: 'paid', providerRef: status.providerRef })) settled += 1;
    } else if (status.status === 'failed') {
      if (await settleWithdrawal(context, row.id, { result: 'failed', reason: status.failureReason })) settled += 1;
    } else if (status.status === 'not_found' && now.getTime() - row.payout_started_at.getTime() > context.config.PAYOUT_UNKNOWN_GRACE_MS) {
      if (await settleWithdrawal(context, row.id, { result: 'failed', reason: 'ธนาคารไม่ได้รับคำสั่งโอน' })) settled += 1;
    }
  }
  return settled;
}

import type { AppContext } from '../../context.ts';
import { executePayout } from './execute-payout.ts';
import { settleByAskingProvider } from '../../lib/external-transfer.ts';
import { settleWithdrawal } from './settle-withdrawal.ts';

/**
 * The payout recovery job (run at start and every RECOVERY_INTERVAL_MS):
 * - `approved` withdrawals untouched for PAYOUT_CLAIM_GRACE_MS (default a minute) were never claimed (the process died between the
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
    [new Date(now.getTime() - context.config.PAYOUT_CLAIM_GRACE_MS), batchSize],
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
    const didSettle = await settleByAskingProvider({
      reference: row.id,
      sentAt: row.payout_started_at,
      now,
      voidGraceMs: context.config.PAYOUT_UNKNOWN_GRACE_MS,
      notReceivedReason: 'ธนาคารไม่ได้รับคำสั่งโอน',
      ask: (reference) => context.payout.getPayoutStatus(reference),
      settle: (settlement) => settleWithdrawal(context, row.id, settlement),
    });
    if (didSettle) settled += 1;
  }
  return settled;
}

import type { Queryable } from '@sabai/db';
import { satangToBahtNumber } from '@sabai/money';
import type { DashboardWire } from '@sabai/contracts';

/** The start of the current Bangkok day (UTC+7, no daylight saving), as an instant. */
export function bangkokDayStart(now: Date): Date {
  const offsetMs = 7 * 3_600_000;
  return new Date(Math.floor((now.getTime() + offsetMs) / 86_400_000) * 86_400_000 - offsetMs);
}

/**
 * The back office's dashboard (issue 11 "Dashboard"): today's (Bangkok day) deposits and
 * withdrawals by channel in baht and counts, the net, what waits for staff (withdrawals, held
 * deposits, adjustments, dead background jobs, open game cases). Shape: `dashboard` of
 * @sabai/contracts.
 */
export async function getDashboard(db: Queryable, now: Date): Promise<DashboardWire> {
  const since = bangkokDayStart(now);
  const deposits = await db.query<{ channel_id: string; count: bigint; total: bigint }>(
    `SELECT channel_id, count(*) AS count, coalesce(sum(amount_satang), 0)::int8 AS total FROM deposits WHERE status = 'credited' AND created_at >= $1 GROUP BY channel_id ORDER BY channel_id`,
    [since],
  );
  const withdrawals = await db.query<{ count: bigint; total: bigint }>(
    `SELECT count(*) AS count, coalesce(sum(amount_satang), 0)::int8 AS total FROM withdrawals WHERE status = 'paid' AND updated_at >= $1`,
    [since],
  );
  const queues = await db.query<{ withdrawals: bigint; held: bigint; adjustments: bigint; dead: bigint; cases: bigint; affiliate: bigint }>(
    `SELECT (SELECT count(*) FROM withdrawals WHERE status = 'pending_approval') AS withdrawals,
            (SELECT count(*) FROM deposits WHERE status = 'held') AS held,
            (SELECT count(*) FROM member_adjustments WHERE status = 'pending_approval') AS adjustments,
            (SELECT count(*) FROM outbox_deliveries WHERE status = 'dead') AS dead,
            (SELECT count(*) FROM game_reconciliation_cases WHERE status = 'open') AS cases,
            (SELECT count(*) FROM affiliate_withdrawals WHERE status = 'pending_approval') AS affiliate`,
  );
  const depositTotal = deposits.rows.reduce((sum, row) => sum + row.total, 0n);
  const withdrawalTotal = withdrawals.rows[0]?.total ?? 0n;
  const queue = queues.rows[0]!;
  return {
    day: since.toISOString(),
    deposits: {
      count: deposits.rows.reduce((sum, row) => sum + Number(row.count), 0),
      amount: satangToBahtNumber(depositTotal),
      byChannel: deposits.rows.map((row) => ({ channelId: row.channel_id, count: Number(row.count), amount: satangToBahtNumber(row.total) })),
    },
    withdrawals: { count: Number(withdrawals.rows[0]?.count ?? 0n), amount: satangToBahtNumber(withdrawalTotal) },
    net: satangToBahtNumber(depositTotal - withdrawalTotal),
    waiting: {
      withdrawals: Number(queue.withdrawals),
      heldDeposits: Number(queue.held),
      adjustments: Number(queue.adjustments),
      deadJobs: Number(queue.dead),
      openGameCases: Number(queue.cases),
      affiliateWithdrawals: Number(queue.affiliate),
    },
  };
}

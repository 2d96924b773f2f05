import type { Queryable } from '@sabai/db';
import { satangToBahtNumber } from '@sabai/money';
import type { DashboardWire } from '@sabai/contracts';
import { readReconcileStatus } from '../reconcile/index.ts';
import { countOpenFailedPayouts } from '../withdrawals/index.ts';

/** The start of the current Bangkok day (UTC+7, no daylight saving), as an instant. */
export function bangkokDayStart(now: Date): Date {
  const offsetMs = 7 * 3_600_000;
  return new Date(Math.floor((now.getTime() + offsetMs) / 86_400_000) * 86_400_000 - offsetMs);
}

/**
 * The back office's dashboard (issue 11 "Dashboard"): today's (Bangkok day) deposits and
 * withdrawals by channel in baht and counts, the net, what waits for staff (withdrawals, held
 * deposits, adjustments, dead background jobs, open game cases), the last `ledger:reconcile` run
 * (reconcile module) and the partner reconciliation (open game cases, their suspense, the last
 * `game-difference-watch` run of the worker). Withdrawals are split by the member's bank: their
 * channel is always BANK (spec: "Channel type for withdrawal is BANK"). Shape: `adminDashboard`
 * of @sabai/contracts.
 */
export async function getDashboard(db: Queryable, now: Date): Promise<DashboardWire> {
  const since = bangkokDayStart(now);
  const deposits = await db.query<{ channel_id: string; kind: 'bank' | 'truemoney' | 'promptpay'; label: string; count: bigint; total: bigint }>(
    `SELECT d.channel_id, c.kind,
            CASE c.kind WHEN 'bank' THEN c.bank_code || ' ' || c.account_number WHEN 'truemoney' THEN 'TrueMoney ' || c.phone_number ELSE 'PromptPay ' || c.promptpay_id END
              || ' · ' || c.account_name AS label,
            d.count, d.total
     FROM (SELECT channel_id, count(*) AS count, coalesce(sum(amount_satang), 0)::int8 AS total FROM deposits WHERE status = 'credited' AND created_at >= $1 GROUP BY channel_id) d
     JOIN deposit_channels c ON c.id = d.channel_id
     ORDER BY c.sort_order, d.channel_id`,
    [since],
  );
  const withdrawals = await db.query<{ bank_code: string; count: bigint; total: bigint }>(
    `SELECT bank_code, count(*) AS count, coalesce(sum(amount_satang), 0)::int8 AS total FROM withdrawals WHERE status = 'paid' AND updated_at >= $1 GROUP BY bank_code ORDER BY bank_code`,
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
  const partner = await db.query<{ open: bigint; suspense: bigint; oldest: Date | null }>(
    `SELECT count(*) AS open, coalesce(sum(suspense_satang), 0)::int8 AS suspense, min(created_at) AS oldest FROM game_reconciliation_cases WHERE status = 'open'`,
  );
  const watch = await db.query<{ started_at: Date; finished_at: Date | null; outcome: 'ok' | 'failed' | null }>(
    `SELECT started_at, finished_at, outcome FROM periodic_job_runs WHERE job_name = 'game-difference-watch' ORDER BY period_start DESC LIMIT 1`,
  );
  const reconcile = await readReconcileStatus(db);
  const depositTotal = deposits.rows.reduce((sum, row) => sum + row.total, 0n);
  const withdrawalTotal = withdrawals.rows.reduce((sum, row) => sum + row.total, 0n);
  const queue = queues.rows[0]!;
  const cases = partner.rows[0]!;
  const lastWatch = watch.rows[0];
  const lastRun = reconcile.last;
  return {
    day: since.toISOString(),
    deposits: {
      count: deposits.rows.reduce((sum, row) => sum + Number(row.count), 0),
      amount: satangToBahtNumber(depositTotal),
      byChannel: deposits.rows.map((row) => ({ channelId: row.channel_id, kind: row.kind, label: row.label, count: Number(row.count), amount: satangToBahtNumber(row.total) })),
    },
    withdrawals: {
      count: withdrawals.rows.reduce((sum, row) => sum + Number(row.count), 0),
      amount: satangToBahtNumber(withdrawalTotal),
      byBank: withdrawals.rows.map((row) => ({ bankCode: row.bank_code, count: Number(row.count), amount: satangToBahtNumber(row.total) })),
    },
    net: satangToBahtNumber(depositTotal - withdrawalTotal),
    waiting: {
      withdrawals: Number(queue.withdrawals),
      heldDeposits: Number(queue.held),
      adjustments: Number(queue.adjustments),
      deadJobs: Number(queue.dead),
      openGameCases: Number(queue.cases),
      affiliateWithdrawals: Number(queue.affiliate),
      failedPayouts: await countOpenFailedPayouts(db),
    },
    reconcile: {
      lastRun: lastRun
        ? {
            finishedAt: lastRun.finishedAt.toISOString(),
            isSound: lastRun.isSound,
            isFullRun: lastRun.isFullRun,
            violationCount: lastRun.violationCount,
            violations: lastRun.violations,
            ledgerFromTransferId: String(lastRun.ledgerFromTransferId),
            ledgerThroughTransferId: String(lastRun.ledgerThroughTransferId),
          }
        : null,
      lastSoundAt: reconcile.lastSoundAt?.toISOString() ?? null,
    },
    partner: {
      openCases: Number(cases.open),
      suspense: satangToBahtNumber(cases.suspense),
      oldestOpenSince: cases.oldest?.toISOString() ?? null,
      lastWatch: lastWatch ? { at: (lastWatch.finished_at ?? lastWatch.started_at).toISOString(), outcome: lastWatch.outcome ?? 'running' } : null,
    },
  };
}

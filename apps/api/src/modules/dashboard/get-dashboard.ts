import type { Queryable } from '@sabai/db';
import { HOUSE_ACCOUNTS, listTransfersInRange } from '@sabai/ledger';
import { figuresToWire, moneyReport } from '../reports/index.ts';
import { satangToBahtNumber } from '@sabai/money';
import type { DashboardWire } from '@sabai/contracts';
import { readReconcileStatus } from '../reconcile/index.ts';
import { countOpenFailedPayouts } from '../withdrawals/index.ts';
import type { DepositChannelKind } from '@sabai/contracts';

/** The start of the current Bangkok day (UTC+7, no daylight saving), as an instant. */
export function bangkokDayStart(now: Date): Date {
  const offsetMs = 7 * 3_600_000;
  return new Date(Math.floor((now.getTime() + offsetMs) / 86_400_000) * 86_400_000 - offsetMs);
}

/**
 * The back office's dashboard (issue 11 "Dashboard"): today's (Bangkok day) deposits and
 * withdrawals by channel in baht and counts, the net, refunds, what was given out, GGR and the
 * result — the money report's figures for today, from the ledger (issue 25 §3) — what waits for staff (withdrawals, held
 * deposits, adjustments, dead background jobs, open game cases), the last `ledger:reconcile` run
 * (reconcile module) and the partner reconciliation (open game cases, their suspense, the last
 * `game-difference-watch` run of the worker). Withdrawals are split by the member's bank: their
 * channel is always BANK (spec: "Channel type for withdrawal is BANK"). Shape: `adminDashboard`
 * of @sabai/contracts.
 */
export async function getDashboard(db: Queryable, now: Date): Promise<DashboardWire> {
  const since = bangkokDayStart(now);
  const today = new Date(since.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);
  const report = await moneyReport(db, { from: today, to: today, period: 'day' });
  const figures = figuresToWire(report.total);
  const kinds = await db.query<{ id: string; kind: DepositChannelKind; sort_order: number }>('SELECT id, kind, sort_order FROM deposit_channels');
  const channelKind = new Map(kinds.rows.map((row) => [row.id, row]));
  // Paid withdrawals by the member's bank: the ledger's paid-out transfers of today (WITHDRAW
  // house:payouts_in_flight → the paying channel), labelled with the withdrawal's bank.
  const paidOut = await listTransfersInRange(db, { start: since, end: new Date(since.getTime() + 86_400_000), code: 'WITHDRAW', debitAccountCode: HOUSE_ACCOUNTS.payoutsInFlight, sourceType: 'withdrawal' });
  const banks = await db.query<{ id: string; bank_code: string }>('SELECT id, bank_code FROM withdrawals WHERE id = ANY($1::text[])', [paidOut.map((transfer) => transfer.sourceId ?? '')]);
  const bankOf = new Map(banks.rows.map((row) => [row.id, row.bank_code]));
  const byBank = new Map<string, { count: number; total: bigint }>();
  for (const transfer of paidOut) {
    const bankCode = bankOf.get(transfer.sourceId ?? '') ?? '?';
    const entry = byBank.get(bankCode) ?? { count: 0, total: 0n };
    byBank.set(bankCode, { count: entry.count + 1, total: entry.total + transfer.amountSatang });
  }
  const withdrawals = { rows: [...byBank.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([bank_code, entry]) => ({ bank_code, count: entry.count, total: entry.total })) };
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
  const queue = queues.rows[0]!;
  const cases = partner.rows[0]!;
  const lastWatch = watch.rows[0];
  const lastRun = reconcile.last;
  return {
    day: since.toISOString(),
    deposits: {
      count: figures.deposits.count,
      amount: figures.deposits.amount,
      byChannel: figures.deposits.byChannel
        .filter((flow) => channelKind.has(flow.channelId))
        .sort((x, y) => (channelKind.get(x.channelId)?.sort_order ?? 0) - (channelKind.get(y.channelId)?.sort_order ?? 0))
        .map((flow) => ({ channelId: flow.channelId, kind: channelKind.get(flow.channelId)?.kind ?? 'bank', label: flow.label, count: flow.count, amount: flow.amount })),
    },
    withdrawals: {
      count: withdrawals.rows.reduce((sum, row) => sum + Number(row.count), 0),
      amount: satangToBahtNumber(withdrawals.rows.reduce((sum, row) => sum + row.total, 0n)),
      byBank: withdrawals.rows.map((row) => ({ bankCode: row.bank_code, count: row.count, amount: satangToBahtNumber(row.total) })),
    },
    net: figures.cashNet,
    refunds: figures.refunds.amount,
    givenOut: figures.givenOut,
    ggr: figures.ggr,
    result: figures.result,
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

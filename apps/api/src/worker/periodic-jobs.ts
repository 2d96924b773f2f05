import type { AppContext } from '../context.ts';
import { isAppError } from '../lib/app-error.ts';
import { processPendingFeedEvents } from '../modules/deposits/index.ts';
import { recoverPayouts } from '../modules/withdrawals/index.ts';
import { recoverDepositRefunds } from '../modules/deposits/index.ts';
import { reconcileGameTransfers } from '../modules/play/index.ts';
import { pullBetRecords } from '../modules/play/index.ts';
import { detectRecentGameDifferences } from '../modules/play/index.ts';
import { reconcileHub88Day } from '../modules/play/index.ts';
import { computeDueCashback } from '../modules/cashback/index.ts';
import { computeDueAffiliateCommissions } from '../modules/affiliate/index.ts';
import { startSilenceAlarms } from '../modules/deposits/index.ts';
import { purgeExpiredSessions } from '../modules/auth/index.ts';

/** How long periodic_job_runs rows are kept (they prove "one run per period"; a week is plenty). */
export const JOB_RUN_RETENTION_MS = 7 * 24 * 60 * 60_000;

/**
 * The worker's recurring work (issue 10 §3; replaces the per-process timer of docs/adr/0007):
 * each runs once per period, whatever the number of worker processes (start-worker.ts:
 * one pg-boss job per period slot, and one `periodic_job_runs` row per (job, period)).
 * `run` returns figures for the run's record and logs; a throw is recorded as a failed run and
 * the next period runs again. Every step is idempotent and claims its rows, as before.
 */
export interface PeriodicJob {
  name: string;
  /** Period length in ms (the config's RECOVERY_INTERVAL_MS unless the job says otherwise). */
  periodMs: (context: AppContext) => number;
  run: (context: AppContext) => Promise<Record<string, unknown>>;
}

const everyRecoveryInterval = (context: AppContext) => context.config.RECOVERY_INTERVAL_MS;

export const PERIODIC_JOBS: PeriodicJob[] = [
  // Bank events stored but not processed (the API process died in between).
  { name: 'feed-event-recovery', periodMs: everyRecoveryInterval, run: async (context) => ({ events: await processPendingFeedEvents(context) }) },
  // Withdrawals approved but not paid, or paid with an unknown outcome: asked by reference.
  { name: 'payout-recovery', periodMs: everyRecoveryInterval, run: async (context) => ({ payouts: await recoverPayouts(context) }) },
  // Refunds of held deposits with an unknown outcome: asked by reference.
  { name: 'refund-recovery', periodMs: everyRecoveryInterval, run: async (context) => ({ refunds: await recoverDepositRefunds(context) }) },
  // Game transfers with an unknown outcome, and late applies of voided ones (docs/adr/0012).
  { name: 'game-transfer-recovery', periodMs: everyRecoveryInterval, run: async (context) => ({ gameTransfers: await reconcileGameTransfers(context) }) },
  // The partner's bet records: turnover and game results.
  { name: 'bet-record-pull', periodMs: everyRecoveryInterval, run: async (context) => ({ betRecords: await pullBetRecords(context) }) },
  // Cashback and affiliate periods that have ended (each period credited once: keyed by period).
  // The bet feed is pulled first, in the same run: a period is computed once, so it must see every
  // round settled in it (computing before the pull would lose the last rounds for good).
  {
    name: 'reward-periods',
    periodMs: everyRecoveryInterval,
    run: async (context) => {
      const betRecords = await pullBetRecords(context);
      return { betRecords, cashbackMembers: await computeDueCashback(context), affiliateCommissions: await computeDueAffiliateCommissions(context) };
    },
  },
  // A quiet look at recently active game wallets: differences become cases for staff.
  { name: 'game-difference-watch', periodMs: everyRecoveryInterval, run: async (context) => ({ gameDifferences: await detectRecentGameDifferences(context) }) },
  // Hub88 sites (docs/adr/0046): yesterday's (Bangkok) Hub88 transactions against ours, once a day
  // (runs at 00:00 UTC = 07:00 Bangkok); differences become cases for staff. Nothing to do for other partners.
  {
    name: 'hub88-day-reconciliation',
    periodMs: () => 24 * 60 * 60_000,
    run: async (context) => (context.config.GAME_PARTNER_PROVIDER === 'hub88' ? { ...(await reconcileHub88Day(context)) } : { skipped: 'not a hub88 site' }),
  },
  // A bank-feed source silent in its active hours (a dead house phone, docs/adr/0013).
  {
    name: 'feed-silence-alarm',
    periodMs: everyRecoveryInterval,
    run: async (context) => {
      const silent = await startSilenceAlarms(context);
      return { silentSources: silent.map((source) => ({ sourceId: source.sourceId, lastEventAt: source.lastEventAt, silentForMs: source.silentForMs })) };
    },
  },
  // Member sessions long expired (issue 16 §3: never purged, 1.75M rows after 90 days): batches
  // of at most 5,000 rows, at most 10 batches a run, so a backlog drains without a long lock.
  {
    name: 'member-session-purge',
    periodMs: () => 10 * 60_000,
    run: async (context) => ({ deleted: await purgeExpiredSessions(context.db, { now: context.now() }) }),
  },
  {
    name: 'job-run-pruning',
    periodMs: () => 60 * 60_000,
    run: async (context) => {
      const { rowCount } = await context.db.query('DELETE FROM periodic_job_runs WHERE started_at < $1', [new Date(context.now().getTime() - JOB_RUN_RETENTION_MS)]);
      return { deleted: rowCount };
    },
  },
];

/** pg-boss's default archive interval (12 h): a send's `singletonSeconds` may not exceed it (pg-boss attorney.js). */
export const PG_BOSS_ARCHIVE_SECONDS = 12 * 60 * 60;

/**
 * The throttle window (seconds) of a periodic job's offer: its period, at least 1 s and at most
 * pg-boss's archive interval (a daily job would otherwise be refused by pg-boss). The period key
 * (`<job>:<periodStart>`) still tells periods apart and periodic_job_runs lets one run through.
 */
export function singletonSecondsFor(periodMs: number): number {
  return Math.min(PG_BOSS_ARCHIVE_SECONDS, Math.max(1, Math.round(periodMs / 1000)));
}

/** The start of the period `at` falls in (periods are aligned to the Unix epoch). */
export function periodStartOf(at: Date, periodMs: number): Date {
  return new Date(Math.floor(at.getTime() / periodMs) * periodMs);
}

/**
 * Runs one period of a job at most once across all processes: claims `(job, periodStart)` in
 * `periodic_job_runs`, runs, records the outcome. @returns 'skipped' when another run has it.
 */
export async function runPeriodOnce(
  context: AppContext,
  job: PeriodicJob,
  periodStart: Date,
): Promise<{ status: 'ok'; detail: Record<string, unknown> } | { status: 'failed'; error: unknown } | { status: 'skipped' }> {
  const claimed = await context.db.query('INSERT INTO periodic_job_runs (job_name, period_start) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING job_name', [job.name, periodStart]);
  if (claimed.rowCount === 0) return { status: 'skipped' };
  try {
    const detail = await job.run(context);
    await context.db.query(`UPDATE periodic_job_runs SET finished_at = now(), outcome = 'ok', detail = $3::jsonb WHERE job_name = $1 AND period_start = $2`, [job.name, periodStart, JSON.stringify(detail)]);
    return { status: 'ok', detail };
  } catch (error) {
    // A fresh database before the owner has created the site (issue 24 §1): there is nothing to do
    // yet, which is a run that did all it should, not a failure to alert on.
    if (isAppError(error) && error.code === 'SITE_NOT_SET_UP') {
      const detail = { skipped: 'site not set up yet' };
      await context.db.query(`UPDATE periodic_job_runs SET finished_at = now(), outcome = 'ok', detail = $3::jsonb WHERE job_name = $1 AND period_start = $2`, [job.name, periodStart, JSON.stringify(detail)]);
      return { status: 'ok', detail };
    }
    const message = error instanceof Error ? error.message : String(error);
    await context.db.query(`UPDATE periodic_job_runs SET finished_at = now(), outcome = 'failed', detail = $3::jsonb WHERE job_name = $1 AND period_start = $2`, [job.name, periodStart, JSON.stringify({ error: message.slice(0, 2_000) })]);
    return { status: 'failed', error };
  }
}

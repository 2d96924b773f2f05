import type { Queryable } from '@sabai/db';

/** The period jobs whose runs the reward-jobs screen shows (worker/periodic-jobs.ts names). */
const REWARD_JOB_NAME = /cashback|affiliate/;

export interface RewardRun {
  job: string;
  periodStart: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  outcome: string | null;
  detail: unknown;
}

/**
 * The latest runs of the reward period jobs (issue 11 "Reward jobs"), newest first, at most
 * `limit`: the scheduler's rows (periodic_job_runs: one per job and period, with its outcome) and
 * the periods computed (cashback_periods: members credited; affiliate_periods: commissions), which
 * a "run now" from the back office also writes.
 */
export async function listRewardRuns(db: Queryable, input: { limit: number }): Promise<RewardRun[]> {
  const limit = Math.min(Math.max(Math.trunc(input.limit), 1), 200);
  const scheduled = await db.query<{ job_name: string; period_start: Date; started_at: Date; finished_at: Date | null; outcome: string | null; detail: unknown }>(
    `SELECT job_name, period_start, started_at, finished_at, outcome, detail FROM periodic_job_runs
     WHERE job_name LIKE '%cashback%' OR job_name LIKE '%affiliate%' ORDER BY started_at DESC LIMIT $1`,
    [limit],
  );
  const periods = await db.query<{ job: string; period_start: Date; computed_at: Date; count: number }>(
    `(SELECT 'cashback-period' AS job, period_start, computed_at, members_credited AS count FROM cashback_periods ORDER BY period_start DESC LIMIT $1)
     UNION ALL
     (SELECT 'affiliate-period' AS job, period_start, computed_at, commissions AS count FROM affiliate_periods ORDER BY period_start DESC LIMIT $1)`,
    [limit],
  );
  const runs: RewardRun[] = [
    ...scheduled.rows.filter((row) => REWARD_JOB_NAME.test(row.job_name)).map((row) => ({
      job: row.job_name, periodStart: row.period_start, startedAt: row.started_at, finishedAt: row.finished_at, outcome: row.outcome, detail: row.detail,
    })),
    ...periods.rows.map((row) => ({
      job: row.job, periodStart: row.period_start, startedAt: null, finishedAt: row.computed_at, outcome: 'ok', detail: { [row.job === 'cashback-period' ? 'membersCredited' : 'commissions']: row.count },
    })),
  ];
  return runs.sort((a, b) => (b.finishedAt ?? b.startedAt ?? b.periodStart).getTime() - (a.finishedAt ?? a.startedAt ?? a.periodStart).getTime()).slice(0, limit);
}

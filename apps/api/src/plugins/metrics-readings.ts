import type { Db } from '@sabai/db';
import { readReconcileStatus } from '../modules/reconcile/index.ts';

/**
 * The figures /metrics reads from the database at scrape time (docs/adr/0037): money and queue
 * figures are the database's, so every API process reports the same value however many there are
 * (Prometheus rules take `max` over the instances). Two reads, each a few statements in one
 * transaction bounded by READ_TIMEOUT_MS: the money tables' aggregates, whose cost grows with the
 * tables, apart from the cheap queue figures, so a slow count never blinds the outbox, job and
 * feed alerts. The rest of /metrics is served whatever fails.
 */

/** The longest the scrape's statements may run (statement_timeout): a slow database never piles scrapes up. */
export const READ_TIMEOUT_MS = 2_000;
/** At most this many feed sources are reported (there are a handful; the bound keeps label sets small). */
export const MAX_FEED_SOURCES = 200;

export interface StateFigures {
  /** Rows in this state now. */
  count: number;
  /** Their amounts added up, satang. */
  amountSatang: bigint;
}

/** Whole-table aggregates of the money tables (their cost grows with the tables: docs/adr/0037). */
export interface MoneyFigures {
  /** Deposits by `deposits.status` (credited, held, refunding, refunded): rows and satang. */
  deposits: Map<string, StateFigures>;
  /** Withdrawals by `withdrawals.status` (pending_approval, approved, paying, paid, failed, rejected). */
  withdrawals: Map<string, StateFigures>;
}

/** Figures read through indexes or from small tables: cheap whatever the size of the money tables. */
export interface QueueFigures {
  /** Outbox events not yet relayed to their handlers' jobs. */
  outboxUndispatched: number;
  /** Outbox deliveries not done, by status (queued, retrying, dead). */
  outboxDeliveries: Map<string, number>;
  /** Per periodic job name: when its last successful run finished (null: never). */
  jobLastSuccessAt: Map<string, Date | null>;
  reconcile: { lastRunAt: Date | null; isLastRunSound: boolean | null; lastRunViolations: number | null; lastSoundAt: Date | null };
  /** Active bank-feed sources. */
  feedSources: Array<{ sourceId: string; kind: string; lastEventAt: Date | null; lastHeartbeatAt: Date | null; isSilenceAlarm: boolean }>;
}

const byState = (rows: Array<{ status: string; count: bigint; amount: bigint }>) =>
  new Map(rows.map((row) => [row.status, { count: Number(row.count), amountSatang: row.amount }]));

/**
 * Deposits and withdrawals by state, counted as the back office's dashboard counts them: two
 * whole-table aggregates in one transaction (about 0.25 s a million rows here: docs/adr/0037).
 * @throws the database's error (READ_TIMEOUT_MS included); the caller reports the read as failed.
 */
export async function readMoneyFigures(db: Db): Promise<MoneyFigures> {
  return db.transaction(async (tx) => {
    await tx.query(`SET LOCAL statement_timeout = ${READ_TIMEOUT_MS}`);
    const deposits = await tx.query<{ status: string; count: bigint; amount: bigint }>(
      'SELECT status, count(*) AS count, coalesce(sum(amount_satang), 0)::int8 AS amount FROM deposits GROUP BY status',
    );
    const withdrawals = await tx.query<{ status: string; count: bigint; amount: bigint }>(
      'SELECT status, count(*) AS count, coalesce(sum(amount_satang), 0)::int8 AS amount FROM withdrawals GROUP BY status',
    );
    return { deposits: byState(deposits.rows), withdrawals: byState(withdrawals.rows) };
  });
}

/**
 * The outbox, the periodic jobs, the last reconcile and the feed sources, in one transaction.
 * @param jobNames the periodic jobs to report (worker/periodic-jobs.ts), each looked up by the
 *   `periodic_job_runs` primary key (job, newest period first), never a scan of the table.
 * @throws the database's error (READ_TIMEOUT_MS included); the caller reports the read as failed.
 */
export async function readQueueFigures(db: Db, jobNames: readonly string[]): Promise<QueueFigures> {
  return db.transaction(async (tx) => {
    await tx.query(`SET LOCAL statement_timeout = ${READ_TIMEOUT_MS}`);
    // Both on partial indexes (outbox_events_waiting, outbox_deliveries_open).
    const outbox = await tx.query<{ undispatched: bigint }>('SELECT count(*) AS undispatched FROM outbox_events WHERE dispatched_at IS NULL');
    const deliveries = await tx.query<{ status: string; count: bigint }>("SELECT status, count(*) AS count FROM outbox_deliveries WHERE status <> 'done' GROUP BY status");
    const jobs = await tx.query<{ job_name: string; finished_at: Date | null }>(
      `SELECT job.name AS job_name,
              (SELECT run.finished_at FROM periodic_job_runs run
               WHERE run.job_name = job.name AND run.outcome = 'ok'
               ORDER BY run.period_start DESC LIMIT 1) AS finished_at
       FROM unnest($1::text[]) AS job(name)`,
      [jobNames],
    );
    const sources = await tx.query<{ id: string; kind: string; last_event_at: Date | null; last_heartbeat_at: Date | null; silence_alarm_started_at: Date | null }>(
      'SELECT id, kind, last_event_at, last_heartbeat_at, silence_alarm_started_at FROM bank_feed_sources WHERE is_active ORDER BY id LIMIT $1',
      [MAX_FEED_SOURCES],
    );
    const reconcile = await readReconcileStatus(tx);
    return {
      outboxUndispatched: Number(outbox.rows[0]?.undispatched ?? 0n),
      outboxDeliveries: new Map(deliveries.rows.map((row) => [row.status, Number(row.count)])),
      jobLastSuccessAt: new Map(jobs.rows.map((row) => [row.job_name, row.finished_at])),
      reconcile: {
        lastRunAt: reconcile.last?.finishedAt ?? null,
        isLastRunSound: reconcile.last?.isSound ?? null,
        lastRunViolations: reconcile.last?.violationCount ?? null,
        lastSoundAt: reconcile.lastSoundAt,
      },
      feedSources: sources.rows.map((row) => ({
        sourceId: row.id,
        kind: row.kind,
        lastEventAt: row.last_event_at,
        lastHeartbeatAt: row.last_heartbeat_at,
        isSilenceAlarm: row.silence_alarm_started_at !== null,
      })),
    };
  });
}

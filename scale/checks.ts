import { spawn } from 'node:child_process';
import type { Db } from '@sabai/db';
import { sleep } from './http-client.ts';
import type { SimulatedMember } from './simulated-member.ts';

/**
 * What the scale test verifies once the load has stopped: the system settles, every acknowledged
 * deposit and withdrawal is in the books exactly once (and every payout agrees with the bank),
 * the periodic jobs kept running once per period, every live stream heard about its member's
 * deposits, and the ledger reconciles.
 */
export interface CheckResult {
  name: string;
  isPassed: boolean;
  detail: string;
}

const SETTLE_POLL_MS = 500;

/** Work still open: feed events not processed, payouts in flight, outbox not relayed or not done, game transfers unknown. */
export async function readOpenWork(db: Db): Promise<Record<string, number>> {
  const { rows } = await db.query<Record<string, bigint>>(
    `SELECT (SELECT count(*) FROM bank_feed_events WHERE status = 'received') AS "feed events received",
            (SELECT count(*) FROM withdrawals WHERE status IN ('approved', 'paying')) AS "withdrawals approved or paying",
            (SELECT count(*) FROM outbox_events WHERE dispatched_at IS NULL) AS "outbox events not relayed",
            (SELECT count(*) FROM outbox_deliveries WHERE status <> 'done') AS "outbox deliveries not done",
            (SELECT count(*) FROM game_transfers WHERE status = 'sending') AS "game transfers sending"`,
  );
  return Object.fromEntries(Object.entries(rows[0] ?? {}).map(([key, value]) => [key, Number(value)]));
}

export interface SettleFigures {
  isSettled: boolean;
  waitedMs: number;
  openAtStart: Record<string, number>;
  open: Record<string, number>;
  /** When each kind of open work reached zero, from the start of the wait. */
  steps: Array<{ what: string; atMs: number }>;
}

export async function waitForSettle(db: Db, timeoutMs: number): Promise<SettleFigures> {
  const startedAt = performance.now();
  const openAtStart = await readOpenWork(db);
  const steps: SettleFigures['steps'] = [];
  const pending = new Set(Object.keys(openAtStart).filter((what) => (openAtStart[what] ?? 0) > 0));
  let open = openAtStart;
  for (;;) {
    for (const what of [...pending]) {
      if ((open[what] ?? 0) === 0) {
        pending.delete(what);
        steps.push({ what, atMs: performance.now() - startedAt });
      }
    }
    const isSettled = Object.values(open).every((count) => count === 0);
    const waitedMs = performance.now() - startedAt;
    if (isSettled || waitedMs > timeoutMs) return { isSettled, waitedMs, openAtStart, open, steps };
    await sleep(SETTLE_POLL_MS);
    open = await readOpenWork(db);
  }
}

export interface OutboxHandlerFigures {
  handler: string;
  deliveries: number;
  /** Took more than one attempt. */
  retried: number;
  dead: number;
  /** From the event's commit to the delivery done, in seconds. */
  p50DelayS: number;
  p99DelayS: number;
  maxDelayS: number;
}

/**
 * How far behind the worker ran: per outbox handler, how long after its event each delivery was
 * done; and how long events waited to be relayed to the job queues (a part of that delay).
 */
export async function readOutboxFigures(db: Db): Promise<OutboxHandlerFigures[]> {
  const { rows } = await db.query<{ handler: string; deliveries: bigint; retried: bigint; dead: bigint; p50: number | null; p99: number | null; max: number | null }>(
    `SELECT d.handler, count(*) AS deliveries, count(*) FILTER (WHERE d.attempts > 1) AS retried, count(*) FILTER (WHERE d.status = 'dead') AS dead,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM d.done_at - e.created_at)::float8) AS p50,
            percentile_cont(0.99) WITHIN GROUP (ORDER BY extract(epoch FROM d.done_at - e.created_at)::float8) AS p99,
            max(extract(epoch FROM d.done_at - e.created_at)::float8) AS max
     FROM outbox_deliveries d JOIN outbox_events e ON e.id = d.event_id
     GROUP BY d.handler
     UNION ALL
     SELECT '(relay to the queues)', count(*), 0, 0,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM dispatched_at - created_at)::float8),
            percentile_cont(0.99) WITHIN GROUP (ORDER BY extract(epoch FROM dispatched_at - created_at)::float8),
            max(extract(epoch FROM dispatched_at - created_at)::float8)
     FROM outbox_events
     -- Kinds no handler follows are written relayed (dispatched_at = created_at, docs/adr/0071): no relay delay to count.
     WHERE dispatched_at IS DISTINCT FROM created_at
     ORDER BY 1`,
  );
  return rows.map((row) => ({
    handler: row.handler,
    deliveries: Number(row.deliveries),
    retried: Number(row.retried),
    dead: Number(row.dead),
    p50DelayS: row.p50 ?? 0,
    p99DelayS: row.p99 ?? 0,
    maxDelayS: row.max ?? 0,
  }));
}

/** Every acknowledged deposit: one feed event, one credited deposit of the transfer's amount. */
export async function checkDeposits(db: Db, members: readonly SimulatedMember[]): Promise<{ result: CheckResult; figures: Record<string, number> }> {
  const all = members.flatMap((member) => member.deposits);
  const acknowledged = all.filter((deposit) => deposit.isAcknowledged);
  const { rows } = await db.query<{ dedupe_key: string; events: bigint; deposits: bigint; credited: bigint; amount_satang: bigint | null }>(
    `SELECT e.dedupe_key, count(DISTINCT e.id) AS events, count(d.id) AS deposits,
            count(d.id) FILTER (WHERE d.status = 'credited') AS credited, max(d.amount_satang) AS amount_satang
     FROM bank_feed_events e LEFT JOIN deposits d ON d.event_id = e.id
     WHERE e.source_id = 'src_statement_bbl' AND e.dedupe_key = ANY($1::text[])
     GROUP BY e.dedupe_key`,
    [all.map((deposit) => `ref:${deposit.providerRef}`)],
  );
  const byRef = new Map(rows.map((row) => [row.dedupe_key.slice('ref:'.length), row]));
  const problems: string[] = [];
  for (const deposit of acknowledged) {
    const row = byRef.get(deposit.providerRef);
    if (!row) problems.push(`${deposit.providerRef}: acknowledged (${deposit.sabaiStatus}) but not in the books`);
    else if (row.events !== 1n || row.deposits !== 1n) problems.push(`${deposit.providerRef}: ${row.events} feed events, ${row.deposits} deposits`);
    else if (row.credited !== 1n) problems.push(`${deposit.providerRef}: not credited`);
    else if (row.amount_satang !== BigInt(deposit.amountBaht) * 100n) problems.push(`${deposit.providerRef}: ${row.amount_satang} satang credited for ${deposit.amountBaht} baht`);
  }
  const unacknowledgedInBooks = all.filter((deposit) => !deposit.isAcknowledged && byRef.has(deposit.providerRef)).length;
  return {
    result: {
      name: 'every acknowledged deposit is credited exactly once (by providerRef, with its amount)',
      isPassed: problems.length === 0 && acknowledged.length > 0,
      detail: problems.length > 0 ? problems.slice(0, 10).join('; ') : `${acknowledged.length} acknowledged of ${all.length} bank transfers, all credited once`,
    },
    figures: {
      bankTransfers: all.length,
      acknowledged: acknowledged.length,
      acknowledgedAfterRedelivery: acknowledged.filter((deposit) => deposit.wasRedelivered).length,
      answeredDuplicate: acknowledged.filter((deposit) => deposit.sabaiStatus === 'duplicate').length,
      retriedByTheBank: all.filter((deposit) => deposit.deliveryAttempts > 1).length,
      unacknowledged: all.length - acknowledged.length,
      unacknowledgedButInTheBooks: unacknowledgedInBooks,
    },
  };
}

/**
 * Every acknowledged withdrawal exists once and has ended; every withdrawal in the books agrees
 * with the sandbox bank: paid exactly when the bank paid it (never paid and refunded, never lost).
 */
export async function checkWithdrawals(
  db: Db,
  members: readonly SimulatedMember[],
  sandbox: { url: string; apiKey: string },
): Promise<{ result: CheckResult; figures: Record<string, number> }> {
  const acknowledged = members.flatMap((member) => member.withdrawals);
  const { rows } = await db.query<{ id: string; status: string }>('SELECT id, status FROM withdrawals');
  const statusById = new Map(rows.map((row) => [row.id, row.status]));
  const problems: string[] = [];
  for (const withdrawal of acknowledged) {
    const status = statusById.get(withdrawal.withdrawalId);
    if (!status) problems.push(`${withdrawal.withdrawalId}: acknowledged but not in the books`);
    else if (!['paid', 'failed', 'rejected'].includes(status)) problems.push(`${withdrawal.withdrawalId}: still ${status}`);
  }
  if (new Set(acknowledged.map((withdrawal) => withdrawal.withdrawalId)).size !== acknowledged.length) problems.push('one withdrawal id acknowledged twice to different calls');
  const disagreements = await compareWithBank(rows, sandbox);
  problems.push(...disagreements);
  const byStatus = rows.reduce<Record<string, number>>((counts, row) => ({ ...counts, [row.status]: (counts[row.status] ?? 0) + 1 }), {});
  return {
    result: {
      name: 'every acknowledged withdrawal is in the books once and ended; each agrees with the bank (paid ⇔ bank paid)',
      isPassed: problems.length === 0 && acknowledged.length > 0,
      detail: problems.length > 0 ? problems.slice(0, 10).join('; ') : `${acknowledged.length} acknowledged; in the books ${JSON.stringify(byStatus)}`,
    },
    figures: {
      acknowledged: acknowledged.length,
      acknowledgedOnARetry: acknowledged.filter((withdrawal) => withdrawal.wasRetried).length,
      inTheBooks: rows.length,
      ...Object.fromEntries(Object.entries(byStatus).map(([status, count]) => [`status ${status}`, count])),
    },
  };
}

async function compareWithBank(rows: ReadonlyArray<{ id: string; status: string }>, sandbox: { url: string; apiKey: string }): Promise<string[]> {
  const problems: string[] = [];
  const batchSize = 20;
  for (let start = 0; start < rows.length; start += batchSize) {
    await Promise.all(
      rows.slice(start, start + batchSize).map(async (row) => {
        const response = await fetch(`${sandbox.url}/bank/v1/payouts/${row.id}`, { headers: { 'x-sandbox-key': sandbox.apiKey } });
        const atBank = response.status === 404 ? { status: 'unknown' } : ((await response.json()) as { status?: string });
        if ((row.status === 'paid') !== (atBank.status === 'succeeded')) problems.push(`${row.id}: ${row.status} in the books, ${String(atBank.status)} at the bank`);
      }),
    );
  }
  return problems;
}

export interface PeriodicJobFigures {
  job: string;
  runs: number;
  expected: number;
  failed: number;
  /** Claimed and not finished (its worker was killed, or it is still running). */
  unfinished: number;
  p50RunS: number;
  maxRunS: number;
}

/**
 * Periodic jobs: at most one run per (job, period) — the primary key of periodic_job_runs
 * guarantees it, the query below would show a breach — and each job with the recovery period ran
 * in most periods of the run (a worker killed, the other carried on).
 */
export async function checkPeriodicJobs(
  db: Db,
  window: { from: Date; to: Date; periodMs: number; jobNames: readonly string[] },
): Promise<{ results: CheckResult[]; rows: PeriodicJobFigures[] }> {
  const duplicates = await db.query<{ job_name: string }>('SELECT job_name FROM periodic_job_runs GROUP BY job_name, period_start HAVING count(*) > 1');
  const { rows } = await db.query<{ job_name: string; runs: bigint; failed: bigint; unfinished: bigint; p50: number | null; max: number | null }>(
    `SELECT job_name, count(*) AS runs, count(*) FILTER (WHERE outcome = 'failed') AS failed, count(*) FILTER (WHERE finished_at IS NULL) AS unfinished,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM finished_at - started_at)::float8) AS p50,
            max(extract(epoch FROM finished_at - started_at)::float8) AS max
     FROM periodic_job_runs WHERE period_start >= $1 AND period_start < $2 GROUP BY job_name ORDER BY job_name`,
    [window.from, window.to],
  );
  // Period starts k × period with from <= k × period < to.
  const expected = Math.ceil(window.to.getTime() / window.periodMs) - Math.ceil(window.from.getTime() / window.periodMs);
  const runsByJob = new Map(rows.map((row) => [row.job_name, row]));
  const table = window.jobNames.map((job) => {
    const row = runsByJob.get(job);
    return {
      job,
      runs: Number(row?.runs ?? 0),
      expected,
      failed: Number(row?.failed ?? 0),
      unfinished: Number(row?.unfinished ?? 0),
      p50RunS: row?.p50 ?? 0,
      maxRunS: row?.max ?? 0,
    };
  });
  const thin = table.filter((row) => row.runs * 2 < row.expected);
  return {
    results: [
      {
        name: 'no periodic job ran twice in one period',
        isPassed: duplicates.rows.length === 0,
        detail: duplicates.rows.length === 0 ? 'none (periodic_job_runs primary key)' : duplicates.rows.map((row) => row.job_name).join(', '),
      },
      {
        name: 'every periodic job ran in most periods of the run',
        isPassed: table.length > 0 && expected > 0 && thin.length === 0,
        detail: `${table.length} jobs, ${expected} periods of ${window.periodMs} ms each; ${thin.length === 0 ? 'all ran in at least half' : `too few: ${thin.map((row) => `${row.job} ${row.runs}/${row.expected}`).join(', ')}`}`,
      },
    ],
    rows: table,
  };
}

/** `npm run ledger:reconcile` against the test database: its output and exit code. */
export async function runLedgerReconcile(databaseUrl: string, cwd: string): Promise<{ exitCode: number | null; output: string }> {
  const child = spawn('npm', ['run', '--silent', 'ledger:reconcile'], { cwd, env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exitCode = await new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return { exitCode, output: output.trim() };
}

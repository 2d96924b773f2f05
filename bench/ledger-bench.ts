/**
 * Ledger throughput benchmark (money.md "Pitfalls measured on these machines"). Prints numbers; it
 * is not a test and asserts nothing except that the ledger reconciles at the end.
 *
 *   npx tsx bench/ledger-bench.ts
 *
 * Env: BENCH_DATABASE_URL | DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres; the
 * role must be allowed to CREATE DATABASE), BENCH_SECONDS (default 10), BENCH_CLIENTS (default
 * "1,4,16"), BENCH_ROUNDS (default 1; with more, each figure is the median run), BENCH_PGBENCH
 * (path to pgbench), BENCH_VARIANT ("v2": also run deposits through the scratch
 * function of bench/ledger_create_transfers_v2.sql, one call per deposit; see README.md),
 * BENCH_POOL (connections per ledger run, default one per client), BENCH_BATCH_IN_FLIGHT,
 * BENCH_BATCH_MIN_SHARED (the batcher's minSharedTransfers), BENCH_BATCH_WHEN_ROOM (its pairWhenRoom),
 * BENCH_WORKLOADS (comma-separated words: only the ledger workloads whose name contains one),
 * BENCH_SQL_FILE (SQL run on the ledger database after its migrations: a before/after on one tree).
 *
 * Everything happens in two fresh databases (`sabai_bench_<random>` for the ledger,
 * `sabai_bench_<random>_pgbench` for pgbench) that are dropped at the end, also on error or Ctrl-C.
 */
import { createHash, randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus, loadavg, platform, release, totalmem, uptime } from 'node:os';
import { readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { createPgDb, migrate, postgresErrorCode, type Db, type Queryable } from '@sabai/db';
import {
  HOUSE_ACCOUNTS,
  countLedgerRows,
  createPostingBatcher,
  ensureHouseAccount,
  openWalletAccounts,
  expectPosted,
  postTransfer,
  reconcileLedger,
  requireAccountId,
  type PostingBatcher,
  type TransferOutcome,
} from '@sabai/ledger';

// ---------------------------------------------------------------------------------------------
// Configuration
// ---------------------------------------------------------------------------------------------

const SERVER_URL = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = parsePositiveNumber('BENCH_SECONDS', process.env.BENCH_SECONDS ?? '10');
const CLIENTS = (process.env.BENCH_CLIENTS ?? '1,4,16').split(',').map((part) => parsePositiveInteger('BENCH_CLIENTS', part.trim()));
const ROUNDS = parsePositiveInteger('BENCH_ROUNDS', process.env.BENCH_ROUNDS ?? '1');
const VARIANT = process.env.BENCH_VARIANT ?? '';
/**
 * A file of SQL run on the ledger database right after its migrations: an interleaved A/B of a
 * schema or function change on one tree (e.g. packages/ledger/src/explain-posting-wal-variants/before-0062.sql).
 */
const SQL_FILE = process.env.BENCH_SQL_FILE ?? '';
/**
 * Connections in each ledger run's pool (unset: one per client, like pgbench). The API's pool is
 * 10 (createPgDb's default): BENCH_CLIENTS=64 BENCH_POOL=10 is many requests sharing one process's pool.
 */
const POOL = process.env.BENCH_POOL ? parsePositiveInteger('BENCH_POOL', process.env.BENCH_POOL) : undefined;
/** Batches at the database at once for the batched workloads (unset: the batcher's defaults). */
const BATCH_IN_FLIGHT = process.env.BENCH_BATCH_IN_FLIGHT ? parsePositiveInteger('BENCH_BATCH_IN_FLIGHT', process.env.BENCH_BATCH_IN_FLIGHT) : undefined;
/** The batcher's minSharedTransfers (smallest shared batch of transfers; default 8, docs/adr/0035, 0073). */
/** The batcher's pairWhenRoom (transfers per call while the places suffice; default 2 since docs/adr/0073 addendum). */
const BATCH_WHEN_ROOM = process.env.BENCH_BATCH_WHEN_ROOM ? parsePositiveInteger('BENCH_BATCH_WHEN_ROOM', process.env.BENCH_BATCH_WHEN_ROOM) : undefined;
const BATCH_MIN_SHARED = process.env.BENCH_BATCH_MIN_SHARED ? parsePositiveInteger('BENCH_BATCH_MIN_SHARED', process.env.BENCH_BATCH_MIN_SHARED) : undefined;
/** Only the ledger workloads whose name contains one of these comma-separated words (pgbench always runs). */
const WORKLOAD_FILTER = (process.env.BENCH_WORKLOADS ?? '').split(',').map((part) => part.trim()).filter(Boolean);
const PGBENCH = process.env.BENCH_PGBENCH || (existsSync('/usr/lib/postgresql/15/bin/pgbench') ? '/usr/lib/postgresql/15/bin/pgbench' : 'pgbench');
const PGBENCH_SCALE = 4;
const MEMBER_COUNT = 1_000;
/** Each member starts with 1,000,000.00 baht: small transfers never run out. */
const MEMBER_FUNDING_SATANG = 100_000_000n;
/** How often pg_stat_activity / pg_locks are sampled during a run. */
const SAMPLE_EVERY_MS = 50;

function parsePositiveNumber(name: string, text: string): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${text}"`);
  return value;
}

function parsePositiveInteger(name: string, text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a comma-separated list of positive integers, got "${text}"`);
  return value;
}

/** The server URL with another database name. */
function databaseUrl(name: string): string {
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The URL without its password, for messages. */
function redacted(urlText: string): string {
  try {
    const url = new URL(urlText);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '(unparseable URL)';
  }
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

// ---------------------------------------------------------------------------------------------
// Results
// ---------------------------------------------------------------------------------------------

interface RunResult {
  workload: string;
  clients: number;
  /** Operations per second: transactions for pgbench, transfers or deposits for the ledger. */
  opsPerSecond: number;
  /** Posted transfers per second (pgbench: its tps). */
  transfersPerSecond: number;
  refusals: number;
  errors: number;
  errorKinds: Map<string, number>;
  averageLatencyMs: number;
  p99LatencyMs: number | undefined;
  /** WAL written per transfer (pgbench: per transaction), whole cluster, during the run. */
  walBytesPerTransfer: number;
  /** The run's WAL and commit counters (pg_stat_wal, whole cluster; pg_stat_database, this database). */
  wal: WalCounters;
  /** Transfers (pgbench: transactions) the counters are divided by. */
  transfersCounted: number;
  /** CPU of this process (the ledger's client, Node) during the run, µs; pgbench: undefined (another process). */
  clientCpuMicros: number | undefined;
  waits: WaitProfile;
}

/**
 * What the server did in one run, as deltas (issue 29 §4: what decides the ratio at 1 and 4 clients
 * is the commit's flush and the CPU per commit, so both are printed per transfer). pg_stat_wal is
 * the whole cluster's (other databases' work on a shared server counts too); `commits` are this
 * database's.
 */
interface WalCounters {
  /** WAL records written. */
  records: number;
  /** Full-page images among them (first change of a page after a CHECKPOINT). */
  fullPageImages: number;
  /** WAL flushes to disk (issue_xlog_fsync calls): each commit waits for one, several commits can share one. */
  flushes: number;
  /** Time in those flushes, ms; only counted by processes with track_wal_io_timing on (set for the bench databases when allowed). */
  flushMs: number;
  /** Transactions committed in the database under test. */
  commits: number;
}

interface WaitProfile {
  /** Samples of backends of the database under test, by "state / wait event". */
  backendSamples: Map<string, number>;
  /** Samples of not-granted locks, by "locktype mode". */
  lockWaitSamples: Map<string, number>;
  sampleCount: number;
  /**
   * CPU time of the database's client backends during the run, µs: for each backend seen, its
   * /proc/<pid>/schedstat run time at the last sample minus at the first (ns resolution; other
   * load on the machine does not inflate it). undefined when the server's processes are not
   * readable here (another host or container).
   */
  serverCpuMicros: number | undefined;
}

const emptyWaits = (): WaitProfile => ({ backendSamples: new Map(), lockWaitSamples: new Map(), sampleCount: 0, serverCpuMicros: undefined });

/** A process's CPU time so far in ns (first field of /proc/<pid>/schedstat), or undefined if it is not readable. */
async function processCpuNanos(pid: number): Promise<number | undefined> {
  try {
    const text = await readFile(`/proc/${pid}/schedstat`, 'utf8');
    const value = Number(text.split(' ')[0]);
    return Number.isFinite(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

const bump = (map: Map<string, number>, key: string, by = 1) => map.set(key, (map.get(key) ?? 0) + by);

/**
 * Samples what the backends of `databaseName` are doing, every SAMPLE_EVERY_MS, until stopped:
 * "active / CPU" (running, no wait event), "active / Lock:transactionid" (a row lock wait),
 * "active / IO:WALSync", "idle in transaction / Client:ClientRead" (waiting for the client)…
 */
function startWaitSampler(admin: Db, databaseName: string): { stop: () => Promise<WaitProfile> } {
  const profile = emptyWaits();
  /** Per backend pid: schedstat ns at its first and its latest sample. */
  const cpuByPid = new Map<number, { first: number; last: number }>();
  let isCpuReadable = true;
  const sampleCpu = async () => {
    if (!isCpuReadable) return;
    const { rows } = await admin.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
      [databaseName],
    );
    for (const { pid } of rows) {
      const nanos = await processCpuNanos(pid);
      if (nanos === undefined) {
        // Not this machine's process (or it just ended): if none was ever readable, say so.
        if (cpuByPid.size === 0) isCpuReadable = false;
        continue;
      }
      const seen = cpuByPid.get(pid);
      if (seen) seen.last = nanos;
      else cpuByPid.set(pid, { first: nanos, last: nanos });
    }
  };
  let running = true;
  const loop = (async () => {
    while (running) {
      try {
        await sampleCpu();
        const { rows } = await admin.query<{ kind: string; what: string; n: bigint }>(
          `SELECT 'backend' AS kind,
                  state || ' / ' || coalesce(wait_event_type || ':' || wait_event, 'CPU') AS what, count(*)::int8 AS n
             FROM pg_stat_activity
            WHERE datname = $1 AND pid <> pg_backend_pid() AND backend_type = 'client backend' AND state <> 'idle'
            GROUP BY 2
           UNION ALL
           SELECT 'lock', l.locktype || ' ' || l.mode, count(*)::int8
             FROM pg_locks l
            -- Waits of this database's backends only: a transactionid lock has no database, and
            -- matching it to every database counted other databases' waits on a shared server.
            WHERE NOT l.granted AND l.pid IN (SELECT pid FROM pg_stat_activity WHERE datname = $1)
            GROUP BY 2`,
          [databaseName],
        );
        profile.sampleCount += 1;
        for (const row of rows) bump(row.kind === 'backend' ? profile.backendSamples : profile.lockWaitSamples, row.what, Number(row.n));
      } catch {
        // A sample lost to a dropped connection is not worth stopping the run for.
      }
      await sleep(SAMPLE_EVERY_MS);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      await sampleCpu().catch(() => undefined);
      if (isCpuReadable && cpuByPid.size > 0) {
        profile.serverCpuMicros = [...cpuByPid.values()].reduce((sum, { first, last }) => sum + (last - first), 0) / 1_000;
      }
      return profile;
    },
  };
}

async function walLsn(admin: Db): Promise<string> {
  const { rows } = await admin.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
  return rows[0]!.lsn;
}

async function walBytesSince(admin: Db, lsn: string): Promise<number> {
  const { rows } = await admin.query<{ bytes: string }>('SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), $1::pg_lsn)::text AS bytes', [lsn]);
  return Number(rows[0]!.bytes);
}

/** pg_stat_wal (whole cluster) and this database's commits, now. Read after the run's backends ended: a backend reports its counters at exit at the latest. */
async function walCounters(admin: Db, databaseName: string): Promise<WalCounters> {
  const { rows } = await admin.query<{ records: string; fpi: string; syncs: string; sync_ms: string; commits: string }>(
    `SELECT w.wal_records::text AS records, w.wal_fpi::text AS fpi, w.wal_sync::text AS syncs, w.wal_sync_time::text AS sync_ms,
            (SELECT xact_commit FROM pg_stat_database WHERE datname = $1)::text AS commits
       FROM pg_stat_wal w`,
    [databaseName],
  );
  const row = rows[0]!;
  return { records: Number(row.records), fullPageImages: Number(row.fpi), flushes: Number(row.syncs), flushMs: Number(row.sync_ms), commits: Number(row.commits) };
}

const counterDelta = (after: WalCounters, before: WalCounters): WalCounters => ({
  records: after.records - before.records,
  fullPageImages: after.fullPageImages - before.fullPageImages,
  flushes: after.flushes - before.flushes,
  flushMs: after.flushMs - before.flushMs,
  commits: after.commits - before.commits,
});

/** Waits (up to 5 s) until the database has no client backend left, so their counters are reported. */
async function untilBackendsEnded(admin: Db, databaseName: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const { rows } = await admin.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
      [databaseName],
    );
    if (rows[0]!.n === 0) break;
    await sleep(50);
  }
  // Shared statistics are read through a snapshot that a new transaction renews.
  await admin.query('SELECT pg_stat_clear_snapshot()');
}

const vacuumMs: number[] = [];

/** VACUUM (ANALYZE) of the bench database (the ledger's tables) between runs; its time is printed at the end. */
async function vacuumLedger(url: string): Promise<void> {
  const db = createPgDb(url, { maxConnections: 1 });
  try {
    const begin = performance.now();
    await db.query('VACUUM (ANALYZE)'); // the whole bench database: the ledger's tables and the members
    vacuumMs.push(performance.now() - begin);
  } finally {
    await db.close();
  }
}

/** The server settings printed at the start (issue 29 §4: what decides a run's commit cost, memory and plans). */
const SERVER_SETTINGS = [
  'shared_buffers', 'max_connections', 'synchronous_commit', 'fsync', 'full_page_writes', 'wal_level', 'wal_buffers', 'wal_sync_method',
  'wal_compression', 'wal_writer_delay', 'commit_delay', 'commit_siblings', 'track_wal_io_timing', 'max_wal_size', 'checkpoint_timeout', 'random_page_cost', 'effective_io_concurrency',
  'jit', 'plan_cache_mode', 'enable_seqscan', 'autovacuum',
];

/** CPU model, cores and memory of the machine the bench runs on (the server's, when it is local). */
function hostDescription(): string {
  const model = cpus()[0]?.model.replace(/\s+/g, ' ').trim() ?? 'unknown CPU';
  return `${cpus().length} × ${model}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, ${platform()} ${release()}`;
}

/** `uptime`'s figures: how long up and the 1/5/15-minute load averages (a shared machine moves every figure). */
function uptimeText(): string {
  const [one, five, fifteen] = loadavg().map((value) => value.toFixed(2));
  return `up ${(uptime() / 3600).toFixed(1)} h, load average ${one}, ${five}, ${fifteen} on ${cpus().length} cores`;
}

/** Other work on this 2-core machine (CI, builds) moves every figure: show the load with each run. */
const loadNote = () => `  (load ${loadavg()[0]!.toFixed(2)})`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// pgbench
// ---------------------------------------------------------------------------------------------

let currentChild: ChildProcess | undefined;

function runCommand(command: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    currentChild = child;
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error) => {
      currentChild = undefined;
      reject(new Error(`cannot run ${command}: ${error.message}`));
    });
    child.on('close', (code) => {
      currentChild = undefined;
      resolve({ code, stdout, stderr });
    });
  });
}

async function pgbenchInit(url: string): Promise<void> {
  const result = await runCommand(PGBENCH, ['-i', '-q', '-s', String(PGBENCH_SCALE), url]);
  if (result.code !== 0) throw new Error(`pgbench -i failed (exit ${result.code}):\n${result.stderr}`);
}

async function pgbenchRun(admin: Db, url: string, databaseName: string, clients: number): Promise<RunResult> {
  await untilBackendsEnded(admin, databaseName);
  const countersBefore = await walCounters(admin, databaseName);
  const walStart = await walLsn(admin);
  const sampler = startWaitSampler(admin, databaseName);
  const result = await runCommand(PGBENCH, ['-c', String(clients), '-j', String(Math.min(clients, 2)), '-T', String(SECONDS), '-n', url]);
  const waits = await sampler.stop();
  if (result.code !== 0) throw new Error(`pgbench failed (exit ${result.code}):\n${result.stderr}\n${result.stdout}`);
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(result.stdout);
  if (!tps?.[1]) throw new Error(`cannot find "tps = … (without initial connection time)" in pgbench output:\n${result.stdout}`);
  const latency = /latency average = ([\d.]+) ms/.exec(result.stdout);
  const failed = /number of failed transactions: (\d+)/.exec(result.stdout);
  const value = Number(tps[1]);
  const transactions = /number of transactions actually processed: (\d+)/.exec(result.stdout);
  const walBytes = await walBytesSince(admin, walStart);
  await untilBackendsEnded(admin, databaseName);
  const wal = counterDelta(await walCounters(admin, databaseName), countersBefore);
  return {
    workload: 'pgbench TPC-B-like',
    clients,
    opsPerSecond: value,
    transfersPerSecond: value,
    refusals: 0,
    errors: failed?.[1] ? Number(failed[1]) : 0,
    errorKinds: new Map(),
    averageLatencyMs: latency?.[1] ? Number(latency[1]) : Number.NaN,
    p99LatencyMs: undefined,
    walBytesPerTransfer: transactions?.[1] ? walBytes / Number(transactions[1]) : Number.NaN,
    wal,
    transfersCounted: transactions?.[1] ? Number(transactions[1]) : Number.NaN,
    clientCpuMicros: undefined,
    waits,
  };
}

// ---------------------------------------------------------------------------------------------
// Ledger setup
// ---------------------------------------------------------------------------------------------

interface LedgerFixture {
  members: bigint[];
  /** The hot bank account, totals derived from entries (the design). */
  hotBank: bigint;
  /** The same with cached totals: the money.md pitfall, as a control. */
  hotBankCached: bigint;
  unallocated: bigint;
}

/**
 * 1,000 members with main accounts (one INSERT … SELECT each for members and accounts, like
 * packages/ledger/src/test-accounts.ts but in bulk), each funded with a large deposit through the
 * normal path: DEPOSIT_RECEIVED into unallocated from a funding bank account, then DEPOSIT.
 */
async function setUpLedger(db: Db): Promise<LedgerFixture> {
  const members = await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO members (id, phone_number, password_hash, bank_code, bank_account_number, first_name, last_name, affiliate_key)
       SELECT 'mbr_bench' || lpad(g::text, 15, '0'), '09' || lpad(g::text, 8, '0'), 'x', '014', lpad(g::text, 10, '0'),
              'ทดสอบ', 'ระบบ', 'B' || lpad(g::text, 7, '0')
         FROM generate_series(1, $1::int) AS g`,
      [MEMBER_COUNT],
    );
    const ids = await tx.query<{ id: string }>(`SELECT id FROM members WHERE id LIKE 'mbr_bench%' ORDER BY id`);
    const accounts = await openWalletAccounts(tx, ids.rows.map((row) => row.id), ['main']);
    return accounts.map((account) => account.accountId);
  });
  const unallocated = await requireAccountId(db, HOUSE_ACCOUNTS.unallocatedDeposits);
  const fundingBank = await ensureHouseAccount(db, { code: 'bank:bench-funding', kind: 'house_asset', isTotalsCached: false });
  const hotBank = await ensureHouseAccount(db, { code: 'bank:bench-hot', kind: 'house_asset', isTotalsCached: false });
  const hotBankCached = await ensureHouseAccount(db, { code: 'bank:bench-hot-cached', kind: 'house_asset', isTotalsCached: true });
  await db.transaction(async (tx) => {
    expectPosted(
      await postTransfer(tx, {
        idempotencyKey: 'bench:funding:received',
        code: 'DEPOSIT_RECEIVED',
        debitAccountId: fundingBank,
        creditAccountId: unallocated,
        amountSatang: MEMBER_FUNDING_SATANG * BigInt(members.length),
      }),
    );
    for (const [index, member] of members.entries()) {
      expectPosted(
        await postTransfer(tx, {
          idempotencyKey: `bench:funding:${index}`,
          code: 'DEPOSIT',
          debitAccountId: unallocated,
          creditAccountId: member,
          amountSatang: MEMBER_FUNDING_SATANG,
        }),
      );
    }
  });
  await db.query('ANALYZE');
  return { members, hotBank, hotBankCached, unallocated };
}

// ---------------------------------------------------------------------------------------------
// Ledger workloads
// ---------------------------------------------------------------------------------------------

/** What one operation did: transfers created, and refusals (any status but `created`). */
interface OperationResult {
  transfers: number;
  refusals: number;
  /** The operation completed as intended (all its transfers created). */
  complete: boolean;
}

/** One operation on the run's pool; `batcher` is the run's own createPostingBatcher(db) (docs/adr/0026). */
type Operation = (db: Db, key: string, batcher: PostingBatcher) => Promise<OperationResult>;

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const smallAmount = () => BigInt(1 + Math.floor(Math.random() * 10_000));
const counted = (outcome: TransferOutcome) => (outcome.status === 'created' ? 1 : 0);

function memberToMember(fixture: LedgerFixture): Operation {
  return async (db, key) => {
    const from = pick(fixture.members);
    let to = pick(fixture.members);
    while (to === from) to = pick(fixture.members);
    const outcome = await postTransfer(db, { idempotencyKey: key, code: 'ADJUSTMENT', debitAccountId: from, creditAccountId: to, amountSatang: smallAmount() });
    const transfers = counted(outcome);
    return { transfers, refusals: 1 - transfers, complete: transfers === 1 };
  };
}

/** DEPOSIT_RECEIVED hot bank → unallocated, then DEPOSIT unallocated → random member. */
async function depositPair(q: Queryable, fixture: LedgerFixture, key: string, bank = fixture.hotBank): Promise<OperationResult> {
  const amountSatang = smallAmount();
  const received = await postTransfer(q, { idempotencyKey: `${key}:received`, code: 'DEPOSIT_RECEIVED', debitAccountId: bank, creditAccountId: fixture.unallocated, amountSatang });
  if (received.status !== 'created') return { transfers: 0, refusals: 1, complete: false };
  const deposit = await postTransfer(q, { idempotencyKey: key, code: 'DEPOSIT', debitAccountId: fixture.unallocated, creditAccountId: pick(fixture.members), amountSatang });
  const transfers = 1 + counted(deposit);
  return { transfers, refusals: 2 - transfers, complete: transfers === 2 };
}

function hotDepositsAutoCommit(fixture: LedgerFixture): Operation {
  return (db, key) => depositPair(db, fixture, key);
}

function hotDepositsOneTransaction(fixture: LedgerFixture): Operation {
  return (db, key) => db.transaction((tx) => depositPair(tx, fixture, key));
}

/** The request digest of packages/ledger/src/transfers.ts (not exported), for the v2 experiment. */
const requestDigest = (parts: unknown[]) =>
  createHash('sha256')
    .update(JSON.stringify(parts, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value)))
    .digest('hex');

/**
 * Experiment (BENCH_VARIANT=v2): both transfers of a deposit in one call of the scratch function
 * ledger_create_transfers_v2 (bench/ledger_create_transfers_v2.sql): one round trip, one commit.
 */
function hotDepositsOneCallV2(fixture: LedgerFixture): Operation {
  return async (db, key) => {
    const amount = smallAmount();
    const member = pick(fixture.members);
    const transfers = [
      { key: `${key}:received`, code: 'DEPOSIT_RECEIVED', debit: fixture.hotBank, credit: fixture.unallocated },
      { key, code: 'DEPOSIT', debit: fixture.unallocated, credit: member },
    ];
    const { rows } = await db.query<{ outcome: string }>(
      'SELECT outcome FROM ledger_create_transfers_v2($1::text[], $2::text[], $3::int8[], $4::int8[], $5::int8[], NULL, NULL, $6::text[])',
      [
        transfers.map((transfer) => transfer.key),
        transfers.map((transfer) => transfer.code),
        transfers.map((transfer) => transfer.debit.toString()),
        transfers.map((transfer) => transfer.credit.toString()),
        transfers.map(() => amount.toString()),
        transfers.map((transfer) => requestDigest([transfer.code, 'single', transfer.debit, transfer.credit, amount, null])),
      ],
    );
    const created = rows.filter((row) => row.outcome === 'created').length;
    return { transfers: created, refusals: 2 - created, complete: created === 2 };
  };
}

/**
 * The batched path (docs/adr/0026): each client posts one member-to-member transfer through the
 * run's batcher; transfers waiting together share one ledger_create_transfers call and one commit.
 */
function memberToMemberBatched(fixture: LedgerFixture): Operation {
  return async (_db, key, batcher) => {
    const from = pick(fixture.members);
    let to = pick(fixture.members);
    while (to === from) to = pick(fixture.members);
    const outcome = await batcher.post({ idempotencyKey: key, code: 'ADJUSTMENT', debitAccountId: from, creditAccountId: to, amountSatang: smallAmount() });
    const transfers = counted(outcome);
    return { transfers, refusals: 1 - transfers, complete: transfers === 1 };
  };
}

/**
 * The batched path for units of work, the shape the deposit flow uses: each deposit is a unit
 * (DEPOSIT_RECEIVED + DEPOSIT in one transaction); units waiting together share one transaction,
 * a savepoint each, and one commit.
 */
function hotDepositsBatchedUnits(fixture: LedgerFixture): Operation {
  return (_db, key, batcher) => batcher.run((tx) => depositPair(tx, fixture, key));
}

/** Control: the bank account keeps cached totals, so every deposit locks and updates its row. */
function hotDepositsCachedBank(fixture: LedgerFixture): Operation {
  return (db, key) => depositPair(db, fixture, key, fixture.hotBankCached);
}

function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}

let runCounter = 0;

async function runLedgerWorkload(
  admin: Db,
  url: string,
  databaseName: string,
  workload: string,
  clients: number,
  operation: Operation,
): Promise<RunResult> {
  const db = createPgDb(url, { maxConnections: POOL ?? clients });
  const batcher = createPostingBatcher(db, {
    ...(BATCH_IN_FLIGHT ? { maxInFlight: BATCH_IN_FLIGHT, maxUnitsInFlight: BATCH_IN_FLIGHT } : {}),
    ...(BATCH_MIN_SHARED ? { minSharedTransfers: BATCH_MIN_SHARED } : {}),
    ...(BATCH_WHEN_ROOM ? { pairWhenRoom: BATCH_WHEN_ROOM } : {}),
  });
  const run = (runCounter += 1);
  const tag = randomBytes(4).toString('hex');
  let isClosed = false;
  const closePool = async () => {
    if (isClosed) return;
    isClosed = true;
    await batcher.close();
    await db.close();
  };
  try {
    // Open all connections before the clock starts (pgbench also excludes connection time).
    await Promise.all(Array.from({ length: POOL ?? clients }, () => db.transaction((tx) => tx.query('SELECT pg_sleep(0.05)'))));
    let operations = 0;
    let transfers = 0;
    let refusals = 0;
    let errors = 0;
    const errorKinds = new Map<string, number>();
    const latencies: number[] = [];
    const countersBefore = await walCounters(admin, databaseName);
    const walStart = await walLsn(admin);
    const sampler = startWaitSampler(admin, databaseName);
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const deadline = started + SECONDS * 1_000;
    await Promise.all(
      Array.from({ length: clients }, async (_, worker) => {
        for (let sequence = 0; performance.now() < deadline; sequence += 1) {
          const begin = performance.now();
          try {
            const result = await operation(db, `bench:${run}:${tag}:${worker}:${sequence}`, batcher);
            latencies.push(performance.now() - begin);
            transfers += result.transfers;
            refusals += result.refusals;
            if (result.complete) operations += 1;
          } catch (error) {
            errors += 1;
            bump(errorKinds, `${postgresErrorCode(error) ?? 'no code'}: ${errorText(error).slice(0, 120)}`);
          }
        }
      }),
    );
    const elapsedSeconds = (performance.now() - started) / 1_000;
    const cpu = process.cpuUsage(cpuBefore);
    if (batcher.stats.batches > 0) {
      const { batches, items, retriedAlone } = batcher.stats;
      console.log(`    ${workload} ×${clients}: ${batches} batches, ${(items / batches).toFixed(1)} per batch, ${retriedAlone} run again alone`);
    }
    const waits = await sampler.stop();
    const walBytes = await walBytesSince(admin, walStart);
    await closePool();
    await untilBackendsEnded(admin, databaseName);
    const wal = counterDelta(await walCounters(admin, databaseName), countersBefore);
    const sorted = Float64Array.from(latencies).sort();
    return {
      workload,
      clients,
      opsPerSecond: operations / elapsedSeconds,
      transfersPerSecond: transfers / elapsedSeconds,
      refusals,
      errors,
      errorKinds,
      averageLatencyMs: latencies.reduce((sum, value) => sum + value, 0) / Math.max(1, latencies.length),
      p99LatencyMs: percentile(sorted, 0.99),
      walBytesPerTransfer: walBytes / Math.max(1, transfers),
      wal,
      transfersCounted: transfers,
      clientCpuMicros: cpu.user + cpu.system,
      waits,
    };
  } finally {
    await closePool();
  }
}

// ---------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------

const fixed = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '–');
const ratio = (value: number, base: number | undefined) => (base && Number.isFinite(base) && base > 0 ? `${(value / base).toFixed(2)}×` : '–');

function printTable(headers: string[], rows: string[][]): void {
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => row[column]?.length ?? 0)));
  const line = (cells: string[]) => cells.map((cell, column) => (column < 2 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  console.log(line(headers));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
}

function topWaits(profile: WaitProfile, limit = 4): string {
  const total = [...profile.backendSamples.values()].reduce((sum, value) => sum + value, 0);
  if (total === 0) return '(no samples)';
  const backends = [...profile.backendSamples.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([what, count]) => `${what} ${((100 * count) / total).toFixed(0)}%`)
    .join(', ');
  const locks = [...profile.lockWaitSamples.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([what, count]) => `${what} avg ${(count / Math.max(1, profile.sampleCount)).toFixed(2)}`)
    .join(', ');
  return `${backends}${locks ? ` | lock waits: ${locks}` : ' | lock waits: none'}`;
}

function report(results: RunResult[]): void {
  const pgbench = new Map(results.filter((result) => result.workload.startsWith('pgbench')).map((result) => [result.clients, result.transfersPerSecond]));
  console.log(`\nResults (${SECONDS}s per run; ratios are transfers/s ÷ pgbench tps at the same client count)\n`);
  printTable(
    ['workload', 'clients', 'ops/s', 'transfers/s', 'vs pgbench', 'refusals', 'errors', 'avg ms', 'p99 ms', 'WAL B/transfer'],
    results.map((result) => [
      result.workload,
      String(result.clients),
      fixed(result.opsPerSecond),
      fixed(result.transfersPerSecond),
      result.workload.startsWith('pgbench') ? '1.00×' : ratio(result.transfersPerSecond, pgbench.get(result.clients)),
      String(result.refusals),
      String(result.errors),
      fixed(result.averageLatencyMs, 2),
      result.p99LatencyMs === undefined ? '–' : fixed(result.p99LatencyMs, 2),
      fixed(result.walBytesPerTransfer),
    ]),
  );
  console.log('(ops/s: pgbench transactions, member-to-member transfers, or complete deposits = 2 transfers each;');
  console.log(' pgbench: avg ms is its own "latency average", WAL B/transfer is per pgbench transaction)');

  // Issue 29 §4: what decides the ratio on a given machine, per transfer (pgbench: per transaction),
  // so runs on different hosts can be compared by cause, not only by their ratio.
  console.log('\nCost per transfer (pgbench: per transaction): the server\'s backends\' CPU, this process\'s CPU (the ledger\'s Node client),');
  console.log('WAL flushes and what one flush took, full-page images; commits per flush is how many commits shared one flush\n');
  printTable(
    ['workload', 'clients', 'server CPU µs', 'client CPU µs', 'commits/transfer', 'flushes/transfer', 'commits/flush', 'flush ms', 'FPI/transfer', 'WAL records/transfer'],
    results.map((result) => {
      const per = (value: number | undefined) => (value === undefined || !(result.transfersCounted > 0) ? Number.NaN : value / result.transfersCounted);
      return [
        result.workload,
        String(result.clients),
        fixed(per(result.waits.serverCpuMicros)),
        fixed(per(result.clientCpuMicros)),
        fixed(per(result.wal.commits), 2),
        fixed(per(result.wal.flushes), 2),
        result.wal.flushes > 0 ? fixed(result.wal.commits / result.wal.flushes, 2) : '–',
        result.wal.flushes > 0 && result.wal.flushMs > 0 ? fixed(result.wal.flushMs / result.wal.flushes, 3) : '–',
        fixed(per(result.wal.fullPageImages), 2),
        fixed(per(result.wal.records), 1),
      ];
    }),
  );
  console.log('(server CPU: /proc/<pid>/schedstat of the database\'s backends, – when the server is not on this host; client CPU:');
  console.log(' process.cpuUsage of this process, its wait sampler included, – for pgbench; flushes, records and FPIs: pg_stat_wal of the');
  console.log(' whole cluster, so other databases\' work on a shared server counts too; flush ms needs track_wal_io_timing, set for the');
  console.log(' bench databases when this role may)');

  const find = (workload: string, clients: number) => results.find((result) => result.workload === workload && result.clients === clients);
  {
    console.log(`\nHot-account deposits vs member-to-member (target ≥ 0.80× in transfers/s; deposits/s is half of that by construction)\n`);
    printTable(
      ['hot deposits', 'clients', 'transfers/s ratio', 'deposits/s ÷ m2m transfers/s'],
      [HOT_AUTOCOMMIT, HOT_TRANSACTION, HOT_CACHED_CONTROL, HOT_ONE_CALL_V2, BATCHED_HOT_UNITS].flatMap((prefix) =>
        CLIENTS.flatMap((clients) => {
          const hot = find(prefix, clients);
          const base = find(MEMBER_TO_MEMBER, clients);
          if (!hot || !base) return [];
          return [[prefix, String(clients), ratio(hot.transfersPerSecond, base.transfersPerSecond), ratio(hot.opsPerSecond, base.transfersPerSecond)]];
        }),
      ),
    );
  }

  console.log('\nTargets');
  {
    const m2m4 = find(MEMBER_TO_MEMBER, 4);
    const pgbench4 = pgbench.get(4);
    if (m2m4 && pgbench4) {
      const value = m2m4.transfersPerSecond / pgbench4;
      console.log(`  ledger transfers ≥ 0.90× pgbench at 4 clients: ${value.toFixed(2)}× ${value >= 0.9 ? 'met' : 'MISSED'}`);
    } else {
      console.log('  ledger transfers ≥ 0.90× pgbench at 4 clients: not measured (BENCH_CLIENTS has no 4)');
    }
    // Issue 16 §5: ledger transfers ≥ 1.0× pgbench at every client count, ≥ 2.0× at 16.
    for (const workload of [MEMBER_TO_MEMBER, BATCHED_MEMBER_TO_MEMBER, BATCHED_HOT_UNITS]) {
      const parts = CLIENTS.flatMap((clients) => {
        const result = find(workload, clients);
        const base = pgbench.get(clients);
        if (!result || !base) return [];
        const value = result.transfersPerSecond / base;
        const target = clients >= 16 ? 2 : 1;
        return [`×${clients} ${value.toFixed(2)}× ${value >= target ? 'met' : 'MISSED'} (≥ ${target.toFixed(1)}×)`];
      });
      console.log(`  ${workload} vs pgbench (transfers/s): ${parts.join(', ')}`);
    }
    for (const prefix of [HOT_AUTOCOMMIT, HOT_TRANSACTION, ...(VARIANT === 'v2' ? [HOT_ONE_CALL_V2] : [])]) {
      const parts = CLIENTS.flatMap((clients) => {
        const hot = find(prefix, clients);
        const base = find(MEMBER_TO_MEMBER, clients);
        if (!hot || !base) return [];
        const value = hot.transfersPerSecond / base.transfersPerSecond;
        return [`×${clients} ${value.toFixed(2)}× ${value >= 0.8 ? 'met' : 'MISSED'}`];
      });
      console.log(`  ${prefix} ≥ 0.80× member-to-member (transfers/s): ${parts.join(', ')}`);
    }
  }

  console.log('\nWhat the backends were doing (share of sampled non-idle backends) and not-granted locks (average count per sample)\n');
  for (const result of results) console.log(`${result.workload} ×${result.clients}: ${topWaits(result.waits)}`);

  const failures = results.filter((result) => result.errors > 0 || result.refusals > 0);
  if (failures.length > 0) {
    console.log('\nRefusals and errors');
    for (const result of failures) {
      console.log(`  ${result.workload} ×${result.clients}: ${result.refusals} refusals, ${result.errors} errors`);
      for (const [kind, count] of result.errorKinds) console.log(`    ${count} × ${kind}`);
    }
  } else {
    console.log('\nNo refusals, no errors.');
  }
}

const MEMBER_TO_MEMBER = 'member-to-member';
const HOT_AUTOCOMMIT = 'hot deposits, 2 auto-commit calls';
const HOT_TRANSACTION = 'hot deposits, 1 transaction';
const HOT_CACHED_CONTROL = 'control: cached bank row, 2 calls';
const HOT_ONE_CALL_V2 = 'v2: hot deposits, 1 call';
const BATCHED_MEMBER_TO_MEMBER = 'batched: member-to-member';
const BATCHED_HOT_UNITS = 'batched: hot deposits, units';

/**
 * One result per (workload, clients): the run with the median transfers/s, with the refusals and
 * errors of all its rounds added up.
 */
function medians(runs: RunResult[]): RunResult[] {
  const groups = new Map<string, RunResult[]>();
  for (const run of runs) {
    const key = `${run.workload}\u0000${run.clients}`;
    groups.set(key, [...(groups.get(key) ?? []), run]);
  }
  return [...groups.values()].map((group) => {
    const sorted = [...group].sort((a, b) => a.transfersPerSecond - b.transfersPerSecond);
    const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
    const errorKinds = new Map<string, number>();
    for (const run of group) for (const [kind, count] of run.errorKinds) bump(errorKinds, kind, count);
    return {
      ...median,
      refusals: group.reduce((sum, run) => sum + run.refusals, 0),
      errors: group.reduce((sum, run) => sum + run.errors, 0),
      errorKinds,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const admin = createPgDb(SERVER_URL, { maxConnections: 1 });
  let serverVersion: string;
  try {
    const { rows } = await admin.query<{ version: string }>(`SELECT current_setting('server_version') AS version`);
    serverVersion = rows[0]?.version ?? '?';
  } catch (error) {
    await admin.close().catch(() => undefined);
    console.error(`ledger-bench: cannot connect to PostgreSQL at ${redacted(SERVER_URL)}: ${errorText(error)}`);
    console.error('Start PostgreSQL or set BENCH_DATABASE_URL (or DATABASE_URL) to a server where this role may CREATE DATABASE.');
    return 2;
  }

  const randomPart = randomBytes(6).toString('hex');
  const ledgerName = `sabai_bench_${randomPart}`;
  const pgbenchName = `sabai_bench_${randomPart}_pgbench`;
  const created: string[] = [];
  let cleaning: Promise<void> | undefined;
  const cleanUp = () =>
    (cleaning ??= (async () => {
      currentChild?.kill('SIGTERM');
      for (const name of created) {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch((error: unknown) => {
          console.error(`ledger-bench: could not drop ${name}: ${errorText(error)} (drop it by hand)`);
        });
      }
      await admin.close().catch(() => undefined);
    })());
  const onSignal = (signal: NodeJS.Signals) => {
    console.error(`\nledger-bench: ${signal}, dropping the bench databases…`);
    void cleanUp().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    // What a reader needs to compare runs across machines (issue 29 §4): the host, its load, and
    // the server settings that decide commit cost (the flush), memory and plan choices.
    const { rows: settings } = await admin.query<{ name: string; setting: string; unit: string | null }>(
      `SELECT name, setting, unit FROM pg_settings WHERE name = ANY($1::text[]) ORDER BY name`,
      [SERVER_SETTINGS],
    );
    console.log(`ledger-bench: PostgreSQL ${serverVersion} at ${redacted(SERVER_URL)}`);
    console.log(`ledger-bench: host ${hostDescription()}`);
    console.log(`ledger-bench: uptime ${uptimeText()}`);
    console.log(`ledger-bench: server settings ${settings.map((row) => `${row.name}=${row.setting}${row.unit ? (/^\d/.test(row.unit) ? `×${row.unit}` : row.unit) : ''}`).join(' ')}`);
    console.log(`ledger-bench: ${SECONDS}s per run, clients ${CLIENTS.join(',')}, pgbench ${PGBENCH}, databases ${ledgerName} and ${pgbenchName}`);

    await admin.query(`CREATE DATABASE ${ledgerName}`);
    created.push(ledgerName);
    await admin.query(`CREATE DATABASE ${pgbenchName}`);
    created.push(pgbenchName);
    // The time of each WAL flush (pg_stat_wal.wal_sync_time) for the bench's own backends: the
    // disk's commit cost, the machine property that decides the ratio at 1 and 4 clients. Needs
    // superuser; without it the column is printed as –.
    for (const name of [ledgerName, pgbenchName]) {
      await admin.query(`ALTER DATABASE ${name} SET track_wal_io_timing = on`).catch(() => undefined);
    }

    const runs: RunResult[] = [];
    // Before every run: a CHECKPOINT (needs superuser / pg_checkpoint; optional), so no run pays
    // for the one before's dirty pages, and its duration printed (a slow disk shows here first).
    const checkpointMs: number[] = [];
    const checkpoint = async () => {
      const begin = performance.now();
      const done = await admin.query('CHECKPOINT').then(() => true, () => false);
      if (done) checkpointMs.push(performance.now() - begin);
    };

    const pgbenchUrl = databaseUrl(pgbenchName);
    await pgbenchInit(pgbenchUrl);

    const ledgerUrl = databaseUrl(ledgerName);
    const setupDb = createPgDb(ledgerUrl, { maxConnections: 2 });
    let fixture: LedgerFixture;
    try {
      await migrate(setupDb);
      if (SQL_FILE) await setupDb.exec(await readFile(SQL_FILE, 'utf8'));
      fixture = await setUpLedger(setupDb);
      if (VARIANT === 'v2') {
        // The scratch function lives in this throw-away database only (not a migration).
        await setupDb.exec(await readFile(new URL('./ledger_create_transfers_v2.sql', import.meta.url), 'utf8'));
      } else if (VARIANT) {
        throw new Error(`BENCH_VARIANT must be empty or "v2", got "${VARIANT}"`);
      }
    } finally {
      await setupDb.close();
    }

    const workloads: Array<{ name: string; operation: Operation }> = [
      { name: MEMBER_TO_MEMBER, operation: memberToMember(fixture) },
      { name: BATCHED_MEMBER_TO_MEMBER, operation: memberToMemberBatched(fixture) },
      { name: BATCHED_HOT_UNITS, operation: hotDepositsBatchedUnits(fixture) },
      { name: HOT_AUTOCOMMIT, operation: hotDepositsAutoCommit(fixture) },
      { name: HOT_TRANSACTION, operation: hotDepositsOneTransaction(fixture) },
      { name: HOT_CACHED_CONTROL, operation: hotDepositsCachedBank(fixture) },
      ...(VARIANT === 'v2' ? [{ name: HOT_ONE_CALL_V2, operation: hotDepositsOneCallV2(fixture) }] : []),
    ];
    const selected = workloads.filter((workload) => WORKLOAD_FILTER.length === 0 || WORKLOAD_FILTER.some((word) => workload.name.includes(word)));
    // pgbench and the ledger workloads alternate per client count, so drift of the machine (the
    // disk's flush latency varies from minute to minute here) hits both sides of each ratio alike.
    for (let round = 1; round <= ROUNDS; round += 1) {
      if (ROUNDS > 1) console.log(`round ${round}/${ROUNDS}`);
      for (const clients of CLIENTS) {
        await checkpoint();
        const pgbenchResult = await pgbenchRun(admin, pgbenchUrl, pgbenchName, clients);
        console.log(`  pgbench ×${clients}: ${fixed(pgbenchResult.transfersPerSecond)} tps${loadNote()}`);
        runs.push(pgbenchResult);
        for (const workload of selected) {
          // As autovacuum would (it is off on some servers: see the settings above): the previous
          // runs' dead row versions pruned and statistics fresh, so every run starts alike.
          await vacuumLedger(ledgerUrl);
          await checkpoint();
          const result = await runLedgerWorkload(admin, ledgerUrl, ledgerName, workload.name, clients, workload.operation);
          console.log(`  ${workload.name} ×${clients}: ${fixed(result.transfersPerSecond)} transfers/s, ${fixed(result.opsPerSecond)} ops/s${loadNote()}`);
          runs.push(result);
        }
      }
    }
    const results = medians(runs);

    report(results);
    if (checkpointMs.length > 0) {
      const sorted = [...checkpointMs].sort((a, b) => a - b);
      console.log(`\nCHECKPOINT before each run: ${checkpointMs.length} taken, median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms, slowest ${sorted.at(-1)!.toFixed(0)} ms`);
    } else {
      console.log('\nCHECKPOINT before each run: not allowed for this role (runs may pay for earlier dirty pages)');
    }
    if (vacuumMs.length > 0) console.log(`VACUUM (ANALYZE) of the ledger tables before each ledger run: slowest ${Math.max(...vacuumMs).toFixed(0)} ms`);
    console.log(`uptime at the end: ${uptimeText()}`);

    const checkDb = createPgDb(ledgerUrl, { maxConnections: 1 });
    try {
      const { transfers } = await countLedgerRows(checkDb);
      const violations = await reconcileLedger(checkDb);
      console.log(`\nreconcileLedger over ${transfers} transfers: ${violations.length === 0 ? 'clean' : `${violations.length} VIOLATIONS`}`);
      for (const violation of violations) console.log(`  ${violation.invariant}: ${violation.detail}`);
      return violations.length === 0 ? 0 : 1;
    } finally {
      await checkDb.close();
    }
  } finally {
    await cleanUp();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`ledger-bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exitCode = 1;
  },
);

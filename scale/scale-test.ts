import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPgDb, migrate, type Db } from '@sabai/db';
import { seedDemoSite, type AppContext } from '@sabai/api';
import { DEMO_PARTNER_AGENT_ID, DEMO_PARTNER_AGENT_SECRET } from '@sabai/sandbox';
import { PERIODIC_JOBS } from '../apps/api/src/worker/periodic-jobs.ts';
import { checkDeposits, checkPeriodicJobs, checkWithdrawals, readOpenWork, readOutboxFigures, runLedgerReconcile, waitForSettle, type CheckResult } from './checks.ts';
import { DEFAULT_HAPROXY_BIN, readServerStats, startHaproxy, type RunningHaproxy, type ServerStats } from './haproxy.ts';
import { sleep } from './http-client.ts';
import { Metrics } from './metrics.ts';
import { createManagedProcess, findFreePort, killHard, logProblems, startProcess, stopProcess, waitForHttpOk, type ManagedProcess } from './processes.ts';
import { printReport, type ChaosEvent } from './report.ts';
import { planMember, SimulatedMember, type ScaleContext } from './simulated-member.ts';
import { analyseStreams, countExactly, streamCheck, type KillRecord } from './stream-checks.ts';

/**
 * `npm run test:scale` (issue 10 §6): the product as production runs it — 3 API processes behind
 * HAProxy, 2 workers, the sandbox providers — on a fresh PostgreSQL database, under simulated
 * members for SCALE_DURATION_S (60) seconds, with an API and a worker killed with SIGKILL and
 * started again mid-run. Then it waits for the system to settle and checks that no acknowledged
 * operation was lost or doubled, the periodic jobs ran once per period, live streams heard their
 * deposits, and the ledger reconciles. See scale/README.md. Exits 1 on a failed check.
 */
const REPO_ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const API_ENTRY = path.join(REPO_ROOT, 'apps/api/src/server.ts');
const WORKER_ENTRY = path.join(REPO_ROOT, 'apps/api/src/worker-main.ts');
const SANDBOX_ENTRY = path.join(REPO_ROOT, 'apps/sandbox/src/server.ts');

const API_COUNT = 3;
const WORKER_COUNT = 2;
const FEED_SECRET = 'scale-test-feed-secret-0123456789';
const SANDBOX_KEY = 'scale-test-sandbox-key';
/** Given to every API and worker by config, as production does (the same value everywhere). */
const BANK_TOKEN_SECRET = `scale-test-bank-token-${randomBytes(16).toString('hex')}`;
const RECOVERY_INTERVAL_MS = 2_000;
/** The worker drains the outbox backlog the load leaves (scale/README.md): ~30 s here, bounded at 90 s. */
const SETTLE_TIMEOUT_MS = 90_000;
const START_TIMEOUT_MS = 60_000;
/** How long a killed process stays down before it is started again. */
const RESTART_AFTER_MS = 4_000;

export interface ScaleSettings {
  durationMs: number;
  memberCount: number;
  serverUrl: string;
  haproxyBin: string;
}

function readSettings(env: NodeJS.ProcessEnv): ScaleSettings {
  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const text = env[name];
    if (text === undefined || text === '') return fallback;
    const value = Number(text);
    if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be an integer from ${min} to ${max}, not ${text}`);
    return value;
  };
  return {
    durationMs: integer('SCALE_DURATION_S', 60, 10, 3_600) * 1_000,
    memberCount: integer('SCALE_MEMBERS', 200, 3, 5_000),
    serverUrl: env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
    haproxyBin: env.HAPROXY_BIN || DEFAULT_HAPROXY_BIN,
  };
}

interface TestDatabase {
  db: Db;
  url: string;
  drop(): Promise<void>;
}

/** A new database on the server of `serverUrl`, migrated, with the demo site (feed sources signed with FEED_SECRET). */
async function createScaleDatabase(serverUrl: string): Promise<TestDatabase> {
  const name = `sabai_scale_${randomBytes(6).toString('hex')}`;
  const admin = createPgDb(serverUrl, { maxConnections: 1 });
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = createPgDb(url.toString(), { maxConnections: 4 });
  try {
    await migrate(db);
    await seedDemoSite(db, { feedSecret: FEED_SECRET });
  } catch (error) {
    await db.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.close();
    throw error;
  }
  return {
    db,
    url: url.toString(),
    async drop() {
      await db.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    },
  };
}

/** The environment of an API or worker process: everything by config, as `npm run api` / `worker` read it. */
function productEnv(options: { databaseUrl: string; sandboxUrl: string; port: number; appName: string }): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    NODE_ENV: 'development',
    DATABASE_URL: options.databaseUrl,
    // Each process names its PostgreSQL connections, so the test sees when a worker is back.
    PGAPPNAME: options.appName,
    HOST: '127.0.0.1',
    PORT: String(options.port),
    LOG_LEVEL: 'warn',
    SANDBOX_URL: options.sandboxUrl,
    SANDBOX_API_KEY: SANDBOX_KEY,
    SANDBOX_FEED_SECRET: FEED_SECRET,
    BANK_TOKEN_SECRET,
    GAME_PARTNER_AGENT_ID: DEMO_PARTNER_AGENT_ID,
    GAME_PARTNER_AGENT_SECRET: DEMO_PARTNER_AGENT_SECRET,
    // HAProxy and this test (which sends each member's own address) are the trusted proxies.
    TRUST_PROXY: '127.0.0.1',
    RATE_LIMIT_SCALE: '100',
    RECOVERY_INTERVAL_MS: String(RECOVERY_INTERVAL_MS),
    // Short enough that what a killed process left open settles within the test's wait.
    OUTBOX_JOB_EXPIRE_SECONDS: '10',
    JOB_MAINTENANCE_INTERVAL_SECONDS: '2',
    PROVIDER_TIMEOUT_MS: '3000',
    PAYOUT_UNKNOWN_GRACE_MS: '8000',
    GAME_PARTNER_MAX_APPLY_MS: '1000',
    GAME_TRANSFER_VOID_GRACE_MS: '6000',
    MEMBER_LOCK_WAIT_MS: '2000',
  };
}

/** True once the process has a connection to PostgreSQL (its pool or its LISTEN session). */
async function isConnected(db: Db, appName: string): Promise<boolean> {
  const { rows } = await db.query<{ connections: bigint }>('SELECT count(*) AS connections FROM pg_stat_activity WHERE application_name = $1', [appName]);
  return (rows[0]?.connections ?? 0n) > 0n;
}

async function waitForConnection(db: Db, process_: ManagedProcess, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (await isConnected(db, process_.env.PGAPPNAME ?? '')) return;
    if (!process_.child) break;
    await sleep(200);
  }
  throw new Error(`${process_.name} did not connect to PostgreSQL within ${timeoutMs} ms (log ${process_.logPath})`);
}

/**
 * Until the first worker has run a periodic job: by then it has created every pg-boss queue. Two
 * workers starting at the same moment on a new database deadlock in pg-boss's create_queue (one
 * of them exits with 40P01; see scale/README.md), so the test starts the second one after this.
 */
async function waitForFirstPeriodicRun(db: Db, process_: ManagedProcess, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    const { rows } = await db.query<{ runs: bigint }>('SELECT count(*) AS runs FROM periodic_job_runs');
    if ((rows[0]?.runs ?? 0n) > 0n) return;
    if (!process_.child) break;
    await sleep(200);
  }
  throw new Error(`${process_.name} ran no periodic job within ${timeoutMs} ms (log ${process_.logPath})`);
}

/** The demo site's app key (the member API's `x-api-key`), as seeded. */
async function readAppId(db: Db): Promise<string> {
  const { rows } = await db.query<{ app_id: string }>('SELECT app_id FROM site_settings WHERE id = 1');
  if (!rows[0]) throw new Error('the demo site was not seeded');
  return rows[0].app_id;
}

async function main(): Promise<number> {
  const settings = readSettings(process.env);
  const startedAt = performance.now();
  const runDir = mkdtempSync(path.join(os.tmpdir(), 'sabai-scale-'));
  const processes: ManagedProcess[] = [];
  let haproxy: RunningHaproxy | undefined;
  let database: TestDatabase | undefined;
  const members: SimulatedMember[] = [];
  let isPassed = false;
  const cleanUp = async () => {
    await Promise.all(members.map((member) => member.stream?.stop()));
    await Promise.all(processes.map((process_) => stopProcess(process_)));
    await haproxy?.stop();
    await database?.drop().catch((error: unknown) => console.error(`could not drop the test database: ${String(error)}`));
  };
  const onSignal = () => {
    console.error('interrupted: stopping the processes and dropping the test database');
    void cleanUp().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    console.log(`scale test: ${settings.memberCount} members for ${settings.durationMs / 1_000} s; ${API_COUNT} API + ${WORKER_COUNT} worker processes behind HAProxy; logs in ${runDir}`);
    database = await createScaleDatabase(settings.serverUrl);
    const { db } = database;

    const sandboxPort = await findFreePort();
    const frontendPort = await findFreePort();
    const statsPort = await findFreePort();
    const balancerUrl = `http://127.0.0.1:${frontendPort}`;
    const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
    const sandbox = createManagedProcess({
      name: 'sandbox',
      kind: 'sandbox',
      entry: SANDBOX_ENTRY,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', SANDBOX_PORT: String(sandboxPort), SANDBOX_API_KEY: SANDBOX_KEY, SANDBOX_FEED_SECRET: FEED_SECRET, SABAI_API_URL: balancerUrl },
      port: sandboxPort,
      logPath: path.join(runDir, 'sandbox.log'),
    });
    processes.push(sandbox);
    const apis: ManagedProcess[] = [];
    for (let index = 1; index <= API_COUNT; index += 1) {
      const port = await findFreePort();
      apis.push(createManagedProcess({ name: `api${index}`, kind: 'api', entry: API_ENTRY, env: productEnv({ databaseUrl: database.url, sandboxUrl, port, appName: `sabai-scale-api${index}` }), port, logPath: path.join(runDir, `api${index}.log`) }));
    }
    const workers: ManagedProcess[] = [];
    for (let index = 1; index <= WORKER_COUNT; index += 1) {
      workers.push(createManagedProcess({ name: `worker${index}`, kind: 'worker', entry: WORKER_ENTRY, env: productEnv({ databaseUrl: database.url, sandboxUrl, port: 0, appName: `sabai-scale-worker${index}` }), port: null, logPath: path.join(runDir, `worker${index}.log`) }));
    }
    processes.push(...apis, ...workers);

    for (const process_ of [sandbox, ...apis, workers[0]!]) startProcess(process_, REPO_ROOT);
    await waitForFirstPeriodicRun(db, workers[0]!, START_TIMEOUT_MS);
    for (const worker of workers.slice(1)) startProcess(worker, REPO_ROOT);
    await waitForHttpOk(`${sandboxUrl}/healthz`, START_TIMEOUT_MS, sandbox);
    await Promise.all(apis.map((api) => waitForHttpOk(`http://127.0.0.1:${api.port}/healthz`, START_TIMEOUT_MS, api)));
    await Promise.all(workers.map((worker) => waitForConnection(db, worker, START_TIMEOUT_MS)));
    haproxy = await startHaproxy({ bin: settings.haproxyBin, runDir, frontendPort, statsPort, apis: apis.map((api) => ({ name: api.name, port: api.port ?? 0 })) });
    const periodsFrom = new Date(Date.now() + RECOVERY_INTERVAL_MS);
    const startupMs = performance.now() - startedAt;

    // The load, with the kills.
    const down = new Set<string>();
    const metrics = new Metrics();
    const scale: ScaleContext = {
      appId: await readAppId(db),
      balancerUrl,
      sandboxUrl,
      apis: apis.map((api) => ({ name: api.name, url: `http://127.0.0.1:${api.port}`, isUp: () => !down.has(api.name) })),
      metrics,
      gameCodes: [],
      thinkMs: { min: 1_000, max: 3_000 },
      depositBaht: { min: 500, max: 2_500 },
      withdrawalBaht: { min: 100, max: 800 },
    };
    for (let index = 0; index < settings.memberCount; index += 1) members.push(new SimulatedMember(planMember(index), scale));
    const loadStartedAt = performance.now();
    metrics.startedAt = loadStartedAt;
    const loadEndsAt = loadStartedAt + settings.durationMs;
    const rampMs = Math.min(15_000, settings.durationMs / 4);
    const kills: KillRecord[] = [];
    const chaos: ChaosEvent[] = [];
    const killAndRestart = async (process_: ManagedProcess, atMs: number, waitUntilBack: () => Promise<void>) => {
      await sleep(Math.max(0, loadStartedAt + atMs - performance.now()));
      down.add(process_.name);
      const killedAt = performance.now();
      await killHard(process_);
      kills.push({ server: process_.name, at: killedAt });
      await sleep(RESTART_AFTER_MS);
      const restartedAt = performance.now();
      startProcess(process_, REPO_ROOT);
      await waitUntilBack();
      down.delete(process_.name);
      chaos.push({ name: process_.name, killedAtMs: killedAt - loadStartedAt, restartedAtMs: restartedAt - loadStartedAt, backAtMs: performance.now() - loadStartedAt });
    };
    const killedApi = apis[1]!;
    const killedWorker = workers[0]!;
    const chaosDone = Promise.all([
      killAndRestart(killedApi, settings.durationMs / 3, () => waitForHttpOk(`http://127.0.0.1:${killedApi.port}/healthz`, START_TIMEOUT_MS, killedApi)),
      killAndRestart(killedWorker, settings.durationMs / 2, () => waitForConnection(db, killedWorker, START_TIMEOUT_MS)),
    ]);
    await Promise.all(
      members.map(async (member, index) => {
        await sleep((index * rampMs) / settings.memberCount);
        if (await member.join()) await member.play(loadEndsAt);
      }),
    );
    await chaosDone;
    const loadMs = performance.now() - loadStartedAt;
    const periodsTo = new Date();
    const serverStats: ServerStats[] = await readServerStats(haproxy.statsUrl).catch(() => []);

    // Settle: the bank sends again what Sabai never acknowledged, then everything in flight ends.
    await Promise.all(members.map((member) => member.redeliverUnacknowledged()));
    const settled = await waitForSettle(db, SETTLE_TIMEOUT_MS);
    await sleep(1_000);
    await Promise.all(members.map((member) => member.stream?.stop()));

    const checks: CheckResult[] = [];
    const joined = members.filter((member) => member.token !== null);
    const crossSignups = members.filter((member) => member.crossSignup !== null).length;
    checks.push({
      name: 'members signed up with checkBank on one API process and signup on another, then logged in through HAProxy',
      isPassed: joined.length >= Math.ceil(members.length * 0.95) && crossSignups >= Math.ceil(members.length * 0.9),
      detail: `${joined.length}/${members.length} joined; ${crossSignups} signed up across two processes (bank token from config BANK_TOKEN_SECRET)` +
        (joined.length < members.length ? `; not joined: ${[...new Set(members.filter((member) => !member.token).map((member) => member.joinError))].join(', ')}` : ''),
    });
    checks.push({
      name: 'the system settled (feed events processed, payouts and game transfers ended, outbox relayed and done)',
      isPassed: settled.isSettled,
      detail: settled.isSettled ? `after ${(settled.waitedMs / 1_000).toFixed(1)} s` : `still open after ${SETTLE_TIMEOUT_MS / 1_000} s: ${JSON.stringify(settled.open)}`,
    });
    const deposits = await checkDeposits(db, members);
    checks.push(deposits.result);
    const withdrawals = await checkWithdrawals(db, members, { url: sandboxUrl, apiKey: SANDBOX_KEY });
    checks.push(withdrawals.result);
    // The jobs whose period is the recovery interval (job-run-pruning is hourly: not counted).
    const jobNames = PERIODIC_JOBS.filter((job) => job.periodMs({ config: { RECOVERY_INTERVAL_MS } } as AppContext) === RECOVERY_INTERVAL_MS).map((job) => job.name);
    const periodic = await checkPeriodicJobs(db, { from: periodsFrom, to: periodsTo, periodMs: RECOVERY_INTERVAL_MS, jobNames });
    checks.push(...periodic.results);
    const streams = { ...analyseStreams(members, kills), exact: await countExactly(db, members) };
    checks.push(...streamCheck(streams));
    const reconcile = await runLedgerReconcile(database.url, REPO_ROOT);
    checks.push({ name: 'npm run ledger:reconcile exits 0 (every invariant holds)', isPassed: reconcile.exitCode === 0, detail: reconcile.output.split('\n').join(' | ') });
    const crashes = [...processes.flatMap((process_) => process_.unexpectedExits.map((exit) => `${process_.name}: ${exit}`)), ...haproxy.unexpectedExits.map((exit) => `haproxy: ${exit}`)];
    checks.push({ name: 'no process exited unless killed by the test', isPassed: crashes.length === 0, detail: crashes.length === 0 ? 'none' : crashes.join('; ') });
    checks.push({ name: 'the kills happened and each process came back', isPassed: chaos.length === 2, detail: chaos.map((event) => event.name).join(', ') });

    isPassed = checks.every((check) => check.isPassed);
    printReport({
      settings,
      startupMs,
      loadMs,
      metrics,
      members,
      deposits: deposits.figures,
      withdrawals: withdrawals.figures,
      chaos,
      serverStats,
      streams,
      periodicRows: periodic.rows,
      openAtEnd: await readOpenWork(db),
      settle: settled,
      outbox: await readOutboxFigures(db),
      logProblems: processes.map((process_) => ({ name: process_.name, problems: logProblems(process_.logPath) })),
      checks,
      totalMs: performance.now() - startedAt,
      isPassed,
      runDir,
    });
  } finally {
    await cleanUp();
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
    if (isPassed) rmSync(runDir, { recursive: true, force: true });
  }
  return isPassed ? 0 : 1;
}

main().then(
  (exitCode) => process.exit(exitCode),
  (error: unknown) => {
    console.error('scale test could not run:', error);
    process.exit(2);
  },
);

import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPgDb, migrate, type Db } from '@sabai/db';
import { seedDemoSite } from '@sabai/api';
import { DEMO_PARTNER_AGENT_ID, DEMO_PARTNER_AGENT_SECRET } from '@sabai/sandbox';
import { chooseServerEntry } from '../scripts/server-entry.mjs';
import { startHaproxy, type RunningHaproxy } from './haproxy.ts';
import { sleep } from './http-client.ts';
import { createManagedProcess, findFreePort, startProcess, waitForHttpOk, type ManagedProcess } from './processes.ts';

/**
 * The product as the scale test runs it: a fresh database, the sandbox, 3 API and 2 worker
 * processes configured by their environment only, and HAProxy in front of the APIs.
 */
export const REPO_ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
// The compiled bundles of `npm run build` when present and up to date (CI builds first), as
// production runs them; else the TypeScript source through tsx (docs/adr/0037).
const API_ENTRY = chooseServerEntry('api', REPO_ROOT).file;
const WORKER_ENTRY = chooseServerEntry('worker', REPO_ROOT).file;
const SANDBOX_ENTRY = chooseServerEntry('sandbox', REPO_ROOT).file;

export const API_COUNT = 3;
export const WORKER_COUNT = 2;
/** The secret the demo site's bank-feed sources are seeded with (benchmarks sign statements with it). */
export const FEED_SECRET = 'scale-test-feed-secret-0123456789';
export const SANDBOX_KEY = 'scale-test-sandbox-key';
/** Given to every API and worker by config, as production does (the same value everywhere). */
const BANK_TOKEN_SECRET = `scale-test-bank-token-${randomBytes(16).toString('hex')}`;
export const RECOVERY_INTERVAL_MS = 2_000;
export const START_TIMEOUT_MS = 60_000;

export interface TestDatabase {
  db: Db;
  url: string;
  drop(): Promise<void>;
}

/** A new database on the server of `serverUrl`, migrated, with the demo site (feed sources signed with FEED_SECRET). */
export async function createScaleDatabase(serverUrl: string): Promise<TestDatabase> {
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

/**
 * How the product's clocks are set.
 * - `crash-test` (the scale test): recovery every RECOVERY_INTERVAL_MS (2 s), short job expiry,
 *   provider timeouts and graces, so what a killed process left open settles within the test.
 * - `defaults` (the benchmarks): the product's own defaults (apps/api/src/config.ts), as an operator
 *   runs it; recovery every 10 s. A 2-s recovery loop polls the game partner for every member five
 *   times as often and would bill the benchmarks for background work production does not do.
 */
export type ProductTimings = 'crash-test' | 'defaults';

/** The environment of an API or worker process: everything by config, as `npm run api` / `worker` read it. */
function productEnv(options: { databaseUrl: string; sandboxUrl: string; port: number; appName: string; timings: ProductTimings }): Record<string, string> {
  const crashTest = {
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
    ...(options.timings === 'crash-test' ? crashTest : {}),
    // LEDGER_BATCHING=on|off in the harness's environment chooses the posting path (docs/adr/0026).
    ...(process.env.LEDGER_BATCHING ? { LEDGER_BATCHING: process.env.LEDGER_BATCHING } : {}),
  };
}

/** True once the process has a connection to PostgreSQL (its pool or its LISTEN session). */
async function isConnected(db: Db, appName: string): Promise<boolean> {
  const { rows } = await db.query<{ connections: bigint }>('SELECT count(*) AS connections FROM pg_stat_activity WHERE application_name = $1', [appName]);
  return (rows[0]?.connections ?? 0n) > 0n;
}

export async function waitForConnection(db: Db, process_: ManagedProcess, timeoutMs: number): Promise<void> {
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
export async function readAppId(db: Db): Promise<string> {
  const { rows } = await db.query<{ app_id: string }>('SELECT app_id FROM site_settings WHERE id = 1');
  if (!rows[0]) throw new Error('the demo site was not seeded');
  return rows[0].app_id;
}

/** Where everything is, once started. */
export interface RunningProduct {
  sandboxUrl: string;
  balancerUrl: string;
  apis: ManagedProcess[];
  workers: ManagedProcess[];
  haproxy: RunningHaproxy;
}

/**
 * Starts the sandbox, the APIs and the first worker, then (once it has created the job queues)
 * the second worker, then HAProxy once every API is healthy. Each process is added to `started`
 * as soon as it exists, so the caller can stop them whatever happens.
 */
export async function startProduct(
  database: TestDatabase,
  options: {
    runDir: string;
    haproxyBin: string;
    started: ManagedProcess[];
    onHaproxy: (haproxy: RunningHaproxy) => void;
    timings: ProductTimings;
    /** Process counts; default API_COUNT APIs and WORKER_COUNT workers (the scale test's). */
    processes?: { apis: number; workers: number };
    /** More configuration for every API and worker (e.g. GAME_PARTNER_PROVIDER=hub88 and its keys). */
    extraEnv?: Record<string, string>;
  },
): Promise<RunningProduct> {
  const { db } = database;
  const [sandboxPort, frontendPort, statsPort] = [await findFreePort(), await findFreePort(), await findFreePort()];
  const balancerUrl = `http://127.0.0.1:${frontendPort}`;
  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  const sandbox = createManagedProcess({
    name: 'sandbox',
    kind: 'sandbox',
    entry: SANDBOX_ENTRY,
    // Its bank notifies Sabai through HAProxy, as an operator's connector would reach the site.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', SANDBOX_PORT: String(sandboxPort), SANDBOX_API_KEY: SANDBOX_KEY, SANDBOX_FEED_SECRET: FEED_SECRET, SABAI_API_URL: balancerUrl },
    port: sandboxPort,
    logPath: path.join(options.runDir, 'sandbox.log'),
  });
  const apis: ManagedProcess[] = [];
  const { apis: apiCount, workers: workerCount } = options.processes ?? { apis: API_COUNT, workers: WORKER_COUNT };
  for (let index = 1; index <= apiCount; index += 1) {
    const port = await findFreePort();
    const env = { ...productEnv({ databaseUrl: database.url, sandboxUrl, port, appName: `sabai-scale-api${index}`, timings: options.timings }), ...options.extraEnv };
    apis.push(createManagedProcess({ name: `api${index}`, kind: 'api', entry: API_ENTRY, env, port, logPath: path.join(options.runDir, `api${index}.log`) }));
  }
  const workers: ManagedProcess[] = [];
  for (let index = 1; index <= workerCount; index += 1) {
    const env = { ...productEnv({ databaseUrl: database.url, sandboxUrl, port: 0, appName: `sabai-scale-worker${index}`, timings: options.timings }), ...options.extraEnv };
    workers.push(createManagedProcess({ name: `worker${index}`, kind: 'worker', entry: WORKER_ENTRY, env, port: null, logPath: path.join(options.runDir, `worker${index}.log`) }));
  }
  options.started.push(sandbox, ...apis, ...workers);

  const [firstWorker, ...otherWorkers] = workers;
  if (!firstWorker) throw new Error('no worker to start');
  for (const process_ of [sandbox, ...apis, firstWorker]) startProcess(process_, REPO_ROOT);
  await waitForFirstPeriodicRun(db, firstWorker, START_TIMEOUT_MS);
  for (const worker of otherWorkers) startProcess(worker, REPO_ROOT);
  await waitForHttpOk(`${sandboxUrl}/healthz`, START_TIMEOUT_MS, sandbox);
  await Promise.all(apis.map((api) => waitForHttpOk(`http://127.0.0.1:${api.port}/healthz`, START_TIMEOUT_MS, api)));
  await Promise.all(workers.map((worker) => waitForConnection(db, worker, START_TIMEOUT_MS)));
  // HAPROXY_SERVER_CONNECTIONS=close: the earlier one request per server connection, for before/after runs (docs/adr/0061).
  const serverConnections = process.env.HAPROXY_SERVER_CONNECTIONS === 'close' ? 'close' : 'keep-alive';
  const haproxy = await startHaproxy({ bin: options.haproxyBin, runDir: options.runDir, frontendPort, statsPort, serverConnections, apis: apis.map((api) => ({ name: api.name, port: api.port ?? 0 })) });
  options.onHaproxy(haproxy);
  return { sandboxUrl, balancerUrl, apis, workers, haproxy };
}

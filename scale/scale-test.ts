import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '@sabai/db';
import type { AppContext } from '@sabai/api';
import { PERIODIC_JOBS } from '../apps/api/src/worker/periodic-jobs.ts';
import { checkDeposits, checkPeriodicJobs, checkWithdrawals, readOpenWork, readOutboxFigures, runLedgerReconcile, waitForSettle, type CheckResult } from './checks.ts';
import { DEFAULT_HAPROXY_BIN, type RunningHaproxy } from './haproxy.ts';
import { sleep } from './http-client.ts';
import { runLoad, type LoadOutcome } from './load.ts';
import { logProblems, stopProcess, type ManagedProcess } from './processes.ts';
import { API_COUNT, createScaleDatabase, RECOVERY_INTERVAL_MS, REPO_ROOT, SANDBOX_KEY, startProduct, WORKER_COUNT, type RunningProduct, type TestDatabase } from './product.ts';
import { printReport } from './report.ts';
import type { SimulatedMember } from './simulated-member.ts';
import { analyseStreams, countExactly, streamCheck } from './stream-checks.ts';

/**
 * `npm run test:scale` (issue 10 §6): the product as production runs it — 3 API processes behind
 * HAProxy, 2 workers, the sandbox providers — on a fresh PostgreSQL database, under simulated
 * members for SCALE_DURATION_S (60) seconds, with an API and a worker killed with SIGKILL and
 * started again mid-run. Then it waits for the system to settle and checks that no acknowledged
 * operation was lost or doubled, the periodic jobs ran once per period, live streams heard their
 * deposits, and the ledger reconciles. See scale/README.md. Exits 1 on a failed check, 2 when it
 * could not run.
 */

/** The worker drains the outbox backlog the load leaves (scale/README.md): up to ~30 s here, bounded at 90 s. */
const SETTLE_TIMEOUT_MS = 90_000;
/** Late balance events still arriving after the system settled. */
const LAST_EVENTS_MS = 1_000;

interface ScaleSettings {
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

/** What must be stopped at the end, whatever happened: filled in as things start. */
interface Resources {
  database?: TestDatabase;
  processes: ManagedProcess[];
  haproxy?: RunningHaproxy;
  members: SimulatedMember[];
}

async function cleanUp(resources: Resources): Promise<void> {
  await Promise.all(resources.members.map((member) => member.stream?.stop()));
  await Promise.all(resources.processes.map((process_) => stopProcess(process_)));
  await resources.haproxy?.stop();
  await resources.database?.drop().catch((error: unknown) => console.error(`could not drop the test database: ${String(error)}`));
}

/** Every check of the run, in the order printed (scale/README.md "The checks"). */
async function verify(db: Db, database: TestDatabase, product: RunningProduct, members: readonly SimulatedMember[], load: LoadOutcome, periodsFrom: Date) {
  const settled = await waitForSettle(db, SETTLE_TIMEOUT_MS);
  await sleep(LAST_EVENTS_MS);
  await Promise.all(members.map((member) => member.stream?.stop()));

  const checks: CheckResult[] = [];
  const joined = members.filter((member) => member.token !== null);
  const crossSignups = members.filter((member) => member.crossSignup !== null).length;
  const notJoined = [...new Set(members.filter((member) => !member.token).map((member) => member.joinError))];
  checks.push({
    name: 'members signed up with checkBank on one API process and signup on another, then logged in through HAProxy',
    isPassed: joined.length >= Math.ceil(members.length * 0.95) && crossSignups >= Math.ceil(members.length * 0.9),
    detail: `${joined.length}/${members.length} joined; ${crossSignups} signed up across two processes (bank token from config BANK_TOKEN_SECRET)` + (notJoined.length > 0 ? `; not joined: ${notJoined.join(', ')}` : ''),
  });
  checks.push({
    name: 'the system settled (feed events processed, payouts and game transfers ended, outbox relayed and done)',
    isPassed: settled.isSettled,
    detail: settled.isSettled ? `after ${(settled.waitedMs / 1_000).toFixed(1)} s` : `still open after ${SETTLE_TIMEOUT_MS / 1_000} s: ${JSON.stringify(settled.open)}`,
  });
  const deposits = await checkDeposits(db, members);
  const withdrawals = await checkWithdrawals(db, members, { url: product.sandboxUrl, apiKey: SANDBOX_KEY });
  checks.push(deposits.result, withdrawals.result);
  // The jobs whose period is the recovery interval (job-run-pruning is hourly: not counted).
  const jobNames = PERIODIC_JOBS.filter((job) => job.periodMs({ config: { RECOVERY_INTERVAL_MS } } as AppContext) === RECOVERY_INTERVAL_MS).map((job) => job.name);
  const periodic = await checkPeriodicJobs(db, { from: periodsFrom, to: load.endedAt, periodMs: RECOVERY_INTERVAL_MS, jobNames });
  checks.push(...periodic.results);
  const streams = { ...analyseStreams(members, load.kills), exact: await countExactly(db, members) };
  checks.push(...streamCheck(streams));
  const reconcile = await runLedgerReconcile(database.url, REPO_ROOT);
  checks.push({ name: 'npm run ledger:reconcile exits 0 (every invariant holds)', isPassed: reconcile.exitCode === 0, detail: reconcile.output.split('\n').join(' | ') });
  const processes = [...product.apis, ...product.workers];
  const crashes = [...processes.flatMap((process_) => process_.unexpectedExits.map((exit) => `${process_.name}: ${exit}`)), ...product.haproxy.unexpectedExits.map((exit) => `haproxy: ${exit}`)];
  checks.push({ name: 'no process exited unless killed by the test', isPassed: crashes.length === 0, detail: crashes.length === 0 ? 'none' : crashes.join('; ') });
  checks.push({ name: 'the kills happened and each process came back', isPassed: load.chaos.length === 2, detail: load.chaos.map((event) => event.name).join(', ') });
  return {
    checks,
    settle: settled,
    deposits: deposits.figures,
    withdrawals: withdrawals.figures,
    periodicRows: periodic.rows,
    streams,
    openAtEnd: await readOpenWork(db),
    outbox: await readOutboxFigures(db),
  };
}

async function main(): Promise<number> {
  const settings = readSettings(process.env);
  const startedAt = performance.now();
  const runDir = mkdtempSync(path.join(os.tmpdir(), 'sabai-scale-'));
  const resources: Resources = { processes: [], members: [] };
  let cleaningUp: Promise<void> | undefined;
  const cleanUpOnce = () => (cleaningUp ??= cleanUp(resources));
  const onSignal = () => {
    console.error('interrupted: stopping the processes and dropping the test database');
    void cleanUpOnce().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  let isPassed = false;
  try {
    console.log(`scale test: ${settings.memberCount} members for ${settings.durationMs / 1_000} s; ${API_COUNT} API + ${WORKER_COUNT} worker processes behind HAProxy; logs in ${runDir}`);
    console.log('BANK_TOKEN_SECRET is given by config, the same to every API process (as production); checkBank and signup run on different processes');
    const database = await createScaleDatabase(settings.serverUrl);
    resources.database = database;
    const product = await startProduct(database, { runDir, haproxyBin: settings.haproxyBin, started: resources.processes, onHaproxy: (haproxy) => (resources.haproxy = haproxy), timings: 'crash-test' });
    const periodsFrom = new Date(Date.now() + RECOVERY_INTERVAL_MS);
    const startupMs = performance.now() - startedAt;

    const load = await runLoad(database.db, product, { durationMs: settings.durationMs, memberCount: settings.memberCount, members: resources.members });
    // The bank sends again what Sabai never acknowledged (as an operator would ask it to).
    await Promise.all(resources.members.map((member) => member.redeliverUnacknowledged()));
    const verified = await verify(database.db, database, product, resources.members, load, periodsFrom);
    isPassed = verified.checks.every((check) => check.isPassed);
    printReport({
      ...verified,
      settings,
      startupMs,
      loadMs: load.loadMs,
      metrics: load.metrics,
      members: resources.members,
      chaos: load.chaos,
      serverStats: load.serverStats,
      logProblems: resources.processes.map((process_) => ({ name: process_.name, problems: logProblems(process_.logPath) })),
      totalMs: performance.now() - startedAt,
      isPassed,
      runDir,
    });
  } finally {
    await cleanUpOnce();
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

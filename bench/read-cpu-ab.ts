import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { DEFAULT_HAPROXY_BIN, startHaproxy, type RunningHaproxy } from '../scale/haproxy.ts';
import { Metrics } from '../scale/metrics.ts';
import { createManagedProcess, findFreePort, startProcess, stopProcess, waitForHttpOk, type ManagedProcess } from '../scale/processes.ts';
import { createScaleDatabase, readAppId, REPO_ROOT, startProduct, type TestDatabase } from '../scale/product.ts';
import { planMember, SimulatedMember, type ScaleContext } from '../scale/simulated-member.ts';
import { envInteger } from './env-integer.ts';
import { cpuMsOf, hostBusyMs } from './proc-cpu.ts';

/**
 * `npx tsx bench/read-cpu-ab.ts` (issue 29 §3, docs/adr/0061): CPU per read call, process by
 * process, of two builds of the API side by side in the same time window (interleaved A/B), so a
 * shared, loaded host hits both alike. Side B is this checkout (its compiled API, `npm run
 * build:servers`, behind HAProxy as scale/haproxy.ts configures it); side A is another API bundle
 * (`AB_BASE_ENTRY`, default apps/api/dist-base/server.mjs) behind HAProxy configured as
 * `AB_BASE_SERVER_CONNECTIONS` (`close`, the earlier one request per server connection, or
 * `keep-alive`). Both sides share one database, the sandbox and the worker. The base bundle must sit
 * one folder below apps/api (its paths to migrations and assets are relative to it, docs/adr/0037):
 * check out the base commit, `npm run build:servers`, copy its apps/api/dist/*.mjs to this
 * checkout's apps/api/dist-base/ (untracked; remove it before `npm run lint`, which would read it).
 *
 * Each round runs every read call through each side (order alternating per round) for
 * AB_SECONDS under autocannon (16 connections) and takes, per answered call, the CPU (user +
 * system, /proc/<pid>/stat) of: the side's APIs, its HAProxy, its PostgreSQL backends (found by
 * application_name), the shared worker and sandbox, and the whole host less this process (the
 * load generator). Prints the median of AB_ROUNDS rounds. Figures only; asserts nothing.
 */
const CONNECTIONS = 16;
const seconds = envInteger('AB_SECONDS', 5, 1, 120);
const rounds = envInteger('AB_ROUNDS', 5, 1, 50);
const memberCount = envInteger('AB_MEMBERS', 40, 2, 1_000);
const baseEntry = path.resolve(REPO_ROOT, process.env.AB_BASE_ENTRY ?? 'apps/api/dist-base/server.mjs');
const baseServerConnections = process.env.AB_BASE_SERVER_CONNECTIONS === 'keep-alive' ? 'keep-alive' : 'close';
const callNames = (process.env.AB_CALLS ?? 'refresh,balance,deposit history,withdraw history').split(',').map((name) => name.trim());

const CALL_PATHS: Record<string, string> = {
  refresh: '/auth-service/v1/refresh',
  balance: '/user-profile-composite/v1/profile/balance',
  'deposit history': '/user-profile-composite/v1/history/deposit',
  'withdraw history': '/user-profile-composite/v1/history/withdraw',
};

const ownCpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1_000;
};

interface Side {
  name: string;
  url: string;
  apiPids: number[];
  haproxyPid: number;
  appNames: string[];
}

const PARTS = ['api', 'haproxy', 'postgres', 'worker', 'sandbox', 'host-less-generator'] as const;
type Part = (typeof PARTS)[number];

async function main(): Promise<void> {
  const runDir = mkdtempSync(path.join(os.tmpdir(), 'sabai-read-ab-'));
  const started: ManagedProcess[] = [];
  const balancers: RunningHaproxy[] = [];
  let database: TestDatabase | undefined;
  try {
    const serverUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
    database = await createScaleDatabase(serverUrl);
    const product = await startProduct(database, {
      runDir, haproxyBin: process.env.HAPROXY_BIN || DEFAULT_HAPROXY_BIN, started, onHaproxy: (running) => balancers.push(running), timings: 'defaults', processes: { apis: 2, workers: 1 },
      // AB_LOG_LEVEL=info: both sides log as production does by default (LOG_LEVEL's default).
      extraEnv: process.env.AB_LOG_LEVEL ? { LOG_LEVEL: process.env.AB_LOG_LEVEL } : {},
    });
    // Side A: the base bundle, its own APIs and HAProxy.
    const baseApis: ManagedProcess[] = [];
    for (const [index, template] of product.apis.entries()) {
      const port = await findFreePort();
      const api = createManagedProcess({ name: `base-api${index + 1}`, kind: 'api', entry: baseEntry, env: { ...template.env, PORT: String(port), PGAPPNAME: `sabai-ab-base-api${index + 1}` }, port, logPath: path.join(runDir, `base-api${index + 1}.log`) });
      started.push(api);
      baseApis.push(api);
      startProcess(api, REPO_ROOT);
    }
    await Promise.all(baseApis.map((api) => waitForHttpOk(`http://127.0.0.1:${api.port}/healthz`, 60_000, api)));
    const baseHaproxyDir = mkdtempSync(path.join(runDir, 'base-haproxy-'));
    const baseHaproxy = await startHaproxy({
      bin: process.env.HAPROXY_BIN || DEFAULT_HAPROXY_BIN, runDir: baseHaproxyDir, frontendPort: await findFreePort(), statsPort: await findFreePort(),
      apis: baseApis.map((api) => ({ name: api.name, port: api.port ?? 0 })), serverConnections: baseServerConnections,
    });
    balancers.push(baseHaproxy);
    const sides: Side[] = [
      { name: `A base (${path.relative(REPO_ROOT, baseEntry)}, haproxy ${baseServerConnections})`, url: baseHaproxy.url, apiPids: baseApis.map((api) => api.child!.pid!), haproxyPid: baseHaproxy.pid!, appNames: baseApis.map((api) => api.env.PGAPPNAME!) },
      { name: 'B this checkout', url: product.haproxy.url, apiPids: product.apis.map((api) => api.child!.pid!), haproxyPid: product.haproxy.pid!, appNames: product.apis.map((api) => api.env.PGAPPNAME!) },
    ];
    const workerPids = product.workers.map((worker) => worker.child!.pid!);
    const sandboxPid = started.find((process_) => process_.kind === 'sandbox')!.child!.pid!;

    const appId = await readAppId(database.db);
    const scale: ScaleContext = {
      appId, balancerUrl: product.balancerUrl, sandboxUrl: product.sandboxUrl,
      apis: product.apis.map((api) => ({ name: api.name, url: `http://127.0.0.1:${api.port}`, isUp: () => api.child !== null })),
      metrics: new Metrics(), gameCodes: [], thinkMs: { min: 0, max: 0 }, depositBaht: { min: 20_000, max: 20_000 }, withdrawalBaht: { min: 100, max: 100 },
    };
    const members = Array.from({ length: memberCount }, (_, index) => new SimulatedMember(planMember(index), scale));
    for (let start = 0; start < members.length; start += 20) {
      await Promise.all(members.slice(start, start + 20).map(async (member) => {
        if (await member.join()) await member.deposit();
        await member.stream?.stop();
      }));
    }
    const funded = members.filter((member) => member.token !== null && member.deposits.some((deposit) => deposit.isAcknowledged));
    console.log(`read-cpu-ab: ${funded.length} funded members, ${rounds} rounds × ${seconds} s per call per side, ${CONNECTIONS} connections; A = ${sides[0]!.name}`);
    let turn = 0;

    const postgresPids = async (side: Side) => {
      const { rows } = await database!.db.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE application_name = ANY($1::text[])', [side.appNames]);
      return rows.map((row) => Number(row.pid));
    };
    const figures = new Map<string, Record<Part, number[]> & { rps: number[]; errors: number }>();
    const runOne = async (side: Side, call: string) => {
      const before = { api: cpuMsOf(side.apiPids), haproxy: cpuMsOf([side.haproxyPid]), worker: cpuMsOf(workerPids), sandbox: cpuMsOf([sandboxPid]), host: hostBusyMs(), own: ownCpuMs() };
      const pgPids = await postgresPids(side);
      const pgBefore = cpuMsOf(pgPids);
      let answered = 0;
      let errors = 0;
      const result = await autocannon({
        url: side.url, connections: CONNECTIONS, duration: seconds, timeout: 10,
        requests: [{
          method: 'GET', path: CALL_PATHS[call]!,
          setupRequest: (request) => {
            const member = funded[turn++ % funded.length]!;
            return { ...request, headers: { 'x-api-key': appId, authorization: `Bearer ${member.token ?? ''}` } };
          },
          onResponse: (status) => {
            answered += 1;
            if (status !== 200) errors += 1;
          },
        }],
      });
      const pgAfter = cpuMsOf(await postgresPids(side));
      const key = `${call} | ${side.name}`;
      const entry = figures.get(key) ?? { api: [], haproxy: [], postgres: [], worker: [], sandbox: [], 'host-less-generator': [], rps: [], errors: 0 };
      const per = (value: number) => value / Math.max(answered, 1);
      entry.api.push(per(cpuMsOf(side.apiPids) - before.api));
      entry.haproxy.push(per(cpuMsOf([side.haproxyPid]) - before.haproxy));
      entry.postgres.push(per(pgAfter - pgBefore));
      entry.worker.push(per(cpuMsOf(workerPids) - before.worker));
      entry.sandbox.push(per(cpuMsOf([sandboxPid]) - before.sandbox));
      entry['host-less-generator'].push(per(hostBusyMs() - before.host - (ownCpuMs() - before.own)));
      entry.rps.push(answered / result.duration);
      entry.errors += errors + result.errors + result.timeouts;
      figures.set(key, entry);
    };
    for (let round = 0; round < rounds; round += 1) {
      for (const call of callNames) {
        const chosen = sides.filter((side) => process.env.AB_SIDES === undefined || process.env.AB_SIDES.split(',').includes(side.name[0]!));
        const order = round % 2 === 0 ? chosen : [...chosen].reverse();
        for (const side of order) await runOne(side, call);
      }
      console.log(`  round ${round + 1}/${rounds} done, load ${os.loadavg()[0]!.toFixed(2)}`);
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    console.log(`\nCPU ms per answered call, median of ${rounds} rounds (process /proc user+system; postgres = the side's backends)`);
    console.log(`| call | side | req/s | ${PARTS.join(' | ')} | errors |`);
    console.log(`| --- | --- | --: | ${PARTS.map(() => '--:').join(' | ')} | --: |`);
    for (const [key, entry] of figures) {
      const [call, side] = key.split(' | ');
      console.log(`| ${call} | ${side} | ${median(entry.rps).toFixed(0)} | ${PARTS.map((part) => median(entry[part]).toFixed(3)).join(' | ')} | ${entry.errors} |`);
    }
    console.log(`load: ${os.loadavg().map((load) => load.toFixed(2)).join(' ')}`);
  } finally {
    await Promise.all(started.map((process_) => stopProcess(process_)));
    for (const balancer of balancers) await balancer.stop();
    await database?.drop().catch((error: unknown) => console.error(`could not drop: ${String(error)}`));
    rmSync(runDir, { recursive: true, force: true });
  }
}

main().then(() => process.exit(0), (error: unknown) => {
  console.error(error);
  process.exit(1);
});

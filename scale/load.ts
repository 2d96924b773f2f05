import type { Db } from '@sabai/db';
import { readServerStats, type ServerStats } from './haproxy.ts';
import { sleep } from './http-client.ts';
import { Metrics } from './metrics.ts';
import { killHard, startProcess, waitForHttpOk, type ManagedProcess } from './processes.ts';
import { readAppId, REPO_ROOT, START_TIMEOUT_MS, waitForConnection, type RunningProduct } from './product.ts';
import type { ChaosEvent } from './report.ts';
import { planMember, SimulatedMember, type ScaleContext } from './simulated-member.ts';
import type { KillRecord } from './stream-checks.ts';

/** How long a killed process stays down before it is started again. */
const RESTART_AFTER_MS = 4_000;
/** Members join over the first quarter of the run, at most this long. */
const MAX_RAMP_MS = 15_000;

export interface LoadOutcome {
  metrics: Metrics;
  kills: KillRecord[];
  chaos: ChaosEvent[];
  loadMs: number;
  /** Wall clock when the load ended (periodic job periods are counted up to it). */
  endedAt: Date;
  serverStats: ServerStats[];
}

/**
 * The members' run through HAProxy (they are added to `members` as they are created, so the caller
 * can close their streams whatever happens), with an API killed at ⅓ and a worker at ½ of it, each
 * started again RESTART_AFTER_MS later.
 */
export async function runLoad(
  db: Db,
  product: RunningProduct,
  options: { durationMs: number; memberCount: number; members: SimulatedMember[] },
): Promise<LoadOutcome> {
  const down = new Set<string>();
  const metrics = new Metrics();
  const scale: ScaleContext = {
    appId: await readAppId(db),
    balancerUrl: product.balancerUrl,
    sandboxUrl: product.sandboxUrl,
    apis: product.apis.map((api) => ({ name: api.name, url: `http://127.0.0.1:${api.port}`, isUp: () => !down.has(api.name) })),
    metrics,
    gameCodes: [],
    thinkMs: { min: 1_000, max: 3_000 },
    depositBaht: { min: 500, max: 2_500 },
    withdrawalBaht: { min: 100, max: 800 },
  };
  for (let index = 0; index < options.memberCount; index += 1) options.members.push(new SimulatedMember(planMember(index), scale));
  const loadStartedAt = performance.now();
  metrics.startedAt = loadStartedAt;
  const loadEndsAt = loadStartedAt + options.durationMs;
  const rampMs = Math.min(MAX_RAMP_MS, options.durationMs / 4);
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
  const killedApi = product.apis[1];
  const killedWorker = product.workers[0];
  if (!killedApi || !killedWorker) throw new Error('the run needs a second API and a worker to kill');
  const chaosDone = Promise.all([
    killAndRestart(killedApi, options.durationMs / 3, () => waitForHttpOk(`http://127.0.0.1:${killedApi.port}/healthz`, START_TIMEOUT_MS, killedApi)),
    killAndRestart(killedWorker, options.durationMs / 2, () => waitForConnection(db, killedWorker, START_TIMEOUT_MS)),
  ]);
  await Promise.all(
    options.members.map(async (member, index) => {
      await sleep((index * rampMs) / options.memberCount);
      if (await member.join()) await member.play(loadEndsAt);
    }),
  );
  await chaosDone;
  return {
    metrics,
    kills,
    chaos,
    loadMs: performance.now() - loadStartedAt,
    endedAt: new Date(),
    serverStats: await readServerStats(product.haproxy.statsUrl).catch(() => []),
  };
}

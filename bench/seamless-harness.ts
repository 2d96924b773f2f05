import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  DEMO_HUB88_OPERATOR_ID,
  DEMO_HUB88_OPERATOR_PRIVATE_KEY,
  HUB88_SLOT_CODE,
  Hub88WalletCaller,
  SANDBOX_HUB88_PRIVATE_KEY,
  SANDBOX_HUB88_PUBLIC_KEY,
} from '@sabai/sandbox';
import { createPgDb } from '@sabai/db';
import type { RunningHaproxy } from '../scale/haproxy.ts';
import { callJson, readString } from '../scale/http-client.ts';
import { Metrics } from '../scale/metrics.ts';
import type { ManagedProcess } from '../scale/processes.ts';
import { createScaleDatabase, readAppId, REPO_ROOT, SANDBOX_KEY, startProduct, type ProductTimings, type RunningProduct, type TestDatabase } from '../scale/product.ts';
import { planMember, SimulatedMember, type ScaleContext } from '../scale/simulated-member.ts';

/**
 * What bench:seamless and test:seamless-crash share (docs/adr/0047): the product with
 * GAME_PARTNER_PROVIDER=hub88 (the sandbox Hub88's demo keys), members who joined, deposited
 * through the sandbox bank and launched a Hub88 game (so Sabai issued each a session token, which
 * the sandbox Hub88 received in /game/url), and a Wallet API caller that signs as Hub88.
 */

/** The API's configuration for the sandbox Hub88 (the published demo keys; never production). */
export function hub88ProductEnv(): Record<string, string> {
  return {
    GAME_PARTNER_PROVIDER: 'hub88',
    HUB88_PUBLIC_KEY: SANDBOX_HUB88_PUBLIC_KEY,
    HUB88_PRIVATE_KEY: DEMO_HUB88_OPERATOR_PRIVATE_KEY,
    HUB88_OPERATOR_ID: String(DEMO_HUB88_OPERATOR_ID),
  };
}

/** A member as Hub88 knows it: the user id and session token Sabai gave Hub88 at launch. */
export interface SeamlessPlayer {
  user: string;
  token: string;
  gameCode: string;
}

export interface SeamlessSetup {
  database: TestDatabase;
  product: RunningProduct;
  players: SeamlessPlayer[];
  /** Signs as the sandbox Hub88 and calls `${balancer}/seamless/hub88/…`. */
  caller: Hub88WalletCaller;
}

export interface SeamlessSetupOptions {
  serverUrl: string;
  haproxyBin: string;
  runDir: string;
  started: ManagedProcess[];
  onHaproxy: (haproxy: RunningHaproxy) => void;
  onDatabase: (database: TestDatabase) => void;
  timings: ProductTimings;
  processes: { apis: number; workers: number };
  members: number;
  depositBaht: number;
  /** Per wallet call attempt. */
  callTimeoutMs: number;
}

async function inBatches<T>(items: readonly T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  for (let start = 0; start < items.length; start += size) await Promise.all(items.slice(start, start + size).map(work));
}

/** Starts everything and prepares the players. @throws when no member could be funded or launched. */
export async function setUpSeamless(options: SeamlessSetupOptions): Promise<SeamlessSetup> {
  const database = await createScaleDatabase(options.serverUrl);
  options.onDatabase(database);
  const product = await startProduct(database, {
    runDir: options.runDir,
    haproxyBin: options.haproxyBin,
    started: options.started,
    onHaproxy: options.onHaproxy,
    timings: options.timings,
    processes: options.processes,
    extraEnv: hub88ProductEnv(),
  });
  const appId = await readAppId(database.db);
  const metrics = new Metrics();
  const scale: ScaleContext = {
    appId,
    balancerUrl: product.balancerUrl,
    sandboxUrl: product.sandboxUrl,
    apis: product.apis.map((api) => ({ name: api.name, url: `http://127.0.0.1:${api.port}`, isUp: () => api.child !== null })),
    metrics,
    gameCodes: [],
    thinkMs: { min: 0, max: 0 },
    depositBaht: { min: options.depositBaht, max: options.depositBaht },
    withdrawalBaht: { min: 100, max: 100 },
  };
  const members = Array.from({ length: options.members }, (_, index) => new SimulatedMember(planMember(index), scale));
  await inBatches(members, 20, async (member) => {
    if (await member.join()) await member.deposit();
    await member.stream?.stop();
  });
  const funded = members.filter((member) => member.token !== null && member.deposits.some((deposit) => deposit.isAcknowledged));
  if (funded.length === 0) throw new Error(`no member could be funded: ${[...new Set(members.map((member) => member.joinError))].join(', ')}`);

  const players: SeamlessPlayer[] = [];
  const launchProblems = new Map<string, number>();
  await inBatches(funded, 20, async (member) => {
    const player = await launch(product, appId, metrics, member.token ?? '');
    if (typeof player === 'string') launchProblems.set(player, (launchProblems.get(player) ?? 0) + 1);
    else players.push(player);
  });
  if (players.length === 0) throw new Error(`no member could launch a Hub88 game: ${[...launchProblems.keys()].join(', ')}`);
  const caller = new Hub88WalletCaller({ walletUrl: () => `${product.balancerUrl}/seamless/hub88`, privateKeyPem: SANDBOX_HUB88_PRIVATE_KEY, timeoutMs: options.callTimeoutMs });
  return { database, product, players, caller };
}

/** One member launches the slot through Sabai; the sandbox Hub88 tells who and which token. Returns a problem text on failure. */
async function launch(product: RunningProduct, appId: string, metrics: Metrics, memberToken: string): Promise<SeamlessPlayer | string> {
  const headers = { 'x-api-key': appId, authorization: `Bearer ${memberToken}` };
  const launched = await callJson(metrics, null, `${product.balancerUrl}/game-composite/v1/launch`, { method: 'POST', headers, body: { gameCode: HUB88_SLOT_CODE } });
  const url = readString((launched.body as { data?: unknown } | null)?.data, 'url');
  const sessionId = url?.split('/games/hub88/session/')[1];
  if (launched.status !== 200 || !sessionId) return `launch ${launched.status} ${launched.code ?? ''}`;
  const sessions = await callJson(metrics, null, `${product.sandboxUrl}/hub88/sandbox/sessions`, { method: 'GET', headers: { 'x-sandbox-key': SANDBOX_KEY } });
  const list = (sessions.body as { sessions?: Array<{ id: string; user: string; token: string; game_code: string }> } | null)?.sessions ?? [];
  const session = list.find((candidate) => candidate.id === sessionId);
  return session ? { user: session.user, token: session.token, gameCode: session.game_code } : 'session not found at the sandbox Hub88';
}

/** `npm run ledger:reconcile -- --full` against the database: its exit code and output. */
export function reconcileLedger(databaseUrl: string): { ok: boolean; output: string } {
  const run = spawnSync('npx', ['tsx', 'scripts/ledger-reconcile.ts', '--full'], { cwd: REPO_ROOT, env: { ...process.env, DATABASE_URL: databaseUrl }, encoding: 'utf8' });
  return { ok: run.status === 0, output: `${run.stdout}${run.stderr}`.trim() };
}

/** pgbench TPC-B on a scratch database of the same server (as bench:http): -i -s 10, then -c 16 -j 2 -T seconds -M prepared. */
export async function runPgbench(serverUrl: string, pgbench: string, seconds: number): Promise<number> {
  const name = `sabai_bench_seamless_${randomBytes(4).toString('hex')}_pgbench`;
  const admin = createPgDb(serverUrl, { maxConnections: 1 });
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const init = spawnSync(pgbench, ['-i', '-s', '10', '-q', url.toString()], { encoding: 'utf8' });
    if (init.status !== 0) throw new Error(`pgbench -i failed: ${init.stderr}`);
    const run = spawnSync(pgbench, ['-c', '16', '-j', '2', '-T', String(seconds), '-M', 'prepared', '-n', url.toString()], { encoding: 'utf8' });
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(run.stdout)?.[1];
    if (run.status !== 0 || tps === undefined) throw new Error(`pgbench failed: ${run.stderr}${run.stdout}`);
    return Number(tps);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.close();
  }
}

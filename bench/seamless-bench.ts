import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Hub88WalletCaller, WalletPath } from '@sabai/sandbox';
import { DEFAULT_HAPROXY_BIN, type RunningHaproxy } from '../scale/haproxy.ts';
import { percentile } from '../scale/metrics.ts';
import { stopProcess, type ManagedProcess } from '../scale/processes.ts';
import type { TestDatabase } from '../scale/product.ts';
import { benchProcesses } from './bench-processes.ts';
import { envInteger } from './env-integer.ts';
import { reconcileLedger, runPgbench, setUpSeamless, type SeamlessPlayer } from './seamless-harness.ts';

/**
 * `npm run bench:seamless` (issue 30 §5): Hub88's bet and win callbacks, signed as the sandbox
 * Hub88 signs them, through HAProxy to BENCH_APIS API processes (default 2 on this machine) with
 * GAME_PARTNER_PROVIDER=hub88, for BENCH_SEAMLESS_MEMBERS members (200) who launched a game, at
 * a constant rate from 16 concurrent callers. The rate is BENCH_SEAMLESS_RATE callbacks/s, or by
 * default the target itself: 0.5 × the pgbench TPC-B tps measured first in the same run (so the
 * question is "does Sabai keep that pace at p99 ≤ 50 ms"). Signatures are made before the clock
 * starts (RSA signing is Hub88's cost, not Sabai's). Then `ledger:reconcile --full`. Prints a
 * table; exits 0 unless it crashed or could not start (2). See bench/README.md.
 */

const CALLERS = 16;
const TARGET_RATIO = 0.5;
const TARGET_P99_MS = 50;
const DEPOSIT_BAHT = 20_000;
const BET_UNITS = 1_000_000; // 10.00 baht
const WIN_PATTERN = [0, 0, 2 * BET_UNITS, 0, BET_UNITS, 0, 0, 3 * BET_UNITS, 0, 0]; // 60 % losses, RTP 60 %

interface Settings {
  members: number;
  seconds: number;
  rate: number | null;
  serverUrl: string;
  haproxyBin: string;
  pgbench: string;
}

function readSettings(): Settings {
  const pgbenchDefault = '/usr/lib/postgresql/15/bin/pgbench';
  return {
    members: envInteger('BENCH_SEAMLESS_MEMBERS', 200, 2, 5_000),
    seconds: envInteger('BENCH_SEAMLESS_SECONDS', 20, 2, 600),
    rate: process.env.BENCH_SEAMLESS_RATE ? envInteger('BENCH_SEAMLESS_RATE', 100, 1, 100_000) : null,
    serverUrl: process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
    haproxyBin: process.env.HAPROXY_BIN || DEFAULT_HAPROXY_BIN,
    pgbench: process.env.BENCH_PGBENCH || (existsSync(pgbenchDefault) ? pgbenchDefault : 'pgbench'),
  };
}

/** One callback, built and signed before the run. */
interface SignedCall {
  path: WalletPath;
  body: string;
  signature: string;
}

/** A round's bet and win, signed ahead (the win references the bet). */
function signRound(caller: Hub88WalletCaller, player: SeamlessPlayer, index: number): [SignedCall, SignedCall] {
  const round = `bench_${index}_${randomUUID()}`;
  const betUuid = randomUUID();
  const common = { user: player.user, token: player.token, supplier_user: `sup_${player.user}`, round, game_code: player.gameCode, currency: 'THB', is_free: false };
  const bet = JSON.stringify({ ...common, transaction_uuid: betUuid, supplier_transaction_id: `sup_${betUuid}`, round_closed: false, request_uuid: randomUUID(), amount: BET_UNITS });
  const winUuid = randomUUID();
  const win = JSON.stringify({
    ...common, transaction_uuid: winUuid, supplier_transaction_id: `sup_${winUuid}`, round_closed: true, request_uuid: randomUUID(),
    reference_transaction_uuid: betUuid, amount: WIN_PATTERN[index % WIN_PATTERN.length] ?? 0,
  });
  return [
    { path: '/transaction/bet', body: bet, signature: caller.sign(bet) },
    { path: '/transaction/win', body: win, signature: caller.sign(win) },
  ];
}

interface RunFigures {
  callbacks: number;
  seconds: number;
  latencies: number[];
  ok: number;
  refusals: Map<string, number>;
  errors: Map<string, number>;
}

/**
 * CALLERS callers share one schedule: callback k is due at start + k / rate. A caller plays a
 * round as Hub88 does: the bet in one slot, the win in the next slot it gets, after the bet's answer.
 * Latency is from sending to the answer. Runs until every pre-signed round is played.
 */
async function runAtRate(caller: Hub88WalletCaller, rounds: Array<[SignedCall, SignedCall]>, rate: number): Promise<RunFigures> {
  const figures: RunFigures = { callbacks: 0, seconds: 0, latencies: [], ok: 0, refusals: new Map(), errors: new Map() };
  const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  const startedAt = performance.now();
  let nextSlot = 0;
  let nextRound = 0;
  const takeSlot = async () => {
    const dueAt = startedAt + (nextSlot++ * 1_000) / rate;
    const wait = dueAt - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  };
  const send = async (call: SignedCall): Promise<boolean> => {
    await takeSlot();
    const sentAt = performance.now();
    const answer = await caller.send(call.path, call.body, { signature: call.signature });
    figures.latencies.push(performance.now() - sentAt);
    figures.callbacks += 1;
    if (answer.kind === 'no_answer') count(figures.errors, `no answer: ${answer.reason}`);
    else if (answer.status === 'RS_OK') figures.ok += 1;
    else if (answer.status === 'RS_ERROR_NOT_ENOUGH_MONEY' || answer.status === 'RS_ERROR_LIMIT_REACHED') count(figures.refusals, answer.status);
    else count(figures.errors, `${answer.httpStatus} ${answer.status}`);
    return answer.kind === 'answer' && answer.status === 'RS_OK';
  };
  await Promise.all(
    Array.from({ length: CALLERS }, async () => {
      while (nextRound < rounds.length) {
        const round = rounds[nextRound++];
        if (!round) break;
        if (await send(round[0])) await send(round[1]);
      }
    }),
  );
  figures.seconds = (performance.now() - startedAt) / 1_000;
  figures.latencies.sort((a, b) => a - b);
  return figures;
}

const fixed = (value: number, digits = 1) => value.toFixed(digits);

async function main(): Promise<number> {
  const settings = readSettings();
  const runDir = mkdtempSync(path.join(os.tmpdir(), 'sabai-bench-seamless-'));
  const started: ManagedProcess[] = [];
  let haproxy: RunningHaproxy | undefined;
  let database: TestDatabase | undefined;
  const cleanUp = async () => {
    await Promise.all(started.map((process_) => stopProcess(process_)));
    await haproxy?.stop();
    await database?.drop().catch((error: unknown) => console.error(`could not drop the bench database: ${String(error)}`));
  };
  const onSignal = () => void cleanUp().finally(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const processes = { ...benchProcesses(), workers: 1 };
    console.log(`bench:seamless: ${settings.members} members, ${CALLERS} callers through HAProxy to ${processes.apis} API processes (GAME_PARTNER_PROVIDER=hub88), ${settings.seconds} s; logs in ${runDir}`);
    console.log('pgbench TPC-B (-i -s 10; -c 16 -j 2 -T 20 -M prepared) on a scratch database first…');
    const tps = await runPgbench(settings.serverUrl, settings.pgbench, 20);
    const rate = settings.rate ?? Math.ceil(tps * TARGET_RATIO);
    console.log(`pgbench: ${fixed(tps)} tps; callback rate ${rate}/s${settings.rate === null ? ` (= ${TARGET_RATIO} × pgbench, the target)` : ''}`);

    const setupStartedAt = performance.now();
    let setup;
    try {
      setup = await setUpSeamless({
        serverUrl: settings.serverUrl, haproxyBin: settings.haproxyBin, runDir, started, onHaproxy: (running) => (haproxy = running),
        onDatabase: (created) => (database = created), timings: 'defaults', processes, members: settings.members, depositBaht: DEPOSIT_BAHT, callTimeoutMs: 10_000,
      });
    } catch (error) {
      console.error(`could not set up: ${String(error)}`);
      return 2;
    }
    const { caller, players } = setup;
    console.log(`setup: ${players.length}/${settings.members} members joined, funded with ${DEPOSIT_BAHT} baht and launched a Hub88 game in ${fixed((performance.now() - setupStartedAt) / 1_000)} s`);

    const roundCount = Math.ceil((rate * settings.seconds) / 2);
    const signStartedAt = performance.now();
    const warmUp = Array.from({ length: Math.min(200, players.length * 2) }, (_, index) => signRound(caller, players[index % players.length]!, index));
    const rounds = Array.from({ length: roundCount }, (_, index) => signRound(caller, players[index % players.length]!, index));
    console.log(`signed ${2 * (rounds.length + warmUp.length)} callbacks ahead in ${fixed((performance.now() - signStartedAt) / 1_000)} s`);
    await runAtRate(caller, warmUp, Math.max(50, rate / 4));
    const figures = await runAtRate(caller, rounds, rate);

    const reconcile = reconcileLedger(setup.database.url);
    const achieved = figures.callbacks / figures.seconds;
    const p50 = percentile(figures.latencies, 0.5);
    const p99 = percentile(figures.latencies, 0.99);
    const errorCount = [...figures.errors.values()].reduce((sum, value) => sum + value, 0);
    const refusalCount = [...figures.refusals.values()].reduce((sum, value) => sum + value, 0);
    const misses = [achieved / tps < TARGET_RATIO * 0.98 ? 'ratio' : '', p99 > TARGET_P99_MS ? 'p99' : '', errorCount > 0 ? 'errors' : '', reconcile.ok ? '' : 'reconcile'].filter(Boolean);
    console.log(`\ntargets: ≥ ${TARGET_RATIO}× pgbench tps, p99 ≤ ${TARGET_P99_MS} ms at ${CALLERS} callers, 0 errors, ledger:reconcile clean\n`);
    const header = ['callbacks/s', 'offered/s', 'p50 ms', 'p99 ms', 'callbacks', 'refusals', 'errors', 'pgbench tps', '÷ pgbench', 'reconcile', 'targets'];
    const row = [fixed(achieved), String(rate), fixed(p50), fixed(p99), String(figures.callbacks), String(refusalCount), String(errorCount), fixed(tps), fixed(achieved / tps, 2), reconcile.ok ? 'clean' : 'VIOLATIONS', misses.length === 0 ? 'met' : `not met (${misses.join(', ')})`];
    console.log(`| ${header.join(' | ')} |\n| ${header.map(() => '---').join(' | ')} |\n| ${row.join(' | ')} |`);
    for (const [label, map] of [['refusals', figures.refusals], ['errors', figures.errors]] as const) {
      if (map.size > 0) console.log(`${label}: ${[...map.entries()].map(([key, value]) => `${key} × ${value}`).join(', ')}`);
    }
    console.log(`\nledger:reconcile --full: ${reconcile.output.split('\n').slice(-3).join(' / ')}`);
    return 0;
  } finally {
    await cleanUp();
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
    rmSync(runDir, { recursive: true, force: true });
  }
}

main().then(
  (exitCode) => process.exit(exitCode),
  (error: unknown) => {
    console.error('bench:seamless crashed:', error);
    process.exit(1);
  },
);

import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HUB88_FAULTS, Hub88State, playHub88Round, type Hub88Fault, type RoundResult } from '@sabai/sandbox';
import { reconcileLedger, setUpSeamless, type SeamlessPlayer, type SeamlessSetup } from '../bench/seamless-harness.ts';
import { DEFAULT_HAPROXY_BIN, type RunningHaproxy } from './haproxy.ts';
import { killHard, startProcess, stopProcess, waitForHttpOk, type ManagedProcess } from './processes.ts';
import { REPO_ROOT, START_TIMEOUT_MS, type TestDatabase } from './product.ts';

/**
 * `npm run test:seamless-crash` (issue 30 §5, docs/adr/0047): Sabai's Hub88 wallet under a
 * crash. Two API processes behind HAProxy (GAME_PARTNER_PROVIDER=hub88), MEMBERS members who
 * launched a Hub88 game, and the sandbox Hub88's own round logic playing as Hub88 does (a bet
 * without an answer is rolled back; wins and rollbacks are retried with the identical body until
 * answered):
 * 1. every fault mode of the simulator, FAULT_ROUNDS rounds each, against the real API: no answer
 *    may break the contract (repeat → identical bytes, rollback before bet → the bet refused, …);
 * 2. a stream of rounds from CALLERS callers for STREAM_SECONDS, during which api1 is killed with
 *    SIGKILL and started again.
 * Then: no Hub88 transaction is left without a final answer, every member's balance at Sabai equals
 * their start + what Hub88's transaction list says (Σ wins − Σ bets not rolled back), and
 * `ledger:reconcile --full` is clean. Exits 0 when all hold, 1 otherwise, 2 when it could not start.
 */

const MEMBERS = 24;
const DEPOSIT_BAHT = 5_000;
const CALLERS = 8;
const FAULT_ROUNDS = 4;
const STREAM_SECONDS = 35;
const KILL_AT_SECONDS = 12;
const DOWN_SECONDS = 8;
const BET_UNITS = 1_000_000;

type Check = { name: string; ok: boolean; detail: string };

async function balanceUnits(setup: SeamlessSetup, player: SeamlessPlayer): Promise<number | null> {
  const body = JSON.stringify({ user: player.user, request_uuid: randomUUID(), token: player.token, game_code: player.gameCode });
  const answer = await setup.caller.untilFinal('/user/balance', body);
  return answer.kind === 'answer' && answer.status === 'RS_OK' && typeof answer.body.balance === 'number' ? answer.body.balance : null;
}

const roundOf = (player: SeamlessPlayer, index: number) => ({
  user: player.user,
  token: player.token,
  gameCode: player.gameCode,
  currency: 'THB',
  betUnits: BET_UNITS,
  winUnits: [0, 2 * BET_UNITS, 0, BET_UNITS][index % 4] ?? 0,
});

async function faultPhase(setup: SeamlessSetup, state: Hub88State): Promise<Check[]> {
  const context = { state, caller: setup.caller };
  const checks: Check[] = [];
  let index = 0;
  for (const fault of HUB88_FAULTS) {
    const anomalies: string[] = [];
    const outcomes: string[] = [];
    for (let round = 0; round < FAULT_ROUNDS; round += 1) {
      const player = setup.players[index % setup.players.length]!;
      const result = await playHub88Round(context, roundOf(player, index), fault);
      index += 1;
      anomalies.push(...result.anomalies);
      outcomes.push(result.outcome);
    }
    checks.push({ name: `fault ${fault}`, ok: anomalies.length === 0, detail: anomalies.length === 0 ? `${FAULT_ROUNDS} rounds: ${[...new Set(outcomes)].join(', ')}` : anomalies.join('; ') });
  }
  return checks;
}

async function streamPhase(setup: SeamlessSetup, state: Hub88State, api: ManagedProcess): Promise<{ results: RoundResult[]; check: Check }> {
  const context = { state, caller: setup.caller };
  const results: RoundResult[] = [];
  const deadline = performance.now() + STREAM_SECONDS * 1_000;
  let index = 0;
  const faults: Hub88Fault[] = ['ok', 'ok', 'ok', 'repeat', 'ok', 'timeout_after_answer', 'ok', 'out_of_order'];
  const callers = Array.from({ length: CALLERS }, async () => {
    while (performance.now() < deadline) {
      const turn = index++;
      const player = setup.players[turn % setup.players.length]!;
      results.push(await playHub88Round(context, roundOf(player, turn), faults[turn % faults.length]));
    }
  });
  const crash = (async () => {
    await new Promise((resolve) => setTimeout(resolve, KILL_AT_SECONDS * 1_000));
    await killHard(api);
    console.log(`  ${api.name} killed with SIGKILL after ${KILL_AT_SECONDS} s (${results.length} rounds so far)`);
    await new Promise((resolve) => setTimeout(resolve, DOWN_SECONDS * 1_000));
    startProcess(api, REPO_ROOT);
    await waitForHttpOk(`http://127.0.0.1:${api.port}/healthz`, START_TIMEOUT_MS, api);
    console.log(`  ${api.name} back after ${DOWN_SECONDS} s down`);
  })();
  await Promise.all([...callers, crash]);
  const anomalies = results.flatMap((result) => result.anomalies);
  return { results, check: { name: 'stream with a kill -9', ok: anomalies.length === 0, detail: anomalies.length === 0 ? `${results.length} rounds, ${setup.caller.counters.retries} retries` : [...new Set(anomalies)].slice(0, 5).join('; ') } };
}

async function main(): Promise<number> {
  const startedAt = performance.now();
  const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const runDir = mkdtempSync(path.join(os.tmpdir(), 'sabai-seamless-crash-'));
  const started: ManagedProcess[] = [];
  let haproxy: RunningHaproxy | undefined;
  let database: TestDatabase | undefined;
  const cleanUp = async () => {
    await Promise.all(started.map((process_) => stopProcess(process_)));
    await haproxy?.stop();
    await database?.drop().catch((error: unknown) => console.error(`could not drop the test database: ${String(error)}`));
  };
  try {
    console.log(`test:seamless-crash: ${MEMBERS} members, 2 API processes behind HAProxy (GAME_PARTNER_PROVIDER=hub88); logs in ${runDir}`);
    let setup: SeamlessSetup;
    try {
      setup = await setUpSeamless({
        serverUrl, haproxyBin: process.env.HAPROXY_BIN || DEFAULT_HAPROXY_BIN, runDir, started, onHaproxy: (running) => (haproxy = running),
        onDatabase: (created) => (database = created), timings: 'crash-test', processes: { apis: 2, workers: 1 }, members: MEMBERS, depositBaht: DEPOSIT_BAHT, callTimeoutMs: 3_000,
      });
    } catch (error) {
      console.error(`could not set up: ${String(error)}`);
      return 2;
    }
    console.log(`setup: ${setup.players.length} members funded and launched in ${((performance.now() - startedAt) / 1_000).toFixed(1)} s`);
    const state = new Hub88State(() => new Date());
    const startUnits = new Map<string, number>();
    for (const player of setup.players) startUnits.set(player.user, (await balanceUnits(setup, player)) ?? Number.NaN);

    const checks = await faultPhase(setup, state);
    const api = setup.product.apis[0];
    if (!api) throw new Error('no API process');
    const stream = await streamPhase(setup, state, api);
    checks.push(stream.check);

    const pending = state.transactions.filter((transaction) => transaction.status === 'TS_PENDING');
    checks.push({ name: 'every Hub88 transaction answered', ok: pending.length === 0, detail: `${state.transactions.length} transactions, ${pending.length} pending` });
    const mismatches: string[] = [];
    for (const player of setup.players) {
      const expected = (startUnits.get(player.user) ?? Number.NaN) + state.netUnitsOf(player.user);
      const actual = await balanceUnits(setup, player);
      if (actual !== expected) mismatches.push(`${player.user}: Sabai ${String(actual)} ≠ Hub88 ${expected}`);
    }
    checks.push({ name: "balances = Hub88's transaction list", ok: mismatches.length === 0, detail: mismatches.length === 0 ? `${setup.players.length} members` : mismatches.slice(0, 5).join('; ') });
    const reconcile = reconcileLedger(setup.database.url);
    checks.push({ name: 'ledger:reconcile --full', ok: reconcile.ok, detail: reconcile.output.split('\n').slice(-2).join(' / ') });
    const unexpected = started.flatMap((process_) => process_.unexpectedExits.map((exit) => `${process_.name}: ${exit}`));
    checks.push({ name: 'no process died unasked', ok: unexpected.length === 0, detail: unexpected.join('; ') || 'none' });

    for (const check of checks) console.log(`${check.ok ? 'PASS' : 'FAIL'} ${check.name}: ${check.detail}`);
    console.log(`test:seamless-crash: ${((performance.now() - startedAt) / 1_000).toFixed(1)} s`);
    return checks.every((check) => check.ok) ? 0 : 1;
  } finally {
    await cleanUp();
    rmSync(runDir, { recursive: true, force: true });
  }
}

main().then(
  (exitCode) => process.exit(exitCode),
  (error: unknown) => {
    console.error('test:seamless-crash crashed:', error);
    process.exit(1);
  },
);

import os from 'node:os';
import type { QueryOptions } from '@sabai/db';
import { createTestApp } from '../apps/api/src/test/test-app.ts';
import { fundedMember } from '../apps/api/src/test/money-helpers.ts';
import { envInteger } from './env-integer.ts';

/**
 * `DATABASE_URL=postgres://… npx tsx bench/read-cpu.ts` (issue 29 §3, docs/adr/0053 addendum of
 * branch h5): Node CPU per call (`process.cpuUsage`, user + system) and SQL statements per call of
 * the polled reads — refresh, balance, deposit history — through `inject`, on PostgreSQL (its work
 * is in its own processes, not counted). Rounds interleave the calls (BENCH_CPU_ROUNDS rounds of
 * BENCH_CPU_CALLS calls each) so load drifting on a shared machine hits every call alike; prints
 * each call's median round. In this process too: the sandbox partner that balance asks (its server
 * side is counted here; in production it is the partner's). Extra env (e.g.
 * GAME_BALANCE_MAX_AGE_MS=0) is passed to the app. Prints figures; asserts nothing.
 */
const calls = envInteger('BENCH_CPU_CALLS', 300, 10, 100_000);
const rounds = envInteger('BENCH_CPU_ROUNDS', 5, 1, 100);

async function main(): Promise<void> {
  if (!process.env.DATABASE_URL) throw new Error('set DATABASE_URL (PostgreSQL): on PGlite the database runs in this process');
  const env: Record<string, string> = { RATE_LIMIT_SCALE: '1000' };
  if (process.env.GAME_BALANCE_MAX_AGE_MS !== undefined) env.GAME_BALANCE_MAX_AGE_MS = process.env.GAME_BALANCE_MAX_AGE_MS;
  const t = await createTestApp({ env });
  try {
    const member = await fundedMember(t, '100000.00');
    let statements = 0;
    const query = t.context.db.query.bind(t.context.db);
    t.context.db.query = ((sql: string, params?: readonly unknown[], options?: QueryOptions) => {
      statements += 1;
      return query(sql, params, options);
    }) as typeof t.context.db.query;
    const get = (url: string) => () => t.call({ method: 'GET', url, token: member.token, ip: '10.9.9.9' });
    const plans = {
      refresh: get('/auth-service/v1/refresh'),
      balance: get('/user-profile-composite/v1/profile/balance'),
      'deposit history': get('/user-profile-composite/v1/history/deposit?page=1&pageSize=20'),
    };
    const cpu: Record<string, number[]> = {};
    const counted: Record<string, number> = {};
    for (const [, call] of Object.entries(plans)) for (let index = 0; index < 100; index += 1) await call();
    for (let round = 0; round < rounds; round += 1) {
      for (const [name, call] of Object.entries(plans)) {
        statements = 0;
        const before = process.cpuUsage();
        for (let index = 0; index < calls; index += 1) {
          const answer = await call();
          if (answer.status !== 200) throw new Error(`${name} answered ${answer.status}`);
        }
        const used = process.cpuUsage(before);
        (cpu[name] ??= []).push((used.user + used.system) / 1_000 / calls);
        counted[name] = statements / calls;
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    for (const name of Object.keys(plans)) {
      console.log(`${name}: ${median(cpu[name]!).toFixed(3)} ms CPU/call (median of ${rounds} rounds of ${calls}; rounds ${cpu[name]!.map((value) => value.toFixed(2)).join(' ')}), ${counted[name]!.toFixed(2)} statements/call`);
    }
    console.log(`load: ${os.loadavg().map((load) => load.toFixed(2)).join(' ')} (1/5/15 min)`);
  } finally {
    await t.close();
  }
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

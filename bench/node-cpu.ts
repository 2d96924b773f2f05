import { randomUUID } from 'node:crypto';
import { createTestApp } from '../apps/api/src/test/test-app.ts';
import { fundedMember } from '../apps/api/src/test/money-helpers.ts';
import { envInteger } from './env-integer.ts';

/**
 * `DATABASE_URL=postgres://… npx tsx bench/node-cpu.ts` (issue 29 §2): Node CPU per call
 * (`process.cpuUsage`, user + system, of this process) over a fixed run of refresh, balance and
 * withdrawal through `inject`, once with each response serializer (RESPONSE_SERIALIZER zod, then
 * compiled), on PostgreSQL (its work is in its own processes, not counted). In this process too:
 * the sandbox providers (balance asks the partner, a withdrawal is paid by the sandbox bank) and
 * the test app's inline outbox run after a withdrawal; the same in both runs. Prints ms per call.
 */
const calls = envInteger('BENCH_CPU_CALLS', 300, 10, 100_000);

async function measure(serializer: 'zod' | 'compiled'): Promise<Record<string, number>> {
  const t = await createTestApp({ env: { RESPONSE_SERIALIZER: serializer, RATE_LIMIT_SCALE: '1000' } });
  try {
    const member = await fundedMember(t, '100000.00');
    const plans = {
      refresh: () => t.call({ method: 'GET', url: '/auth-service/v1/refresh', token: member.token, ip: '10.9.9.9' }),
      balance: () => t.call({ method: 'GET', url: '/user-profile-composite/v1/profile/balance', token: member.token, ip: '10.9.9.9' }),
      withdrawal: () => t.call({ method: 'POST', url: '/fund-composite/v1/withdrawal', token: member.token, ip: '10.9.9.9', body: { Amount: 100, Channel: 'BANK' }, headers: { 'idempotency-key': randomUUID() } }),
    };
    const figures: Record<string, number> = {};
    for (const [name, call] of Object.entries(plans)) {
      const count = name === 'withdrawal' ? Math.min(calls, 200) : calls;
      for (let index = 0; index < 20; index += 1) await call();
      const before = process.cpuUsage();
      for (let index = 0; index < count; index += 1) {
        const answer = await call();
        if (answer.status !== 200) throw new Error(`${name} answered ${answer.status} ${answer.body.code ?? ''}`);
      }
      const used = process.cpuUsage(before);
      figures[name] = (used.user + used.system) / 1_000 / count;
    }
    return figures;
  } finally {
    await t.close();
  }
}

async function main(): Promise<void> {
  if (!process.env.DATABASE_URL) throw new Error('set DATABASE_URL (PostgreSQL): on PGlite the database runs in this process');
  // BENCH_CPU_ORDER=compiled-first measures the compiled serializer first (the first run warms the JIT).
  const compiledFirst = process.env.BENCH_CPU_ORDER === 'compiled-first';
  const first = await measure(compiledFirst ? 'compiled' : 'zod');
  const second = await measure(compiledFirst ? 'zod' : 'compiled');
  const [before, after] = compiledFirst ? [second, first] : [first, second];
  for (const name of Object.keys(before)) {
    console.log(`${name}: ${before[name]!.toFixed(3)} ms CPU per call with zod's serializer, ${after[name]!.toFixed(3)} ms compiled (${calls} calls; withdrawal at most 200; ${compiledFirst ? 'compiled' : 'zod'} measured first)`);
  }
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

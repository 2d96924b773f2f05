import { readFileSync } from 'node:fs';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { balanceResponse, refreshResponse, withdrawalResponse } from '@sabai/contracts';
import { compileResponseSerializer } from '../apps/api/src/plugins/response-serializer.ts';
import { envInteger } from './env-integer.ts';

/**
 * `npx tsx bench/serializer-cpu.ts` (issue 29 §2): Node CPU (`process.cpuUsage`, user + system)
 * to serialize the answers of refresh, balance and withdrawal, zod's serializer (parse, then
 * JSON.stringify) against the compiled one (fast-json-stringify from the JSON Schema), over a fixed
 * number of answers each (BENCH_SERIALIZE_CALLS, default 20,000). The answers are shaped as the app
 * gives them. Prints µs per answer; asserts nothing. The whole call's CPU per call is bench:http's.
 */
const calls = envInteger('BENCH_SERIALIZE_CALLS', 20_000, 100, 10_000_000);

const answers: Array<{ name: string; schema: z.ZodType; data: unknown }> = [
  { name: 'balance', schema: balanceResponse, data: { success: true, message: 'สำเร็จ', data: {
    mainWallet: 19_900.5, gameWallet: 100, affiliateWallet: 0, cashbackWallet: 35, residualWallet: 0, prizeWallet: 12.25, spinWallet: 0,
    pendingWithdraw: 0, ledgerGameWallet: 100, gameWalletSource: 'partner', gameWalletReadAt: '2026-11-28T16:00:00.000Z',
  } } },
  { name: 'withdrawal', schema: withdrawalResponse, data: { success: true, message: 'ถอนเงินสำเร็จ', data: { withdrawalId: 'wdr_0123456789abcdefghij', Amount: 100, Status: 1, createdAt: '2026-11-28T16:00:00.000Z' } } },
];

async function main(): Promise<void> {
  // refresh's answer: one the app gave a funded member (bench/fixtures/refresh-answer.json).
  const refreshData = JSON.parse(readFileSync(new URL('./fixtures/refresh-answer.json', import.meta.url), 'utf8')) as unknown;
  answers.unshift({ name: 'refresh', schema: refreshResponse, data: refreshData });
  for (const answer of answers) {
    const zodSerialize = zodSerializerCompiler({ schema: answer.schema, method: 'GET', url: '/bench' } as never) as (data: unknown) => string;
    const compiled = compileResponseSerializer(answer.schema);
    if (compiled === null) {
      console.log(`${answer.name}: no compiled serializer`);
      continue;
    }
    if (compiled(answer.data) !== zodSerialize(answer.data)) throw new Error(`${answer.name}: the two serializers differ`);
    const cpuMicros = (serialize: (data: unknown) => string) => {
      for (let index = 0; index < 1_000; index += 1) serialize(answer.data);
      const before = process.cpuUsage();
      for (let index = 0; index < calls; index += 1) serialize(answer.data);
      const used = process.cpuUsage(before);
      return (used.user + used.system) / calls;
    };
    const zodMicros = cpuMicros(zodSerialize);
    const compiledMicros = cpuMicros(compiled);
    console.log(`${answer.name}: zod ${zodMicros.toFixed(2)} µs, compiled ${compiledMicros.toFixed(2)} µs per answer (${(zodMicros / compiledMicros).toFixed(1)}× less CPU), ${calls} answers each`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

/**
 * Where a Hub88 callback's Node time goes (issue 30 §5, docs/adr/0054): one API in this process
 * (the seamless-hub88 test kit: a fresh PostgreSQL database, GAME_PARTNER_PROVIDER=hub88), one
 * member, BENCH_SEAMLESS_CPU_ROUNDS rounds (default 500) of a signed bet and its win sent through
 * Fastify's inject one after another, and this process's CPU (process.cpuUsage) per callback: the
 * whole call, and apart the parts that need no database (RSA-SHA256 verification of
 * X-Hub88-Signature, the body's JSON parse and zod, building and serializing the answer).
 * Signing (Hub88's work) happens before the clock starts. inject leaves out HTTP parsing and the
 * socket; bench:seamless measures those.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx apps/api/src/modules/seamless-hub88/profile-callback-cpu.ts
 */
import { createPrivateKey, createPublicKey, randomUUID, verify } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { signHub88Body } from '../../adapters/partner/index.ts';
import { betRequest, winRequest } from './hub88-wire.ts';
import { betBody, createHub88Kit, hub88Player, winBody } from './hub88-test-kit.ts';

const ROUNDS = Number(process.env.BENCH_SEAMLESS_CPU_ROUNDS ?? 500);

const cpuMicros = (usage: NodeJS.CpuUsage) => usage.user + usage.system;

async function main(): Promise<void> {
  if (!process.env.DATABASE_URL) process.env.DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
  const kit = await createHub88Kit();
  try {
    const player = await hub88Player(kit, '50000');
    const key = createPrivateKey(kit.hub88PrivateKey);
    const publicKey = createPublicKey(key);
    const calls: Array<{ path: string; raw: string; signature: string }> = [];
    for (let round = 0; round < ROUNDS + 20; round += 1) {
      const bet = betBody(player, 10, { round: randomUUID() });
      const win = winBody(player, bet, round % 3 === 0 ? 20 : 0);
      for (const [path, body] of [['/transaction/bet', bet], ['/transaction/win', win]] as const) {
        const raw = JSON.stringify(body);
        calls.push({ path, raw, signature: signHub88Body(key, raw) });
      }
    }
    const send = (call: (typeof calls)[number]) =>
      kit.t.app.inject({ method: 'POST', url: `/seamless/hub88${call.path}`, headers: { 'content-type': 'application/json', 'x-hub88-signature': call.signature }, payload: call.raw });
    // Warm-up: JIT, prepared statements, the partner account id.
    for (const call of calls.slice(0, 40)) await send(call);
    const measured = calls.slice(40);
    const cpuBefore = process.cpuUsage();
    const wallBefore = performance.now();
    // For a --cpu-prof run: the measured window on the profile's clock (µs, monotonic).
    if (process.env.BENCH_PROFILE_WINDOW) console.error(`window-start ${process.hrtime.bigint() / 1000n}`);
    for (const call of measured) {
      const answer = await send(call);
      if (!answer.body.includes('"RS_OK"')) throw new Error(`not RS_OK: ${answer.body}`);
    }
    const wallMs = performance.now() - wallBefore;
    if (process.env.BENCH_PROFILE_WINDOW) console.error(`window-end ${process.hrtime.bigint() / 1000n}`);
    const perCall = cpuMicros(process.cpuUsage(cpuBefore)) / measured.length;

    // The test app's background work (the inline outbox runner's polling, timers) runs while the
    // calls do: measure it alone over the same wall time and take it out.
    const idleBefore = process.cpuUsage();
    await new Promise((resolve) => setTimeout(resolve, wallMs));
    const idlePerCall = cpuMicros(process.cpuUsage(idleBefore)) / measured.length;

    const partBefore = process.cpuUsage();
    for (const call of measured) verify('RSA-SHA256', Buffer.from(call.raw), publicKey, Buffer.from(call.signature, 'base64'));
    const verifyMicros = cpuMicros(process.cpuUsage(partBefore)) / measured.length;
    const parseBefore = process.cpuUsage();
    for (const call of measured) (call.path.endsWith('bet') ? betRequest : winRequest).parse(JSON.parse(call.raw));
    const parseMicros = cpuMicros(process.cpuUsage(parseBefore)) / measured.length;

    console.log(`seamless-cpu: ${measured.length} callbacks (bet, win) one after another through inject on ${kit.t.db.driver}`);
    console.log(`  whole callback: ${(perCall - idlePerCall).toFixed(0)} µs of Node CPU per callback (${perCall.toFixed(0)} µs measured − ${idlePerCall.toFixed(0)} µs of background work over the same wall time), ${((wallMs * 1000) / measured.length).toFixed(0)} µs wall`);
    console.log(`  of which RSA-SHA256 verify: ${verifyMicros.toFixed(0)} µs; JSON.parse + zod: ${parseMicros.toFixed(0)} µs`);
    console.log(`  the rest (Fastify, the handler, node-postgres, the answer): ${(perCall - idlePerCall - verifyMicros - parseMicros).toFixed(0)} µs`);
  } finally {
    await kit.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_HAPROXY_BIN, type RunningHaproxy } from '../scale/haproxy.ts';
import { sleep } from '../scale/http-client.ts';
import { Metrics, percentile } from '../scale/metrics.ts';
import { stopProcess, type ManagedProcess } from '../scale/processes.ts';
import { createScaleDatabase, readAppId, startProduct, type TestDatabase } from '../scale/product.ts';
import { planMember, SimulatedMember, type ScaleContext } from '../scale/simulated-member.ts';
import { benchProcesses } from './bench-processes.ts';
import { envInteger } from './env-integer.ts';
import { signedStatement } from './signed-statement.ts';

/**
 * `npm run bench:live` (issue 16 §2): live updates under load. The product as the scale harness
 * starts it (BENCH_APIS APIs behind HAProxy, BENCH_WORKERS workers, sandbox) on a fresh PostgreSQL database; LIVE_MEMBERS
 * members each keep their balance stream (`GET /user-profile-composite/v1/events`) open through
 * HAProxy, so the streams spread over the API processes; then signed bank-feed statements arrive
 * at LIVE_RATE per second for LIVE_SECONDS, each a new 100-baht transfer from one member's bound
 * account (members in turn). For every credited deposit it measures the time from sending the
 * delivery to the member's `balance` event naming that deposit (`depositId`), and counts events
 * lost (none arrived) and duplicated (more than one). The reference measured in the same run is
 * the feed call's own answer time (the credit is committed before the answer): the event's extra
 * time over it is what the live path (NOTIFY → LISTEN in each API → the stream) costs.
 * Prints figures; asserts nothing; exits 0 unless it crashed or could not start (2).
 *
 * Target: p99 ≤ 300 ms from delivery to event, no event lost or duplicated.
 */
const TARGET_P99_MS = 300;
const DEPOSIT_BAHT = '100.00';
/** After the last delivery: how long events may still arrive before the count is taken. */
const SETTLE_MS = 10_000;

interface Delivery {
  providerRef: string;
  member: SimulatedMember;
  sentAt: number;
  answeredAt: number | null;
  status: number | null;
  error: string | null;
}

/** Sends one statement through the balancer and records when and how it was answered. */
async function deliver(balancerUrl: string, delivery: Delivery, request: { headers: Record<string, string>; body: string }): Promise<void> {
  try {
    const response = await fetch(`${balancerUrl}/bank-feed/v1/statement`, { method: 'POST', headers: request.headers, body: request.body, signal: AbortSignal.timeout(10_000) });
    await response.arrayBuffer();
    delivery.status = response.status;
  } catch (error) {
    delivery.error = error instanceof Error ? error.message : String(error);
  } finally {
    delivery.answeredAt = performance.now();
  }
}

const fixed = (value: number, digits = 1) => value.toFixed(digits);
const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `p50 ${fixed(percentile(sorted, 0.5))} ms, p90 ${fixed(percentile(sorted, 0.9))} ms, p99 ${fixed(percentile(sorted, 0.99))} ms, max ${fixed(sorted.at(-1) ?? 0)} ms (n = ${sorted.length})`;
};

async function main(): Promise<number> {
  const settings = {
    members: envInteger('LIVE_MEMBERS', 200, 2, 2_000),
    rate: envInteger('LIVE_RATE', 50, 1, 500),
    seconds: envInteger('LIVE_SECONDS', 60, 1, 600),
    serverUrl: process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
    haproxyBin: process.env.HAPROXY_BIN || DEFAULT_HAPROXY_BIN,
  };
  const runDir = mkdtempSync(path.join(os.tmpdir(), 'sabai-bench-live-'));
  const started: ManagedProcess[] = [];
  let haproxy: RunningHaproxy | undefined;
  let database: TestDatabase | undefined;
  const members: SimulatedMember[] = [];
  const cleanUp = async () => {
    await Promise.all(members.map((member) => member.stream?.stop()));
    await Promise.all(started.map((process_) => stopProcess(process_)));
    await haproxy?.stop();
    await database?.drop().catch((error: unknown) => console.error(`could not drop the bench database: ${String(error)}`));
  };
  const onSignal = () => void cleanUp().finally(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const processes = benchProcesses();
    console.log(`bench:live: ${settings.members} members with open streams, ${settings.rate} bank notifications/s for ${settings.seconds} s, through HAProxy to ${processes.apis} API processes, ${processes.workers} worker(s); logs in ${runDir}`);
    try {
      database = await createScaleDatabase(settings.serverUrl);
    } catch (error) {
      console.error(`could not create the bench database on ${settings.serverUrl}: ${String(error)}`);
      return 2;
    }
    const product = await startProduct(database, { runDir, haproxyBin: settings.haproxyBin, started, onHaproxy: (running) => (haproxy = running), timings: 'defaults', processes });
    const scale: ScaleContext = {
      appId: await readAppId(database.db),
      balancerUrl: product.balancerUrl,
      sandboxUrl: product.sandboxUrl,
      apis: product.apis.map((api) => ({ name: api.name, url: `http://127.0.0.1:${api.port}`, isUp: () => api.child !== null })),
      metrics: new Metrics(),
      gameCodes: [],
      thinkMs: { min: 0, max: 0 },
      depositBaht: { min: 100, max: 100 },
      withdrawalBaht: { min: 100, max: 100 },
    };
    members.push(...Array.from({ length: settings.members }, (_, index) => new SimulatedMember(planMember(index), scale)));
    for (let start = 0; start < members.length; start += 20) await Promise.all(members.slice(start, start + 20).map((member) => member.join()));
    const joined = members.filter((member) => member.stream !== null);
    if (joined.length === 0) throw new Error(`no member could join: ${[...new Set(members.map((member) => member.joinError))].join(', ')}`);
    const perApi = new Map<string, number>();
    for (const member of joined) {
      const server = member.stream?.segments[0]?.server ?? 'unknown';
      perApi.set(server, (perApi.get(server) ?? 0) + 1);
    }
    console.log(`streams open: ${joined.length}/${members.length} (${[...perApi.entries()].sort().map(([api, count]) => `${api} ${count}`).join(', ')})`);
    // Whatever the sign-ups sent (none: members have no money yet) has passed.
    await sleep(2_000);

    const deliveries: Delivery[] = [];
    const inFlight: Promise<void>[] = [];
    const total = settings.rate * settings.seconds;
    const intervalMs = 1_000 / settings.rate;
    const startedAt = performance.now();
    for (let index = 0; index < total; index += 1) {
      const dueAt = startedAt + index * intervalMs;
      const waitMs = dueAt - performance.now();
      if (waitMs > 0) await sleep(waitMs);
      const member = joined[index % joined.length]!;
      const request = signedStatement(member.plan, DEPOSIT_BAHT);
      const delivery: Delivery = { providerRef: request.providerRef, member, sentAt: performance.now(), answeredAt: null, status: null, error: null };
      deliveries.push(delivery);
      inFlight.push(deliver(product.balancerUrl, delivery, request));
    }
    const sendingMs = performance.now() - startedAt;
    await Promise.all(inFlight);
    await sleep(SETTLE_MS);

    // Which deposit each delivery became (the feed keeps the raw body; the deposit names its event).
    const { rows } = await database.db.query<{ deposit_id: string; status: string; provider_ref: string }>(
      `SELECT d.id AS deposit_id, d.status, e.raw_body::json ->> 'providerRef' AS provider_ref
         FROM deposits d JOIN bank_feed_events e ON e.id = d.event_id
        WHERE e.raw_body::json ->> 'providerRef' = ANY($1::text[])`,
      [deliveries.map((delivery) => delivery.providerRef)],
    );
    const depositByRef = new Map(rows.map((row) => [row.provider_ref, row]));
    const latencies: number[] = [];
    const beyondAnswer: number[] = [];
    const answerTimes: number[] = [];
    let credited = 0;
    let notCredited = 0;
    let lost = 0;
    let duplicated = 0;
    const lostExamples: string[] = [];
    for (const delivery of deliveries) {
      if (delivery.answeredAt !== null && delivery.status !== null && delivery.status < 300) answerTimes.push(delivery.answeredAt - delivery.sentAt);
      const deposit = depositByRef.get(delivery.providerRef);
      if (!deposit || deposit.status !== 'credited') {
        notCredited += 1;
        continue;
      }
      credited += 1;
      const events = delivery.member.stream?.events.filter((event) => event.depositId === deposit.deposit_id) ?? [];
      if (events.length === 0) {
        lost += 1;
        if (lostExamples.length < 5) lostExamples.push(`${deposit.deposit_id} (member ${delivery.member.plan.index})`);
        continue;
      }
      if (events.length > 1) duplicated += 1;
      const firstAt = events[0]!.at;
      latencies.push(firstAt - delivery.sentAt);
      if (delivery.answeredAt !== null) beyondAnswer.push(firstAt - delivery.answeredAt);
    }
    const reconnects = joined.reduce((sum, member) => sum + Math.max(0, (member.stream?.segments.length ?? 1) - 1), 0);
    const failed = deliveries.filter((delivery) => delivery.status === null || delivery.status >= 300);
    const sortedLatencies = [...latencies].sort((a, b) => a - b);
    const p99 = percentile(sortedLatencies, 0.99);

    console.log(`\ndeliveries: ${deliveries.length} sent in ${fixed(sendingMs / 1_000)} s (${fixed(deliveries.length / (sendingMs / 1_000))}/s), ${failed.length} not answered 2xx, ${credited} credited, ${notCredited} not credited`);
    console.log(`feed call answered (reference, same run): ${summary(answerTimes)}`);
    console.log(`delivery → member's event: ${summary(latencies)}`);
    console.log(`  of which after the feed call's answer: ${summary(beyondAnswer)}`);
    console.log(`events lost: ${lost}${lostExamples.length > 0 ? ` (e.g. ${lostExamples.join(', ')})` : ''}; duplicated: ${duplicated}; stream reconnects: ${reconnects}`);
    const misses = [p99 > TARGET_P99_MS ? `p99 ${fixed(p99)} ms > ${TARGET_P99_MS} ms` : '', lost > 0 ? `${lost} lost` : '', duplicated > 0 ? `${duplicated} duplicated` : ''].filter(Boolean);
    console.log(`target (p99 ≤ ${TARGET_P99_MS} ms, none lost or duplicated): ${misses.length === 0 ? 'met' : `not met (${misses.join('; ')})`}`);
    console.log(`load average at the end: ${os.loadavg().map((value) => fixed(value, 2)).join(' ')} (${os.cpus().length} cores)`);
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
    console.error('bench:live crashed:', error);
    process.exit(1);
  },
);

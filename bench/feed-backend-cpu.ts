import os from 'node:os';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { createTestApp } from '../apps/api/src/test/test-app.ts';
import { fundedMember, postFeed, statementFrom } from '../apps/api/src/test/money-helpers.ts';
import { countStatements } from '../apps/api/src/test/statement-counter.ts';
import { envInteger } from './env-integer.ts';

/**
 * `DATABASE_URL=postgres://… npx tsx bench/feed-backend-cpu.ts` (issue 29 §1/§3, docs/adr/0053
 * addenda of branch h1): PostgreSQL backend CPU per bank-feed credit, the method of the second h1
 * addendum made a script. BENCH_FEED_DELIVERIES (200) sequential credited statement lines through
 * `inject`, each from the member's bound account; the CPU of every backend of the test database
 * (`/proc/<pid>/schedstat`, time on CPU, read from this process with a connection of its own that
 * is not counted) is read before each delivery and when its answer is ready, before the test app's
 * inline outbox run (the worker's share, reported apart). Also SQL statements per delivery (test/statement-counter.ts,
 * the outbox run left out). Needs the server on this host. Prints figures; asserts nothing.
 */
const deliveries = envInteger('BENCH_FEED_DELIVERIES', 200, 10, 100_000);

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('set DATABASE_URL (PostgreSQL on this host): backend CPU is read from /proc');
  const t = await createTestApp({ env: { RATE_LIMIT_SCALE: '1000' } });
  const watcher = new pg.Client({ connectionString: url });
  await watcher.connect();
  try {
    const member = await t.signUp();
    await fundedMember(t, '100.00');
    const deliver = async () => {
      const answer = await postFeed(t, 'statement', statementFrom(member, '150.00'), { sourceId: 'src_statement_bbl' });
      if (answer.body.data?.status !== 'credited') throw new Error(`a delivery answered ${JSON.stringify(answer.body)}`);
    };
    for (let index = 0; index < 30; index += 1) await deliver();

    const database = (await t.db.query<{ name: string }>('SELECT current_database() AS name')).rows[0]!.name;
    const backends = async () =>
      (await watcher.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid() ORDER BY pid', [database])).rows.map((row) => row.pid);
    // Backends come and go (the pool closes idle connections): listed at every read; a backend
    // counts from 0 when it is new, and one gone by the next read is left out.
    const cpuNs = async () => {
      const reading = new Map<number, number>();
      for (const pid of await backends()) {
        try {
          reading.set(pid, Number((await readFile(`/proc/${pid}/schedstat`, 'utf8')).split(' ')[0]));
        } catch {
          // Exited between the listing and the read.
        }
      }
      return reading;
    };
    const spent = (from: Map<number, number>, to: Map<number, number>) => [...to].reduce((sum, [pid, ns]) => sum + ns - (from.get(pid) ?? 0), 0);
    const seen = new Set<number>();
    const counter = countStatements(t.db);

    let callNs = 0;
    let workerNs = 0;
    let callStatements = 0;
    for (let index = 0; index < deliveries; index += 1) {
      let answered = new Map<number, number>();
      const outboxDone: Array<Promise<unknown>> = [];
      // The answer is ready: read before the inline outbox run, and again after it (the worker's share).
      t.outboxInline.before = () => {
        counter.pause();
        outboxDone.push(cpuNs().then((reading) => (answered = reading)));
      };
      const start = await cpuNs();
      counter.start();
      await deliver();
      callStatements += counter.stop().statements;
      await Promise.all(outboxDone);
      const end = await cpuNs();
      callNs += spent(start, answered);
      workerNs += spent(answered, end);
      for (const pid of end.keys()) seen.add(pid);
    }
    t.outboxInline.before = undefined;
    console.log(
      `bank feed credited: backend CPU ${(callNs / deliveries / 1e6).toFixed(2)} ms per delivery (worker's share after it ${(workerNs / deliveries / 1e6).toFixed(2)} ms), ` +
        `${(callStatements / deliveries).toFixed(2)} statements per delivery, ${deliveries} deliveries, ${seen.size} backends seen`,
    );
    console.log(`load: ${os.loadavg().map((load) => load.toFixed(2)).join(' ')} (1/5/15 min)`);
  } finally {
    await watcher.end();
    await t.close();
  }
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

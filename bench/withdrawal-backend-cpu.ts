import os from 'node:os';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { shareDatabaseScope, type Db, type Queryable, type QueryOptions } from '@sabai/db';
import { createTestApp } from '../apps/api/src/test/test-app.ts';
import { fundedMember } from '../apps/api/src/test/money-helpers.ts';
import { envInteger } from './env-integer.ts';

/**
 * `DATABASE_URL=postgres://… npx tsx bench/withdrawal-backend-cpu.ts` (issue 29 §3, docs/adr/0074):
 * PostgreSQL backend CPU per auto-paid withdrawal, the call and the worker's follow-up after it
 * (the test app's inline outbox run), the method of bench/feed-backend-cpu.ts; and the same CPU
 * statement by statement. BENCH_WITHDRAWALS (200) sequential 100-baht withdrawals through
 * `inject`, spread over BENCH_WITHDRAWAL_MEMBERS (10) funded members whose deposit was brought back
 * from the game by a first withdrawal (so every measured one is the bench's common path: main
 * wallet funded, paid at once). The CPU of every backend of the test database
 * (`/proc/<pid>/schedstat`, time on CPU) is read, with a connection of its own that is not
 * counted, around each withdrawal, when its answer is ready (before the inline outbox run), and —
 * with BENCH_PER_STATEMENT=1 — around each statement (BEGIN and COMMIT: a transaction's time less
 * its statements'). Needs the server on this host. Prints figures; asserts nothing.
 */
const withdrawals = envInteger('BENCH_WITHDRAWALS', 200, 10, 100_000);
const memberCount = envInteger('BENCH_WITHDRAWAL_MEMBERS', 10, 1, 1_000);
const perStatement = process.env.BENCH_PER_STATEMENT === '1';

type Reading = Map<number, number>;

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('set DATABASE_URL (PostgreSQL on this host): backend CPU is read from /proc');
  const t = await createTestApp({ env: { RATE_LIMIT_SCALE: '1000' } });
  const watcher = new pg.Client({ connectionString: url });
  await watcher.connect();
  try {
    const members: Array<Awaited<ReturnType<typeof fundedMember>>> = [];
    for (let index = 0; index < memberCount; index += 1) members.push(await fundedMember(t, '20000.00'));
    let turn = 0;
    const withdraw = async () => {
      const member = members[turn++ % members.length]!;
      const answer = await t.call({ method: 'POST', url: '/fund-composite/v1/withdrawal', token: member.token, body: { Amount: 100, Channel: 'BANK' }, headers: { 'idempotency-key': randomUUID() } });
      if (answer.status !== 200 || answer.body.data?.Status !== 1) throw new Error(`a withdrawal answered ${answer.status} ${JSON.stringify(answer.body)}`);
    };
    // The first of each member brings the deposit back from the game; then warm the path.
    for (let index = 0; index < members.length + 20; index += 1) await withdraw();

    const database = (await t.db.query<{ name: string }>('SELECT current_database() AS name')).rows[0]!.name;
    let pids: number[] = [];
    const listBackends = async () => {
      pids = (await watcher.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid() ORDER BY pid', [database])).rows.map((row) => row.pid);
    };
    const cpuNs = async (): Promise<Reading> => {
      const reading: Reading = new Map();
      for (const pid of pids) {
        try {
          reading.set(pid, Number((await readFile(`/proc/${pid}/schedstat`, 'utf8')).split(' ')[0]));
        } catch {
          // Exited between the listing and the read.
        }
      }
      return reading;
    };
    const spent = (from: Reading, to: Reading) => [...to].reduce((sum, [pid, ns]) => sum + ns - (from.get(pid) ?? ns), 0);

    // Per statement: the app's client wrapped (as test/statement-counter.ts does), each statement's
    // backend CPU summed by its text's first 90 characters and by phase (call / follow-up).
    let phase: 'call' | 'follow-up' | 'off' = 'off';
    const byText = new Map<string, { phase: string; count: number; ns: number }>();
    const statements = { call: 0, 'follow-up': 0 };
    const note = (text: string, ns: number) => {
      if (phase === 'off') return;
      statements[phase] += 1;
      const key = `${phase}\t${text.replace(/\s+/g, ' ').trim().slice(0, 90)}`;
      const entry = byText.get(key) ?? { phase, count: 0, ns: 0 };
      entry.count += 1;
      entry.ns += ns;
      byText.set(key, entry);
    };
    // The backend that ran a statement is the one that spent most; the others' CPU in its window is
    // other backends' (LISTEN connections woken by a NOTIFY at commit, the pool's idle ones).
    const othersNs = { call: 0, 'follow-up': 0 };
    const timed = async <T>(text: string, run: () => Promise<T>): Promise<T> => {
      const at = phase;
      if (at === 'off') return run();
      const before = perStatement ? await cpuNs() : undefined;
      const result = await run();
      if (!before) {
        note(text, 0);
        return result;
      }
      const after = await cpuNs();
      const deltas = [...after].map(([pid, ns]) => ns - (before.get(pid) ?? ns));
      othersNs[at] += deltas.reduce((sum, ns) => sum + ns, 0) - Math.max(0, ...deltas);
      note(text, spent(before, after));
      return result;
    };
    const db: Db = t.db;
    const wrap = (target: Queryable): Queryable => ({
      query: ((sql: string, params?: readonly unknown[], options?: QueryOptions) => timed(sql, () => target.query(sql, params, options))) as Queryable['query'],
      exec: (sql: string) => timed(`exec: ${sql}`, () => target.exec(sql)),
    });
    const query = db.query.bind(db);
    const exec = db.exec.bind(db);
    const transaction = db.transaction.bind(db);
    const plain = wrap({ query, exec });
    db.query = plain.query;
    db.exec = plain.exec;
    db.transaction = (async (work: (tx: Queryable) => Promise<unknown>) => {
      if (phase === 'off') return transaction(work);
      // BEGIN + COMMIT: the transaction's CPU less its statements'.
      const innerBefore = [...byText.values()].reduce((sum, entry) => sum + entry.ns, 0);
      const before = perStatement ? await cpuNs() : undefined;
      const result = await transaction((tx) => work(shareDatabaseScope(tx, wrap(tx))));
      const total = before ? spent(before, await cpuNs()) : 0;
      const inner = [...byText.values()].reduce((sum, entry) => sum + entry.ns, 0) - innerBefore;
      note('BEGIN', 0);
      note('COMMIT', total - inner);
      return result;
    }) as Db['transaction'];

    let callNs = 0;
    let followUpNs = 0;
    await listBackends();
    for (let index = 0; index < withdrawals; index += 1) {
      if (index % 20 === 0) await listBackends();
      let answered: Reading = new Map();
      const outboxDone: Array<Promise<unknown>> = [];
      t.outboxInline.before = () => {
        phase = 'follow-up';
        outboxDone.push(cpuNs().then((reading) => (answered = reading)));
      };
      const start = await cpuNs();
      phase = 'call';
      await withdraw();
      phase = 'off';
      await Promise.all(outboxDone);
      const end = await cpuNs();
      callNs += spent(start, answered);
      followUpNs += spent(answered, end);
    }
    t.outboxInline.before = undefined;
    console.log(
      `withdrawal auto-paid: backend CPU ${(callNs / withdrawals / 1e6).toFixed(3)} ms per withdrawal, the follow-up after it ${(followUpNs / withdrawals / 1e6).toFixed(3)} ms; ` +
        `statements ${(statements.call / withdrawals).toFixed(2)} (call) + ${(statements['follow-up'] / withdrawals).toFixed(2)} (follow-up, inline); ${withdrawals} withdrawals${perStatement ? ', timed per statement (CPU above includes the readings)' : ''}`,
    );
    if (perStatement) console.log(`  of which other backends than the statement's (per withdrawal): call ${(othersNs.call / withdrawals / 1e3).toFixed(0)} µs, follow-up ${(othersNs['follow-up'] / withdrawals / 1e3).toFixed(0)} µs`);
    const rows = [...byText].sort((a, b) => a[1].phase.localeCompare(b[1].phase) || b[1].ns - a[1].ns);
    for (const [key, entry] of rows) {
      const text = key.split('\t')[1];
      console.log(`  ${entry.phase.padEnd(9)} ${(entry.count / withdrawals).toFixed(2).padStart(5)}× ${perStatement ? `${(entry.ns / entry.count / 1e3).toFixed(0).padStart(5)} µs each` : ''}  ${text}`);
    }
    if (process.env.BENCH_TABLE_STATS === '1') {
      // Which writes were HOT, and which indexes any read used (pg_stat_user_*, the whole run incl. set-up).
      await new Promise((resolve) => setTimeout(resolve, 800));
      const tables = await t.db.query<Record<string, unknown>>(
        `SELECT relname, n_tup_ins, n_tup_upd, n_tup_hot_upd, n_tup_del FROM pg_stat_user_tables WHERE n_tup_ins + n_tup_upd + n_tup_del > 0 ORDER BY relname`);
      for (const row of tables.rows) console.log(`  table ${Object.values(row).map(String).join(' ')}`);
      const indexes = await t.db.query<Record<string, unknown>>(
        `SELECT relname, indexrelname, idx_scan FROM pg_stat_user_indexes WHERE relname = ANY($1::text[]) ORDER BY relname, indexrelname`,
        [['withdrawals', 'member_money_locks', 'outbox_events', 'outbox_deliveries', 'rate_limit_counters', 'wagering_requirements']]);
      for (const row of indexes.rows) console.log(`  index ${Object.values(row).map(String).join(' ')}`);
    }
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

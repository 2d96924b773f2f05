/**
 * Investigation helper for bench/ledger-bench.ts (issue 29 §4; kept in the ledger package, which alone names its tables): the server's CPU per single
 * posting (ledger_create_transfer, member-to-member), without the disk. One connection,
 * `synchronous_commit = off` (the commit's flush is not waited for), 1,000 members as in
 * bench:ledger, on a fresh database `sabai_bench_cpu_<random>` dropped at the end. Each variant is
 * measured in blocks of BENCH_POSTINGS postings (default 2,000), on a fresh database that was or was
 * not ANALYZEd, and again after BENCH_CHURN more postings (default 20,000: the accounts' rows
 * updated ~40 times each, as a few seconds of bench:ledger do), so plan choices made on young
 * statistics and table churn both show.
 *
 * Figures are the backend's own CPU time (utime + stime of its process in /proc, so the server must
 * run on this machine) per posting, which other load on the machine does not inflate, and the
 * client's wall time per posting beside it.
 *
 * Variants (function settings changed on the scratch database only):
 *   as migrated        what migrations 0032/0050 leave (see the printed proconfig; ledger_accounts fillfactor 50)
 *   accounts fillfactor 100  the table as before migration 0050
 *   no SET clauses     ALTER FUNCTION … RESET ALL (PostgreSQL's defaults: custom/generic by cost, seqscan on)
 *   seqscan off only   the function as after migration 0032 (before 0050)
 *   generic + seqscan off  plan_cache_mode = force_generic_plan as well
 *   before 0062        the posting as before migration 0062 (explain-posting-wal-variants/before-0062.sql:
 *                      the foreign keys and the lock-first function back; docs/adr/0072)
 *
 * BENCH_CPU_SQL_FILES (comma-separated paths) adds a variant per file of SQL run after the migrations,
 * BENCH_CPU_VARIANTS (comma-separated names) runs only those, BENCH_CPU_ANALYZE=only only the
 * ANALYZEd databases, BENCH_CPU_ROUNDS (default 1) repeats the whole set, interleaved.
 *
 *   npx tsx packages/ledger/src/explain-posting-cpu.ts
 *   BENCH_CPU_VARIANTS='as migrated,before 0062' BENCH_CPU_ANALYZE=only BENCH_CHURN=0 BENCH_CPU_ROUNDS=4 npx tsx packages/ledger/src/explain-posting-cpu.ts
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createPgDb, migrate, type Queryable } from '@sabai/db';
import { expectPosted, postTransfer } from './index.ts';
import { fundFromUnallocated, openBenchMembers, processCpuNanos, queryableOfClient } from './explain-kit.ts';

const SERVER_URL = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const POSTINGS = Number(process.env.BENCH_POSTINGS ?? 2000);
const CHURN = Number(process.env.BENCH_CHURN ?? 20000);
const ONLY_VARIANTS = process.env.BENCH_CPU_VARIANTS ? new Set(process.env.BENCH_CPU_VARIANTS.split(',')) : undefined;
const ANALYZE_CHOICES = process.env.BENCH_CPU_ANALYZE === 'only' ? [true] : [false, true];
const ROUNDS = Number(process.env.BENCH_CPU_ROUNDS ?? 1);
const BEFORE_0062_SQL = readFileSync(new URL('./explain-posting-wal-variants/before-0062.sql', import.meta.url), 'utf8');

const VARIANTS: Array<{ name: string; sql: string; before?: string }> = [
  { name: 'as migrated', sql: '' },
  { name: 'accounts fillfactor 100', sql: '', before: 'ALTER TABLE ledger_accounts SET (fillfactor = 100)' },
  { name: 'no SET clauses', sql: 'ALTER FUNCTION ledger_create_transfer RESET ALL' },
  { name: 'seqscan off only', sql: 'ALTER FUNCTION ledger_create_transfer RESET ALL; ALTER FUNCTION ledger_create_transfer SET enable_seqscan = off' },
  {
    name: 'generic + seqscan off',
    sql: 'ALTER FUNCTION ledger_create_transfer RESET ALL; ALTER FUNCTION ledger_create_transfer SET enable_seqscan = off; ALTER FUNCTION ledger_create_transfer SET plan_cache_mode = force_generic_plan',
  },
  { name: 'before 0062', sql: '', before: BEFORE_0062_SQL },
  // BENCH_CPU_SQL_FILES: more variants, one per file of SQL run after the migrations (named by the file).
  ...(process.env.BENCH_CPU_SQL_FILES ?? '').split(',').filter(Boolean).map((file) => ({ name: file.split('/').pop()!, sql: '', before: readFileSync(file, 'utf8') })),
];

async function setUp(url: string, analyze: boolean, before: string | undefined): Promise<bigint[]> {
  const db = createPgDb(url, { maxConnections: 1 });
  try {
    await migrate(db);
    if (before) await db.exec(before);
        const members = (await openBenchMembers(db)).mainAccountIds;
    await fundFromUnallocated(db, members, 100_000_000n);
    if (analyze) await db.query('ANALYZE');
    return members;
  } finally {
    await db.close();
  }
}

/** CPU time of process `pid` so far, µs (/proc/<pid>/schedstat, nanoseconds: finer than /proc/<pid>/stat's 10 ms ticks). */
function processCpuMicros(pid: number): number {
  return processCpuNanos(pid) / 1000;
}

let backendPid = 0;

/** µs per posting over `count` member-to-member postings: the backend's CPU and the client's wall time. */
async function measure(q: Queryable, members: bigint[], count: number, tag: string): Promise<{ cpu: number; wall: number }> {
  const cpuBefore = processCpuMicros(backendPid);
  const started = performance.now();
  for (let index = 0; index < count; index += 1) {
    const from = members[Math.floor(Math.random() * members.length)]!;
    let to = members[Math.floor(Math.random() * members.length)]!;
    while (to === from) to = members[Math.floor(Math.random() * members.length)]!;
    expectPosted(await postTransfer(q, { idempotencyKey: `${tag}:${index}`, code: 'ADJUSTMENT', debitAccountId: from, creditAccountId: to, amountSatang: 1n }));
  }
  return { cpu: (processCpuMicros(backendPid) - cpuBefore) / count, wall: ((performance.now() - started) * 1000) / count };
}

async function main(): Promise<void> {
  const admin = createPgDb(SERVER_URL, { maxConnections: 1 });
  const results: string[] = [];
  try {
    for (let round = 0; round < ROUNDS; round += 1) for (const analyze of ANALYZE_CHOICES) {
      for (const variant of VARIANTS.filter((candidate) => !ONLY_VARIANTS || ONLY_VARIANTS.has(candidate.name))) {
        const name = `sabai_bench_cpu_${randomBytes(5).toString('hex')}`;
        await admin.query(`CREATE DATABASE ${name}`);
        const url = new URL(SERVER_URL);
        url.pathname = `/${name}`;
        const client = new pg.Client({ connectionString: url.toString() });
        try {
          const members = await setUp(url.toString(), analyze, variant.before);
          await client.connect();
          if (variant.sql) await client.query(variant.sql);
          const config = await client.query<{ proconfig: string[] | null }>(`SELECT proconfig FROM pg_proc WHERE proname = 'ledger_create_transfer'`);
          await client.query('SET synchronous_commit = off');
          backendPid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
          const q = queryableOfClient(client);
          await measure(q, members, 200, 'warm');
          const young = await measure(q, members, POSTINGS, 'young');
          if (CHURN > 0) await measure(q, members, CHURN, 'churn');
          const churned = await measure(q, members, POSTINGS, 'churned');
          const stats = await client.query<{ n_live_tup: string; n_dead_tup: string; n_tup_hot_upd: string; n_tup_upd: string; last_autoanalyze: Date | null }>(
            `SELECT n_live_tup, n_dead_tup, n_tup_hot_upd, n_tup_upd, last_autoanalyze FROM pg_stat_user_tables WHERE relname = 'ledger_accounts'`,
          );
          const s = stats.rows[0]!;
          const line = `${analyze ? 'ANALYZEd  ' : 'unanalyzed'}  ${variant.name.padEnd(22)} ${String(config.rows[0]!.proconfig ?? '{}').padEnd(58)} ${variant.before ? 'schema changed first' : ''} young: CPU ${young.cpu.toFixed(0).padStart(4)} µs (wall ${young.wall.toFixed(0).padStart(4)})  after ${CHURN} more: CPU ${churned.cpu.toFixed(0).padStart(4)} µs (wall ${churned.wall.toFixed(0).padStart(4)})  (accounts: ${s.n_tup_hot_upd}/${s.n_tup_upd} HOT updates, ${s.n_dead_tup} dead, autoanalyze ${s.last_autoanalyze ? 'ran' : 'not yet'})`;
          console.log(line);
          results.push(line);
        } finally {
          await client.end().catch(() => undefined);
          await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        }
      }
    }
  } finally {
    await admin.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

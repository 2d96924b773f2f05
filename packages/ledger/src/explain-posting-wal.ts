/**
 * Investigation helper for bench/ledger-bench.ts (issue 29 §4; docs/adr/0068): the WAL records of
 * member-to-member postings (ledger_create_transfer), counted by resource manager, record type and
 * relation from pg_waldump. One connection, 1,000 funded members as in bench:ledger, on a fresh
 * database `sabai_bench_wal_<random>` dropped at the end. After VACUUM (ANALYZE), 500 warm-up
 * postings and a CHECKPOINT, it posts BENCH_POSTINGS (default 2,000) transfers and reads the WAL
 * between the two LSNs with pg_waldump. Other databases' WAL on the same server (other sessions)
 * is left out: a record counts when its transaction id wrote a relation of this database.
 *
 * The server must run on this machine and its pg_wal must be readable (BENCH_PG_WAL, default
 * /var/lib/postgresql/15/main/pg_wal; BENCH_PG_WALDUMP, default /usr/lib/postgresql/15/bin/pg_waldump).
 * A temporary physical replication slot holds the window's WAL until the dump is read.
 * It also prints the backend's own CPU per posting (/proc/<pid>/schedstat) over the same postings.
 * Full-page images (FPW) are counted separately: the first change of each page after a checkpoint.
 *
 *   npx tsx packages/ledger/src/explain-posting-wal.ts
 *   BENCH_WAL_VARIANT='DROP INDEX …' npx tsx packages/ledger/src/explain-posting-wal.ts   # A/B of a schema change on the scratch database
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createPgDb, migrate, type Queryable } from '@sabai/db';
import { expectPosted, postTransfer } from './index.ts';
import { fundFromUnallocated, openBenchMembers, processCpuNanos, queryableOfClient } from './explain-kit.ts';

const SERVER_URL = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const POSTINGS = Number(process.env.BENCH_POSTINGS ?? 2000);
const PG_WAL = process.env.BENCH_PG_WAL ?? '/var/lib/postgresql/15/main/pg_wal';
const PG_WALDUMP = process.env.BENCH_PG_WALDUMP ?? '/usr/lib/postgresql/15/bin/pg_waldump';
const VARIANT_SQL = process.env.BENCH_WAL_VARIANT ?? '';

async function setUp(url: string): Promise<bigint[]> {
  const db = createPgDb(url, { maxConnections: 1 });
  try {
    await migrate(db);
    if (VARIANT_SQL) await db.exec(VARIANT_SQL);
        const members = (await openBenchMembers(db)).mainAccountIds;
    await fundFromUnallocated(db, members, 100_000_000n);
    await db.exec('VACUUM (ANALYZE)');
    return members;
  } finally {
    await db.close();
  }
}

async function post(q: Queryable, members: bigint[], count: number, tag: string): Promise<void> {
  for (let index = 0; index < count; index += 1) {
    const from = members[Math.floor(Math.random() * members.length)]!;
    let to = members[Math.floor(Math.random() * members.length)]!;
    while (to === from) to = members[Math.floor(Math.random() * members.length)]!;
    expectPosted(await postTransfer(q, { idempotencyKey: `${tag}:${index}`, code: 'ADJUSTMENT', debitAccountId: from, creditAccountId: to, amountSatang: 1n }));
  }
}

type Row = { records: number; bytes: number; recordBytes: number; fpi: number };

async function main(): Promise<void> {
  const admin = createPgDb(SERVER_URL, { maxConnections: 1 });
  const name = `sabai_bench_wal_${randomBytes(5).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  try {
    const members = await setUp(url.toString());
    await client.connect();
    const q = queryableOfClient(client);
    await post(q, members, 500, 'warm');
    const dbOid = (await client.query<{ oid: string }>('SELECT oid FROM pg_database WHERE datname = current_database()')).rows[0]!.oid;
    const relNames = new Map<string, string>();
    for (const row of (await client.query<{ f: string; n: string }>(`SELECT pg_relation_filenode(c.oid)::text AS f, c.relname AS n FROM pg_class c WHERE pg_relation_filenode(c.oid) IS NOT NULL`)).rows) {
      relNames.set(row.f, row.n);
    }
    // A temporary physical slot keeps the WAL of the window until this session ends (other
    // sessions' checkpoints would otherwise recycle the segments before pg_waldump reads them).
    await client.query(`SELECT pg_create_physical_replication_slot('${name}', true, true)`);
    await client.query('CHECKPOINT');
    const start = (await client.query<{ lsn: string }>('SELECT pg_current_wal_insert_lsn()::text AS lsn')).rows[0]!.lsn;
    const pid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
    const cpuBefore = processCpuNanos(pid);
    await post(q, members, POSTINGS, 'measured');
    const cpuPerPosting = (processCpuNanos(pid) - cpuBefore) / 1000 / POSTINGS;
    const end = (await client.query<{ lsn: string }>('SELECT pg_current_wal_insert_lsn()::text AS lsn')).rows[0]!.lsn;
    // A transaction open elsewhere on the server holds back pruning in every database (each
    // snapshot's xmin): ledger_accounts' updates then stop being HOT. Printed so such a run shows.
    const oldest = (await client.query<{ age: string | null }>(`SELECT max(now() - xact_start)::text AS age FROM pg_stat_activity WHERE backend_xid IS NOT NULL AND pid <> pg_backend_pid()`)).rows[0]!.age ?? 'none';
    const dump = execFileSync(PG_WALDUMP, ['-p', PG_WAL, '-s', start, '-e', end], { maxBuffer: 1 << 30, encoding: 'utf8' });
    // Pass 1: the transactions that wrote this database.
    const ours = new Set<string>();
    const lines = dump.split('\n').filter((line) => line.startsWith('rmgr:'));
    for (const line of lines) {
      const tx = /tx:\s+(\d+)/.exec(line)?.[1];
      if (tx && tx !== '0' && line.includes(`rel 1663/${dbOid}/`)) ours.add(tx);
    }
    const table = new Map<string, Row>();
    let total: Row = { records: 0, bytes: 0, recordBytes: 0, fpi: 0 };
    for (const line of lines) {
      const tx = /tx:\s+(\d+)/.exec(line)?.[1];
      const ownRel = line.includes(`rel 1663/${dbOid}/`);
      if (!(tx && ours.has(tx)) && !ownRel) continue;
      const rmgr = /rmgr:\s+(\S+)/.exec(line)![1]!;
      const lengths = /len \(rec\/tot\):\s+(\d+)\/\s*(\d+)/.exec(line);
      const recordLen = Number(lengths?.[1] ?? 0);
      const totalLen = Number(lengths?.[2] ?? 0);
      const desc = /desc:\s+(\S+)/.exec(line)?.[1] ?? '?';
      const rel = /rel 1663\/\d+\/(\d+)/.exec(line)?.[1];
      const relName = rel ? (relNames.get(rel) ?? `filenode ${rel}`) : '-';
      const fpw = (line.match(/FPW/g) ?? []).length;
      const key = `${rmgr.padEnd(12)} ${desc.padEnd(16)} ${relName}`;
      const row = table.get(key) ?? { records: 0, bytes: 0, recordBytes: 0, fpi: 0 };
      row.records += 1;
      row.bytes += totalLen;
      row.recordBytes += recordLen;
      row.fpi += fpw;
      
      table.set(key, row);
      total = { records: total.records + 1, bytes: total.bytes + totalLen, recordBytes: total.recordBytes + recordLen, fpi: total.fpi + fpw };
    }
    console.log(`${POSTINGS} member-to-member postings after a CHECKPOINT; oldest transaction of the server at the end: ${oldest}, ${ours.size} transactions; variant: ${VARIANT_SQL || 'as migrated'}`);
    console.log(`${'rmgr'.padEnd(12)} ${'record'.padEnd(16)} ${'relation'.padEnd(44)} ${'per posting'.padStart(11)} ${'B/posting'.padStart(10)} ${'B w/o FPI'.padStart(10)} ${'FPI/posting'.padStart(12)}`);
    for (const [key, row] of [...table.entries()].sort((a, b) => b[1].records - a[1].records)) {
      console.log(`${key.padEnd(74)} ${(row.records / POSTINGS).toFixed(3).padStart(11)} ${(row.bytes / POSTINGS).toFixed(0).padStart(10)} ${(row.recordBytes / POSTINGS).toFixed(0).padStart(10)} ${(row.fpi / POSTINGS).toFixed(3).padStart(12)}`);
    }
    console.log(`the backend's CPU per posting (commit included, its flush wait not): ${cpuPerPosting.toFixed(0)} µs`);
    console.log(`${'total'.padEnd(74)} ${(total.records / POSTINGS).toFixed(2).padStart(11)} ${(total.bytes / POSTINGS).toFixed(0).padStart(10)} ${(total.recordBytes / POSTINGS).toFixed(0).padStart(10)} ${(total.fpi / POSTINGS).toFixed(3).padStart(12)}`);
  } finally {
    await client.end().catch(() => undefined);
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

/**
 * Investigation helper for bench/ledger-bench.ts: prints the plan, actual time and buffers of
 * every statement ledger_create_transfer runs for one member-to-member transfer, one
 * DEPOSIT_RECEIVED (hot bank → unallocated) and one DEPOSIT (unallocated → member), plus the WAL
 * each one writes. Uses auto_explain (LOAD needs a superuser) with its output sent to the client
 * as NOTICEs, on a fresh database `sabai_bench_explain_<random>` that is dropped at the end.
 *
 *   npx tsx bench/explain-transfer.ts
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createPgDb, migrate, type Queryable } from '@sabai/db';
import { HOUSE_ACCOUNTS, ensureHouseAccount, openWalletAccounts, expectPosted, postTransfer, requireAccountId, type NewTransfer } from '@sabai/ledger';

const SERVER_URL = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

async function main(): Promise<void> {
  const admin = createPgDb(SERVER_URL, { maxConnections: 1 });
  const name = `sabai_bench_explain_${randomBytes(6).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  try {
    const db = createPgDb(url.toString(), { maxConnections: 1 });
    let members: bigint[];
    let bank: bigint;
    let unallocated: bigint;
    try {
      await migrate(db);
      await db.query(
        `INSERT INTO members (id, phone_number, password_hash, bank_code, bank_account_number, first_name, last_name, affiliate_key)
         SELECT 'mbr_bench' || lpad(g::text, 15, '0'), '09' || lpad(g::text, 8, '0'), 'x', '014', lpad(g::text, 10, '0'), 'ทดสอบ', 'ระบบ', 'B' || lpad(g::text, 7, '0')
           FROM generate_series(1, 1000) AS g`,
      );
      const ids = await db.query<{ id: string }>('SELECT id FROM members ORDER BY id');
      members = (await openWalletAccounts(db, ids.rows.map((row) => row.id), ['main'])).map((account) => account.accountId);
      unallocated = await requireAccountId(db, HOUSE_ACCOUNTS.unallocatedDeposits);
      bank = await ensureHouseAccount(db, { code: 'bank:explain-hot', kind: 'house_asset', isTotalsCached: false });
      await db.transaction(async (tx) => {
        for (const [index, member] of members.entries()) {
          expectPosted(await postTransfer(tx, { idempotencyKey: `r${index}`, code: 'DEPOSIT_RECEIVED', debitAccountId: bank, creditAccountId: unallocated, amountSatang: 100_000_000n }));
          expectPosted(await postTransfer(tx, { idempotencyKey: `d${index}`, code: 'DEPOSIT', debitAccountId: unallocated, creditAccountId: member, amountSatang: 100_000_000n }));
        }
      });
      await db.query('ANALYZE');
    } finally {
      await db.close();
    }

    await client.connect();
    const notices: string[] = [];
    client.on('notice', (notice) => notices.push(notice.message ?? ''));
    const q: Queryable = {
      query: async (sql, params) => {
        const result = await client.query(sql, (params ?? []).map((value) => (typeof value === 'bigint' ? value.toString() : value)));
        return { rows: result.rows, rowCount: result.rowCount ?? 0 };
      },
      exec: async (sql) => {
        await client.query(sql);
      },
    };
    let sequence = 0;
    const transfers: Array<[string, () => NewTransfer]> = [
      ['member-to-member ADJUSTMENT', () => ({ idempotencyKey: `m${(sequence += 1)}`, code: 'ADJUSTMENT', debitAccountId: members[sequence % 1000]!, creditAccountId: members[(sequence + 500) % 1000]!, amountSatang: 100n })],
      ['DEPOSIT_RECEIVED hot bank → unallocated', () => ({ idempotencyKey: `x${(sequence += 1)}`, code: 'DEPOSIT_RECEIVED', debitAccountId: bank, creditAccountId: unallocated, amountSatang: 100n })],
      ['DEPOSIT unallocated → member', () => ({ idempotencyKey: `y${(sequence += 1)}`, code: 'DEPOSIT', debitAccountId: unallocated, creditAccountId: members[sequence % 1000]!, amountSatang: 100n })],
    ];
    // Warm up: plans cached, pages in memory.
    for (let round = 0; round < 200; round += 1) for (const [, make] of transfers) await postTransfer(q, make());
    await client.query(`LOAD 'auto_explain'`);
    await client.query(`SET auto_explain.log_min_duration = 0; SET auto_explain.log_analyze = on; SET auto_explain.log_buffers = on;
                        SET auto_explain.log_wal = on; SET auto_explain.log_nested_statements = on; SET auto_explain.log_level = 'notice'`);
    for (const [label, make] of transfers) {
      notices.length = 0;
      const before = await client.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
      await postTransfer(q, make());
      const after = await client.query<{ bytes: string }>('SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), $1::pg_lsn)::text AS bytes', [before.rows[0]!.lsn]);
      console.log(`\n=== ${label}: ${after.rows[0]!.bytes} WAL bytes (incl. commit record) ===`);
      for (const notice of notices.filter((text) => !text.includes('pg_current_wal_lsn'))) console.log(`${notice}\n`);
    }
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

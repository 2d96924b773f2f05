/**
 * What the ledger's investigation scripts (explain-posting-cpu.ts, explain-posting-wal.ts,
 * explain-batch-cpu.ts, explain-ledger-reads.ts; issue 29 §4) share: the bench:ledger population
 * (1,000 members with a main account, each funded from unallocated deposits), a `Queryable` over one
 * raw `pg.Client` (so the script knows its backend's pid), and a process's CPU from /proc. Dev
 * helpers, not part of the ledger's face (index.ts).
 */
import { readFileSync } from 'node:fs';
import type pg from 'pg';
import type { Db, Queryable } from '@sabai/db';
import { HOUSE_ACCOUNTS, expectPosted, openWalletAccounts, postTransfer, requireAccountId } from './index.ts';

/**
 * Inserts `count` members (`mbr_bench…`, as bench:ledger does) and opens their main accounts.
 * @returns the member ids and their main account ids, both in member id order.
 */
export async function openBenchMembers(db: Queryable, count = 1_000): Promise<{ memberIds: string[]; mainAccountIds: bigint[] }> {
  await db.query(
    `INSERT INTO members (id, phone_number, password_hash, bank_code, bank_account_number, first_name, last_name, affiliate_key)
     SELECT 'mbr_bench' || lpad(g::text, 15, '0'), '09' || lpad(g::text, 8, '0'), 'x', '014', lpad(g::text, 10, '0'), 'ทดสอบ', 'ระบบ', 'B' || lpad(g::text, 7, '0')
       FROM generate_series(1, $1::int) AS g`,
    [count],
  );
  const memberIds = (await db.query<{ id: string }>(`SELECT id FROM members WHERE id LIKE 'mbr_bench%' ORDER BY id`)).rows.map((row) => row.id);
  const mainAccountIds = (await openWalletAccounts(db, memberIds, ['main'])).map((account) => account.accountId);
  return { memberIds, mainAccountIds };
}

/** Credits each of `accountIds` with `amountSatang` from unallocated deposits (DEPOSIT, keys `fund<index>`), in one transaction. */
export async function fundFromUnallocated(db: Db, accountIds: readonly bigint[], amountSatang: bigint): Promise<void> {
  const unallocated = await requireAccountId(db, HOUSE_ACCOUNTS.unallocatedDeposits);
  await db.transaction(async (tx) => {
    for (const [index, accountId] of accountIds.entries()) {
      expectPosted(await postTransfer(tx, { idempotencyKey: `fund${index}`, code: 'DEPOSIT', debitAccountId: unallocated, creditAccountId: accountId, amountSatang }));
    }
  });
}

/** The ledger's `Queryable` over one connected `pg.Client`: bigint parameters as text, `prepare` as a named statement. */
export function queryableOfClient(client: pg.Client): Queryable {
  return {
    query: async (sql, params, options) => {
      const result = await client.query({
        text: sql,
        values: (params ?? []).map((value) => (typeof value === 'bigint' ? value.toString() : value)),
        ...(options?.prepare ? { name: 'p' + Buffer.from(sql).toString('base64').slice(0, 20) } : {}),
      });
      return { rows: result.rows, rowCount: result.rowCount ?? 0 };
    },
    exec: async (sql) => {
      await client.query(sql);
    },
  };
}

/** CPU time of process `pid` so far, ns, from /proc/<pid>/schedstat (the server must run on this machine). */
export function processCpuNanos(pid: number): number {
  return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]);
}

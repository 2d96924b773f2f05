import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@sabai/db/testing';
import { postgresErrorCode, type Db } from '@sabai/db';
import { HOUSE_ACCOUNTS, expectPosted, postTransfer, readMemberWalletStatement, reconcileLedger, requireAccountId } from './index.ts';
import { createTestMemberAccounts } from './test-accounts.ts';

/**
 * What one posting writes besides its rows (migration 0061, docs/adr/0068): every index of
 * ledger_transfers and ledger_entries costs each posting a WAL record and a page change. The set
 * is pinned here so that adding one is a decision (measure it with explain-posting-wal.ts), and
 * the key that replaced the entries' id key keeps its promise.
 */
let db: Db;
let drop: () => Promise<void>;
let unallocated: bigint;
beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  unallocated = await requireAccountId(db, HOUSE_ACCOUNTS.unallocatedDeposits);
});
afterAll(async () => {
  expect(await reconcileLedger(db)).toEqual([]);
  await drop();
});

async function indexesOf(table: string): Promise<string[]> {
  const { rows } = await db.query<{ indexname: string; indexdef: string }>(
    'SELECT indexname, indexdef FROM pg_indexes WHERE tablename = $1 ORDER BY indexname',
    [table],
  );
  return rows.map((row) => row.indexdef.replace(/^CREATE (UNIQUE )?INDEX (\S+) ON (public\.)?\S+ USING btree /, '$1$2 '));
}

describe('the indexes a posting writes (migration 0061)', () => {
  it('ledger_transfers: its id, its idempotency key, each side by account, and a resolution once per pending transfer', async () => {
    expect(await indexesOf('ledger_transfers')).toEqual([
      'ledger_transfers_credit_account_idx (credit_account_id, id)',
      'ledger_transfers_debit_account_idx (debit_account_id, id)',
      'UNIQUE ledger_transfers_idempotency_key_key (idempotency_key)',
      'UNIQUE ledger_transfers_pkey (id)',
      'UNIQUE ledger_transfers_resolve_pending_once (pending_transfer_id) WHERE (pending_transfer_id IS NOT NULL)',
    ]);
  });

  it('ledger_entries: one per account per transfer as the primary key, and each account\'s entries in id order', async () => {
    expect(await indexesOf('ledger_entries')).toEqual([
      'ledger_entries_account_idx (account_id, id)',
      'UNIQUE ledger_entries_one_per_account (transfer_id, account_id)',
    ]);
    const { rows } = await db.query<{ contype: string }>(
      `SELECT contype FROM pg_constraint WHERE conname = 'ledger_entries_one_per_account' AND conrelid = 'ledger_entries'::regclass`,
    );
    expect(rows).toEqual([{ contype: 'p' }]);
  });
});

describe('ledger_entries without an index on id', () => {
  it('refuses a second entry for the same account of a transfer', async () => {
    const [member] = await createTestMemberAccounts(db, 1, 'index-twice');
    const transferId = expectPosted(await postTransfer(db, { idempotencyKey: 'index-twice:fund', code: 'DEPOSIT', debitAccountId: unallocated, creditAccountId: member!, amountSatang: 100n }));
    let code: string | undefined;
    await db
      .transaction(async (tx) => {
        await tx.query('INSERT INTO ledger_entries (transfer_id, account_id, credits_posted) VALUES ($1, $2, 1)', [transferId, member!]);
      })
      .catch((error: unknown) => {
        code = postgresErrorCode(error);
      });
    expect(code).toBe('23505');
  });

  it('gives every entry its own id, so the statement still pages by entry id without gaps or repeats', async () => {
    const [from, to] = await createTestMemberAccounts(db, 2, 'index-pages');
    expectPosted(await postTransfer(db, { idempotencyKey: 'index-pages:fund', code: 'DEPOSIT', debitAccountId: unallocated, creditAccountId: from!, amountSatang: 1_000n }));
    for (let index = 0; index < 7; index += 1) {
      expectPosted(await postTransfer(db, { idempotencyKey: `index-pages:${index}`, code: 'ADJUSTMENT', debitAccountId: from!, creditAccountId: to!, amountSatang: 10n }));
    }
    const { rows: owner } = await db.query<{ member_id: string }>('SELECT member_id FROM ledger_accounts WHERE id = $1', [from!]);
    const memberId = owner[0]!.member_id;
    const seen: bigint[] = [];
    let before: bigint | undefined;
    for (;;) {
      const page = await readMemberWalletStatement(db, { memberId, kind: 'main', before, limit: 3 });
      seen.push(...page.lines.map((line) => line.entryId));
      if (page.nextBefore === null) break;
      before = page.nextBefore;
    }
    expect(seen).toHaveLength(8);
    expect(new Set(seen).size).toBe(8);
    expect([...seen].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0))).toEqual(seen);
  });
});

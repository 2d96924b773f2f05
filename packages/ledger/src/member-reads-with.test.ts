import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@sabai/db/testing';
import type { Db } from '@sabai/db';
import { HOUSE_ACCOUNTS, expectPosted, listMemberTransfers, listMemberTransfersWith, postTransfer, readMemberAccountBalances, readMemberAccountBalancesDeciding, readMemberAccountBalancesOf, readMemberAccountBalancesWith, reconcileLedger, requireAccountId } from './index.ts';
import { createTestMemberAccounts } from './test-accounts.ts';

/** docs/adr/0053 (issue 29 §1): a member read of the ledger and the caller's own read in one statement. */
let db: Db;
let drop: () => Promise<void>;
let unallocated: bigint;
beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  unallocated = await requireAccountId(db, HOUSE_ACCOUNTS.unallocatedDeposits);
  await db.exec('CREATE TABLE reads_with_notes (transfer_id bigint PRIMARY KEY, note text NOT NULL)');
});
afterAll(async () => {
  expect(await reconcileLedger(db)).toEqual([]);
  await drop();
});

async function memberOf(accountId: bigint): Promise<string> {
  const { rows } = await db.query<{ member_id: string }>('SELECT member_id FROM ledger_accounts WHERE id = $1', [accountId]);
  return rows[0]!.member_id;
}

async function deposit(accountId: bigint, key: string, amountSatang: bigint): Promise<bigint> {
  return expectPosted(await postTransfer(db, { idempotencyKey: key, code: 'DEPOSIT', debitAccountId: unallocated, creditAccountId: accountId, amountSatang }));
}

describe('readMemberAccountBalancesWith', () => {
  it('answers the same balances as readMemberAccountBalances, with the companion row', async () => {
    const [account] = await createTestMemberAccounts(db, 1, 'balances-with');
    const memberId = await memberOf(account!);
    await deposit(account!, `balances-with:${memberId}`, 12_345n);
    const { balances, accountIds, companion } = await readMemberAccountBalancesWith<{ phone_length: number; label: string }>(db, memberId, {
      sql: 'SELECT length(m.phone_number) AS phone_length, $2::text AS label FROM (SELECT 1) AS one LEFT JOIN members m ON m.id = $1',
      params: ['x'],
    });
    expect(balances).toEqual(await readMemberAccountBalances(db, memberId));
    // The wallets' account ids by kind come with them (docs/adr/0069).
    expect(accountIds.main).toBe(account);
    expect(balances.main.availableSatang).toBe(12_345n);
    expect(companion).toEqual({ phone_length: 10, label: 'x' });
  });

  it('reads 0 for every wallet of a member without accounts, and still answers the companion', async () => {
    const { balances, companion } = await readMemberAccountBalancesWith<{ label: string }>(db, 'mbr_nobody', { sql: "SELECT 'only' AS label", params: [] });
    expect(balances.main).toEqual({ availableSatang: 0n, pendingDebitsSatang: 0n });
    expect(companion).toEqual({ label: 'only' });
  });

  it('refuses a companion that yields no row or several', async () => {
    const [account] = await createTestMemberAccounts(db, 1, 'balances-bad');
    const memberId = await memberOf(account!);
    await expect(readMemberAccountBalancesWith(db, memberId, { sql: 'SELECT 1 AS one WHERE false', params: [] })).rejects.toThrow(/no row/);
    await expect(readMemberAccountBalancesWith(db, memberId, { sql: 'SELECT * FROM (VALUES (1), (2)) AS v(one)', params: [] })).rejects.toThrow(/more than one row/);
  });
});

describe('readMemberAccountBalancesDeciding', () => {
  /** Writes a note only when the member's posted main money (available + pending) is below `$2`, and answers it. */
  const belowThen = (note: string, belowSatang: bigint, transferId: bigint) => ({
    ctes: `decision AS MATERIALIZED (
             SELECT coalesce(ledger_wallets.ledger_main_available, 0) + coalesce(ledger_wallets.ledger_main_pending, 0) < $2::int8 AS is_below FROM ledger_wallets),
           noted AS (INSERT INTO reads_with_notes (transfer_id, note) SELECT $3::int8, $4::text FROM decision WHERE decision.is_below RETURNING note)`,
    select: 'SELECT decision.is_below, (SELECT count(*) FROM noted)::int AS notes_written FROM decision',
    params: [belowSatang, transferId, note],
  });

  it('answers the same balances as readMemberAccountBalances, and the caller’s CTEs decide from the same wallets in the same statement', async () => {
    const [account] = await createTestMemberAccounts(db, 1, 'balances-deciding');
    const memberId = await memberOf(account!);
    const transferId = await deposit(account!, `balances-deciding:${memberId}`, 5_000n);
    const above = await readMemberAccountBalancesDeciding<{ is_below: boolean; notes_written: number }>(db, memberId, belowThen('not written', 5_000n, transferId));
    expect(above.balances).toEqual(await readMemberAccountBalances(db, memberId));
    expect(above.companion).toEqual({ is_below: false, notes_written: 0 });
    const below = await readMemberAccountBalancesDeciding<{ is_below: boolean; notes_written: number }>(db, memberId, belowThen('written', 5_001n, transferId));
    expect(below.balances.main.availableSatang).toBe(5_000n);
    expect(below.companion).toEqual({ is_below: true, notes_written: 1 });
    expect((await db.query<{ note: string }>('SELECT note FROM reads_with_notes WHERE transfer_id = $1', [transferId])).rows).toEqual([{ note: 'written' }]);
  });

  it('reads nulls (no account) as 0 for a member without accounts, and refuses a select that yields no row or several', async () => {
    const { balances, companion } = await readMemberAccountBalancesDeciding<{ label: string }>(db, 'mbr_nobody_deciding', { select: "SELECT 'only' AS label", params: [] });
    expect(balances.main).toEqual({ availableSatang: 0n, pendingDebitsSatang: 0n });
    expect(companion).toEqual({ label: 'only' });
    await expect(readMemberAccountBalancesDeciding(db, 'mbr_nobody_deciding', { select: 'SELECT 1 AS one WHERE false', params: [] })).rejects.toThrow(/no row/);
    await expect(readMemberAccountBalancesDeciding(db, 'mbr_nobody_deciding', { select: 'SELECT * FROM (VALUES (1), (2)) AS v(one)', params: [] })).rejects.toThrow(/more than one row/);
  });
});

describe('readMemberAccountBalancesOf', () => {
  it('reads the balances of the member the companion names, with the companion row', async () => {
    const [account] = await createTestMemberAccounts(db, 1, 'balances-of');
    const memberId = await memberOf(account!);
    await deposit(account!, `balances-of:${memberId}`, 54_321n);
    const phone = (await db.query<{ phone_number: string }>('SELECT phone_number FROM members WHERE id = $1', [memberId])).rows[0]!.phone_number;
    const read = await readMemberAccountBalancesOf<{ member_id: string; label: string }>(db, {
      sql: 'SELECT m.id AS member_id, $2::text AS label FROM members m WHERE m.phone_number = $1',
      params: [phone, 'found'],
    });
    expect(read).toBeDefined();
    expect(read!.balances).toEqual(await readMemberAccountBalances(db, memberId));
    expect(read!.balances.main.availableSatang).toBe(54_321n);
    expect(read!.companion).toEqual({ member_id: memberId, label: 'found' });
  });

  it('answers undefined when the companion finds no member, and reads 0 for a member without accounts', async () => {
    expect(await readMemberAccountBalancesOf(db, { sql: "SELECT 'mbr_x'::text AS member_id WHERE false", params: [] })).toBeUndefined();
    const read = await readMemberAccountBalancesOf(db, { sql: "SELECT 'mbr_nobody'::text AS member_id", params: [] });
    expect(read!.balances.main).toEqual({ availableSatang: 0n, pendingDebitsSatang: 0n });
    expect(read!.companion).toEqual({ member_id: 'mbr_nobody' });
  });

  it('refuses a companion that yields several rows', async () => {
    const accounts = await createTestMemberAccounts(db, 2, 'balances-of-two');
    const members = await Promise.all(accounts.map((account) => memberOf(account)));
    await expect(readMemberAccountBalancesOf(db, { sql: 'SELECT id AS member_id FROM members WHERE id = ANY($1::text[])', params: [members] })).rejects.toThrow(/more than one row/);
    await expect(readMemberAccountBalancesOf(db, { sql: "SELECT 'mbr_nobody'::text AS member_id FROM (VALUES (1), (2)) AS v(one)", params: [] })).rejects.toThrow(/more than one row/);
  });
});

describe('listMemberTransfersWith', () => {
  it('pages newest first with the total and each row\'s companion, and answers the total past the end', async () => {
    const [account] = await createTestMemberAccounts(db, 1, 'list-with');
    const memberId = await memberOf(account!);
    const ids: bigint[] = [];
    for (let index = 0; index < 5; index += 1) ids.push(await deposit(account!, `list-with:${memberId}:${index}`, BigInt(100 + index)));
    await db.query('INSERT INTO reads_with_notes (transfer_id, note) VALUES ($1, $2)', [ids[3]!.toString(), 'fourth']);
    const filter = { memberId, accountKind: 'main' as const, side: 'credit' as const, codes: ['DEPOSIT'], phases: ['single'] };
    const companion = { columns: 'n.note, $8::text AS tag', joins: 'LEFT JOIN reads_with_notes n ON n.transfer_id = t.id', params: ['tagged'] };

    const first = await listMemberTransfersWith<{ note: string | null; tag: string }>(db, filter, { limit: 2, offset: 1 }, companion);
    expect(first.total).toBe(5);
    expect(first.rows.map((row) => row.transferId)).toEqual([ids[3], ids[2]]);
    expect(first.rows.map((row) => row.companion)).toEqual([{ note: 'fourth', tag: 'tagged' }, { note: null, tag: 'tagged' }]);
    expect(first.rows[0]!.amountSatang).toBe(103n);

    const plain = await listMemberTransfers(db, filter, { limit: 2, offset: 1 });
    expect(plain).toEqual({ total: 5, rows: first.rows.map(({ companion: _companion, ...row }) => row) });

    expect(await listMemberTransfersWith(db, filter, { limit: 10, offset: 50 }, companion)).toEqual({ rows: [], total: 5 });
    const keyset = await listMemberTransfers(db, filter, { limit: 10, beforeTransferId: ids[1]! });
    expect(keyset.rows.map((row) => row.transferId)).toEqual([ids[0]]);
    expect(keyset.total).toBe(5);
  });

  it('answers nothing and a total of 0 for a member without transfers', async () => {
    const [account] = await createTestMemberAccounts(db, 1, 'list-empty');
    const memberId = await memberOf(account!);
    expect(await listMemberTransfers(db, { memberId, accountKind: 'main', side: 'credit', codes: ['DEPOSIT'], phases: ['single'] }, { limit: 10 })).toEqual({ rows: [], total: 0 });
  });
});

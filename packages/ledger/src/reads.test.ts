import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@sabai/db/testing';
import type { Db } from '@sabai/db';
import {
  HOUSE_ACCOUNTS,
  countLedgerRows,
  ensureHouseAccount,
  expectPosted,
  findMemberWalletTotalMismatches,
  findPendingResolutionMismatches,
  findTransferByKey,
  findTransferLinkMismatches,
  findUnclaimedTransfers,
  findWalletPostingsOutside,
  listMemberAccounts,
  listTransfersOfSource,
  lockAccounts,
  openWalletAccounts,
  postTransfer,
  readMemberWalletAvailable,
  readPostedTotals,
  readTransfer,
  requireAccountId,
  reserveTransfer,
  resolvePendingTransfer,
  sumAccountEntries,
  sumMemberWalletPostings,
} from './index.ts';

let db: Db;
let drop: () => Promise<void>;
let bank: bigint;
let unallocated: bigint;
let expense: bigint;
let counter = 0;
const key = (label: string) => `reads:${label}:${(counter += 1)}`;

/** A member with all wallets open (`member:<id>:<kind>`), as sign-up opens them. */
async function newMember(): Promise<{ id: string; main: bigint; game: bigint; affiliate: bigint }> {
  const id = `mbr_${String((counter += 1)).padStart(20, '0')}`;
  await db.query(
    `INSERT INTO members (id, phone_number, password_hash, bank_code, bank_account_number, first_name, last_name, affiliate_key)
     VALUES ($1, $2, 'x', '014', $3, 'ทดสอบ', 'ระบบ', $4)`,
    [id, `09${String(counter).padStart(8, '0')}`, String(counter).padStart(10, '0'), `R${String(counter).padStart(7, '0')}`],
  );
  const accounts = await openWalletAccounts(db, [id]);
  const of = (kind: string) => accounts.find((account) => account.kind === kind)!.accountId;
  return { id, main: of('main'), game: of('game'), affiliate: of('affiliate') };
}

async function deposit(member: { main: bigint }, amountSatang: bigint, source?: { type: string; id: string }) {
  await postTransfer(db, { idempotencyKey: key('received'), code: 'DEPOSIT_RECEIVED', debitAccountId: bank, creditAccountId: unallocated, amountSatang });
  return expectPosted(await postTransfer(db, { idempotencyKey: key('deposit'), code: 'DEPOSIT', debitAccountId: unallocated, creditAccountId: member.main, amountSatang, source }));
}

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  bank = await ensureHouseAccount(db, { code: 'house:bank:reads', kind: 'house_asset', isTotalsCached: false });
  unallocated = await requireAccountId(db, HOUSE_ACCOUNTS.unallocatedDeposits);
  expense = await requireAccountId(db, HOUSE_ACCOUNTS.bonusExpense);
  // A feature's own table that points at transfers, as deposits or wheel draws do.
  await db.query('CREATE TABLE t_feature (id text PRIMARY KEY, member_id text, amount_satang int8, transfer_id int8, reserve_id int8, status text)');
});
afterAll(async () => drop());

describe('named accounts', () => {
  it('every house account constant names an account the migrations created', async () => {
    for (const code of Object.values(HOUSE_ACCOUNTS)) expect(await requireAccountId(db, code)).toBeTypeOf('bigint');
  });

  it('opens a member wallet once, and lists it', async () => {
    const member = await newMember();
    const again = await openWalletAccounts(db, [member.id], ['main']);
    expect(again).toEqual([{ memberId: member.id, kind: 'main', accountId: member.main }]);
    expect((await listMemberAccounts(db, [member.id])).map((account) => account.kind)).toEqual(['affiliate', 'cashback', 'game', 'main', 'prize', 'residual', 'spin']);
  });
});

describe('transfer reads', () => {
  it('finds a transfer by id, by key and by source, and counts rows', async () => {
    const member = await newMember();
    const before = await countLedgerRows(db);
    const id = await deposit(member, 1_000n, { type: 'deposit', id: 'dep_reads_1' });
    const transfer = await readTransfer(db, id);
    expect(transfer).toMatchObject({ id, code: 'DEPOSIT', phase: 'single', amountSatang: 1_000n, creditAccountId: member.main, sourceType: 'deposit', sourceId: 'dep_reads_1' });
    expect(await findTransferByKey(db, transfer!.idempotencyKey)).toEqual(transfer);
    expect(await findTransferByKey(db, 'reads:none')).toBeUndefined();
    expect(await listTransfersOfSource(db, { id: 'dep_reads_1' })).toEqual([transfer]);
    expect(await listTransfersOfSource(db, { id: 'dep_reads_1', type: 'withdrawal' })).toEqual([]);
    const after = await countLedgerRows(db);
    expect(after.transfers - before.transfers).toBe(2n);
    expect(after.entries - before.entries).toBe(4n);
  });

  it('sums postings per member wallet and by account, and finds wallets touched by other codes', async () => {
    const member = await newMember();
    await deposit(member, 5_000n);
    await postTransfer(db, { idempotencyKey: key('game-in'), code: 'GAME_IN', debitAccountId: member.main, creditAccountId: member.game, amountSatang: 2_000n });
    await postTransfer(db, { idempotencyKey: key('game-out'), code: 'GAME_OUT', debitAccountId: member.game, creditAccountId: member.main, amountSatang: 500n });
    expect(await sumMemberWalletPostings(db, { kind: 'game', transferCode: 'GAME_IN', memberId: member.id })).toEqual(new Map([[member.id, 2_000n]]));
    expect(await sumMemberWalletPostings(db, { kind: 'game', transferCode: 'GAME_OUT', memberId: member.id })).toEqual(new Map([[member.id, -500n]]));
    expect(await readMemberWalletAvailable(db, member.id, 'game')).toBe(1_500n);
    const bonus = await readPostedTotals(db, HOUSE_ACCOUNTS.bonusExpense);
    await postTransfer(db, { idempotencyKey: key('bonus'), code: 'BONUS', debitAccountId: expense, creditAccountId: member.main, amountSatang: 300n });
    expect((await readPostedTotals(db, HOUSE_ACCOUNTS.bonusExpense)).debitsPosted - bonus.debitsPosted).toBe(300n);
    expect((await readPostedTotals(db, HOUSE_ACCOUNTS.bonusExpense, { transferCode: 'DEPOSIT' })).debitsPosted).toBe(0n);
    expect(await findWalletPostingsOutside(db, { kind: 'game', allowedCodes: ['GAME_IN', 'GAME_OUT', 'GAME_RESULT'], limit: 20 })).toEqual([]);
    await postTransfer(db, { idempotencyKey: key('stray'), code: 'ADJUSTMENT', debitAccountId: expense, creditAccountId: member.game, amountSatang: 1n });
    expect(await findWalletPostingsOutside(db, { kind: 'game', allowedCodes: ['GAME_IN', 'GAME_OUT', 'GAME_RESULT'], limit: 20 })).toEqual([{ memberId: member.id, code: 'ADJUSTMENT' }]);
  });

  it('locks several member accounts, and refuses an account that does not exist', async () => {
    const member = await newMember();
    await db.transaction(async (tx) => lockAccounts(tx, [member.game, member.main]));
    await expect(db.transaction(async (tx) => lockAccounts(tx, [member.main, 999_999_999n]))).rejects.toThrow('some do not exist');
  });
});

describe('reconciliation checks over a feature table', () => {
  it('flags a feature row whose transfer has another amount, member, code or house side', async () => {
    const [alice, bob] = [await newMember(), await newMember()];
    const good = await deposit(alice, 700n);
    const other = await deposit(bob, 900n);
    await db.query(`INSERT INTO t_feature (id, member_id, amount_satang, transfer_id, status) VALUES
      ('ok', $1, 700, $2, 'credited'), ('wrong-amount', $1, 701, $2, 'credited'), ('wrong-member', $1, 900, $3, 'credited'), ('not-checked', $1, 1, $2, 'held')`,
      [alice.id, good, other]);
    const check = (expect: Parameters<typeof findTransferLinkMismatches>[1]['expect']) =>
      findTransferLinkMismatches(db, { from: 't_feature f', transferColumn: 'f.transfer_id', detail: 'f.id', where: "f.status = 'credited'", expect });
    expect((await check({ code: 'DEPOSIT', phases: ['single'], amountSatang: { sql: 'f.amount_satang' }, credit: { memberId: { sql: 'f.member_id' }, kind: 'main' } })).sort()).toEqual(['wrong-amount', 'wrong-member']);
    expect((await check({ code: 'BONUS', phases: ['single'] })).sort()).toEqual(['ok', 'wrong-amount', 'wrong-member']);
    expect((await check({ code: 'DEPOSIT', phases: ['single'], debit: { houseCode: HOUSE_ACCOUNTS.unallocatedDeposits } }))).toEqual([]);
    expect((await check({ code: 'DEPOSIT', phases: ['pending'] })).length).toBe(3);
    await db.query('DELETE FROM t_feature');
  });

  it('finds transfers no feature row claims', async () => {
    const member = await newMember();
    const claimed = expectPosted(await postTransfer(db, { idempotencyKey: key('ic'), code: 'ITEM_CODE', debitAccountId: expense, creditAccountId: member.main, amountSatang: 5n }));
    const stray = expectPosted(await postTransfer(db, { idempotencyKey: key('ic'), code: 'ITEM_CODE', debitAccountId: expense, creditAccountId: member.main, amountSatang: 6n }));
    await db.query(`INSERT INTO t_feature (id, transfer_id) VALUES ('claim', $1)`, [claimed]);
    expect(await findUnclaimedTransfers(db, { code: 'ITEM_CODE', claimedBy: 'SELECT 1 FROM t_feature f WHERE f.transfer_id = {transferId}' })).toEqual([stray]);
    await db.query('DELETE FROM t_feature');
  });

  it('flags a reservation resolved otherwise than its row says, and a wallet reserving other than its rows', async () => {
    const member = await newMember();
    await postTransfer(db, { idempotencyKey: key('aff'), code: 'AFFILIATE', debitAccountId: expense, creditAccountId: member.affiliate, amountSatang: 1_000n });
    const approved = expectPosted(await reserveTransfer(db, { idempotencyKey: key('r1'), code: 'AFFILIATE', debitAccountId: member.affiliate, creditAccountId: member.main, amountSatang: 100n }));
    const waiting = expectPosted(await reserveTransfer(db, { idempotencyKey: key('r2'), code: 'AFFILIATE', debitAccountId: member.affiliate, creditAccountId: member.main, amountSatang: 200n }));
    await resolvePendingTransfer(db, { idempotencyKey: key('post'), pendingTransferId: approved, resolution: 'post', code: 'AFFILIATE' });
    await db.query(`INSERT INTO t_feature (id, member_id, amount_satang, reserve_id, status) VALUES ('a', $1, 100, $2, 'approved'), ('w', $1, 200, $3, 'rejected')`, [member.id, approved, waiting]);
    const resolution = "CASE f.status WHEN 'approved' THEN 'post_pending' WHEN 'rejected' THEN 'void_pending' END";
    expect(await findPendingResolutionMismatches(db, { from: 't_feature f', pendingColumn: 'f.reserve_id', detail: 'f.id', expectedResolution: resolution })).toEqual([{ detail: 'w', resolution: null }]);
    const waitingSql = "SELECT sum(f.amount_satang) FROM t_feature f WHERE f.member_id = {memberId} AND f.status = 'pending_approval'";
    expect(await findMemberWalletTotalMismatches(db, { kind: 'affiliate', total: 'debitsPending', expectedSql: waitingSql })).toEqual([member.id]);
    await db.query(`UPDATE t_feature SET status = 'pending_approval' WHERE id = 'w'`);
    expect(await findMemberWalletTotalMismatches(db, { kind: 'affiliate', total: 'debitsPending', expectedSql: waitingSql })).toEqual([]);
    await db.query('DELETE FROM t_feature');
  });
});

describe('reconciliation checks over a transfer window (docs/adr/0027)', () => {
  const head = async () => BigInt((await db.query<{ id: bigint }>('SELECT max(id) AS id FROM ledger_transfers')).rows[0]!.id);

  it('sums an account over a window so that the totals before it plus the window are the totals', async () => {
    const member = await newMember();
    await deposit(member, 1_000n);
    const since = await head();
    await deposit(member, 250n);
    await deposit(member, 40n);
    const before = await sumAccountEntries(db, member.main, { throughTransferId: since });
    const window = await sumAccountEntries(db, member.main, { afterTransferId: since });
    expect(window).toEqual({ debitsPosted: 0n, creditsPosted: 290n, debitsPending: 0n, creditsPending: 0n });
    expect(before.creditsPosted + window.creditsPosted).toBe((await sumAccountEntries(db, member.main)).creditsPosted);
    expect((await sumAccountEntries(db, member.main, { afterTransferId: since, throughTransferId: since + 2n })).creditsPosted).toBe(250n);
  });

  it('checks only the rows, transfers and wallets of the window, and finds the bad ones among them', async () => {
    const [old, fresh] = [await newMember(), await newMember()];
    const oldTransfer = await deposit(old, 700n);
    const since = await head();
    const freshTransfer = await deposit(fresh, 900n);
    await db.query(`INSERT INTO t_feature (id, member_id, amount_satang, transfer_id, status) VALUES ('old-bad', $1, 1, $2, 'credited'), ('new-bad', $3, 1, $4, 'credited')`, [
      old.id, oldTransfer, fresh.id, freshTransfer,
    ]);
    const link = { from: 't_feature f', transferColumn: 'f.transfer_id', detail: 'f.id', expect: { code: 'DEPOSIT' as const, phases: ['single' as const], amountSatang: { sql: 'f.amount_satang' } } };
    expect((await findTransferLinkMismatches(db, link)).sort()).toEqual(['new-bad', 'old-bad']);
    expect(await findTransferLinkMismatches(db, link, 20, { sinceTransferId: since })).toEqual(['new-bad']);
    await db.query('DELETE FROM t_feature');

    const stray = expectPosted(await postTransfer(db, { idempotencyKey: key('ic'), code: 'ITEM_CODE', debitAccountId: expense, creditAccountId: fresh.main, amountSatang: 5n }));
    const claimedBy = 'SELECT 1 FROM t_feature f WHERE f.transfer_id = {transferId}';
    expect(await findUnclaimedTransfers(db, { code: 'ITEM_CODE', claimedBy }, 20, { sinceTransferId: stray })).toEqual([]);
    expect(await findUnclaimedTransfers(db, { code: 'ITEM_CODE', claimedBy }, 20, { sinceTransferId: stray - 1n })).toEqual([stray]);

    // A wallet of the window: its whole history counts (0 when it has no such posting).
    const touched = await sumMemberWalletPostings(db, { kind: 'main', transferCode: 'DEPOSIT' }, { sinceTransferId: since });
    expect(touched.get(fresh.id)).toBe(900n);
    expect(touched.has(old.id)).toBe(false);
    expect(await findWalletPostingsOutside(db, { kind: 'main', allowedCodes: ['DEPOSIT'], limit: 20 }, { sinceTransferId: since })).toEqual([{ memberId: fresh.id, code: 'ITEM_CODE' }]);
  });
});

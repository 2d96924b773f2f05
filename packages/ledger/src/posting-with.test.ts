import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@sabai/db/testing';
import { shareDatabaseScope, type Db } from '@sabai/db';
import { HOUSE_ACCOUNTS, lockMemberWallet, postTransfer, postTransferWith, postTwoTransfersWith, readAccountBalance, reconcileLedger, requireAccountId, reserveTransfer, reserveTransferWith, resolveAndPostTransferGuardedWith, resolveAndPostTransferWith, resolvePendingTransfer, resolvePendingTransferGuardedWith, resolvePendingTransferWith, POSTING_WITH_FIRST_PARAM, RESOLVE_AND_POST_FIRST_PARAM } from './index.ts';
import { createTestMemberAccounts } from './test-accounts.ts';

/** docs/adr/0054: a money call's posting and its own writes in one statement; a member's wallet locked with its balance in one. */
let db: Db;
let drop: () => Promise<void>;
let unallocated: bigint;
beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  unallocated = await requireAccountId(db, HOUSE_ACCOUNTS.unallocatedDeposits);
  await db.exec('CREATE TABLE posting_with_notes (key text PRIMARY KEY, transfer_id bigint NOT NULL)');
  await db.exec(`CREATE TABLE posting_with_guards (id text PRIMARY KEY, pending_transfer_id bigint NOT NULL, state text NOT NULL)`);
});
afterAll(async () => {
  expect(await reconcileLedger(db)).toEqual([]);
  await drop();
});

const NOTE = `note AS (
  INSERT INTO posting_with_notes (key, transfer_id) SELECT $${POSTING_WITH_FIRST_PARAM}, posting.transfer_id FROM posting WHERE posting.outcome = 'created'
)`;

describe('postTransferWith', () => {
  it('posts exactly as postTransfer (same key twice: exists) and runs the caller\'s writes with the transfer id', async () => {
    const [member] = await createTestMemberAccounts(db, 1, 'with');
    const transfer = { idempotencyKey: `with:${member}`, code: 'DEPOSIT' as const, debitAccountId: unallocated, creditAccountId: member!, amountSatang: 5_000n };
    const outcome = await db.transaction((tx) => postTransferWith(tx, transfer, NOTE, [`note:${member}`]));
    expect(outcome.status).toBe('created');
    const { rows } = await db.query<{ transfer_id: bigint }>('SELECT transfer_id FROM posting_with_notes WHERE key = $1', [`note:${member}`]);
    expect(rows[0]?.transfer_id).toBe(outcome.status === 'created' ? outcome.transferId : -1n);
    // The same transfer through the plain path answers `exists` with the same id: one digest, one key.
    expect(await postTransfer(db, transfer)).toEqual({ status: 'exists', transferId: rows[0]!.transfer_id });
  });

  it('returns a refusal, and writes filtered on the outcome write nothing', async () => {
    const [member, other] = await createTestMemberAccounts(db, 2, 'refused');
    const outcome = await db.transaction((tx) =>
      postTransferWith(tx, { idempotencyKey: `with:refused:${member}`, code: 'ADJUSTMENT', debitAccountId: member!, creditAccountId: other!, amountSatang: 1n }, NOTE, [`note:refused:${member}`]),
    );
    expect(outcome).toEqual({ status: 'refused', reason: 'insufficient_funds' });
    expect((await db.query('SELECT 1 FROM posting_with_notes WHERE key = $1', [`note:refused:${member}`])).rows).toHaveLength(0);
  });
});

describe('reserveTransferWith', () => {
  const RECORD = `recorded AS (
    INSERT INTO posting_with_notes (key, transfer_id) SELECT $${POSTING_WITH_FIRST_PARAM}::text, posting.transfer_id FROM posting WHERE posting.outcome = 'created' RETURNING key
  )`;
  it('reserves exactly as reserveTransfer (pending debit; same key: exists) and answers the caller\'s selected columns', async () => {
    const [member] = await createTestMemberAccounts(db, 1, 'reserve-with');
    await postTransfer(db, { idempotencyKey: `reserve-with:fund:${member}`, code: 'DEPOSIT', debitAccountId: unallocated, creditAccountId: member!, amountSatang: 10_000n });
    const inFlight = await requireAccountId(db, HOUSE_ACCOUNTS.payoutsInFlight);
    const transfer = { idempotencyKey: `reserve-with:${member}`, code: 'WITHDRAW' as const, debitAccountId: member!, creditAccountId: inFlight, amountSatang: 4_000n, source: { type: 'withdrawal', id: `w:${member}` } };
    const { outcome, row } = await db.transaction((tx) => reserveTransferWith<{ recorded_key: string | null }>(tx, transfer, RECORD, [`reserve:${member}`], '(SELECT key FROM recorded) AS recorded_key'));
    expect(outcome.status).toBe('created');
    expect(row).toEqual({ recorded_key: `reserve:${member}` });
    const balance = await readAccountBalance(db, member!);
    expect(balance.debitsPending).toBe(4_000n);
    expect(balance.debitsPosted).toBe(0n);
    expect(await reserveTransfer(db, transfer)).toEqual({ status: 'exists', transferId: outcome.status === 'created' ? outcome.transferId : -1n });
    if (outcome.status !== 'created') return;
    await resolvePendingTransfer(db, { idempotencyKey: `reserve-with:void:${member}`, pendingTransferId: outcome.transferId, resolution: 'void', code: 'WITHDRAW', source: { type: 'withdrawal', id: `w:${member}` } });
    expect((await readAccountBalance(db, member!)).debitsPending).toBe(0n);
  });

  it('refuses more than the member holds, and the filtered write writes nothing', async () => {
    const [member] = await createTestMemberAccounts(db, 1, 'reserve-refused');
    const inFlight = await requireAccountId(db, HOUSE_ACCOUNTS.payoutsInFlight);
    const { outcome, row } = await db.transaction((tx) =>
      reserveTransferWith<{ recorded_key: string | null }>(tx, { idempotencyKey: `reserve-with:refused:${member}`, code: 'WITHDRAW', debitAccountId: member!, creditAccountId: inFlight, amountSatang: 1n }, RECORD, [`reserve:refused:${member}`], '(SELECT key FROM recorded) AS recorded_key'),
    );
    expect(outcome).toEqual({ status: 'refused', reason: 'insufficient_funds' });
    expect(row).toEqual({ recorded_key: null });
  });
});

describe('resolvePendingTransferWith', () => {
  const SETTLED = `settled AS (
    INSERT INTO posting_with_notes (key, transfer_id) SELECT $${POSTING_WITH_FIRST_PARAM}::text, posting.transfer_id FROM posting WHERE posting.outcome IN ('created', 'exists') RETURNING key
  )`;
  it('posts a reservation exactly as resolvePendingTransfer (same key again: exists, no second move) and runs the caller\'s writes with its id', async () => {
    const [member] = await createTestMemberAccounts(db, 1, 'resolve-with');
    await postTransfer(db, { idempotencyKey: `resolve-with:fund:${member}`, code: 'DEPOSIT', debitAccountId: unallocated, creditAccountId: member!, amountSatang: 10_000n });
    const inFlight = await requireAccountId(db, HOUSE_ACCOUNTS.payoutsInFlight);
    const reserved = await reserveTransfer(db, { idempotencyKey: `resolve-with:reserve:${member}`, code: 'WITHDRAW', debitAccountId: member!, creditAccountId: inFlight, amountSatang: 3_000n });
    if (reserved.status !== 'created') throw new Error('reservation not created');
    const resolution = { idempotencyKey: `resolve-with:post:${member}`, pendingTransferId: reserved.transferId, resolution: 'post' as const, code: 'WITHDRAW' as const };
    const { outcome, row } = await db.transaction((tx) => resolvePendingTransferWith<{ settled_key: string | null }>(tx, resolution, SETTLED, [`resolve:${member}`], '(SELECT key FROM settled) AS settled_key'));
    expect(outcome.status).toBe('created');
    expect(row).toEqual({ settled_key: `resolve:${member}` });
    const balance = await readAccountBalance(db, member!);
    expect([balance.debitsPending, balance.debitsPosted]).toEqual([0n, 3_000n]);
    expect(await resolvePendingTransfer(db, resolution)).toEqual({ status: 'exists', transferId: outcome.status === 'created' ? outcome.transferId : -1n });
    expect((await readAccountBalance(db, member!)).debitsPosted).toBe(3_000n);
  });

  it('answers a resolution of a transfer already voided as not accepted, and the filtered write writes nothing', async () => {
    const [member] = await createTestMemberAccounts(db, 1, 'resolve-with-void');
    await postTransfer(db, { idempotencyKey: `resolve-with-void:fund:${member}`, code: 'DEPOSIT', debitAccountId: unallocated, creditAccountId: member!, amountSatang: 10_000n });
    const inFlight = await requireAccountId(db, HOUSE_ACCOUNTS.payoutsInFlight);
    const reserved = await reserveTransfer(db, { idempotencyKey: `resolve-with-void:reserve:${member}`, code: 'WITHDRAW', debitAccountId: member!, creditAccountId: inFlight, amountSatang: 3_000n });
    if (reserved.status !== 'created') throw new Error('reservation not created');
    await resolvePendingTransfer(db, { idempotencyKey: `resolve-with-void:void:${member}`, pendingTransferId: reserved.transferId, resolution: 'void', code: 'WITHDRAW' });
    const { outcome, row } = await db.transaction((tx) =>
      resolvePendingTransferWith<{ settled_key: string | null }>(tx, { idempotencyKey: `resolve-with-void:post:${member}`, pendingTransferId: reserved.transferId, resolution: 'post', code: 'WITHDRAW' }, SETTLED, [`resolve:void:${member}`], '(SELECT key FROM settled) AS settled_key'),
    );
    expect(outcome.status === 'created' || outcome.status === 'exists').toBe(false);
    expect(row).toEqual({ settled_key: null });
    expect((await readAccountBalance(db, member!)).debitsPosted).toBe(0n);
  });
});

describe('lockMemberWallet', () => {
  it('finds the member by the caller\'s predicate and returns the wallet account and its spendable balance, or undefined', async () => {
    const [member] = await createTestMemberAccounts(db, 1, 'lock');
    await postTransfer(db, { idempotencyKey: `lock:${member}`, code: 'DEPOSIT', debitAccountId: unallocated, creditAccountId: member!, amountSatang: 12_345n });
    const { rows } = await db.query<{ member_id: string }>('SELECT member_id FROM ledger_accounts WHERE id = $1', [member]);
    const locked = await db.transaction((tx) =>
      lockMemberWallet<{ member_id: string }>(tx, { kind: 'main', memberColumns: 'm.id AS member_id', memberWhere: 'm.id = $2', params: [rows[0]!.member_id] }),
    );
    expect(locked).toEqual({ member_id: rows[0]!.member_id, accountId: member, availableSatang: 12_345n });
    const none = await db.transaction((tx) => lockMemberWallet(tx, { kind: 'main', memberColumns: 'm.id', memberWhere: 'm.id = $2', params: ['mbr_nobody'] }));
    expect(none).toBeUndefined();
  });

  it('joins the caller\'s rows and also locks the member row FOR SHARE when asked', async () => {
    const [member] = await createTestMemberAccounts(db, 1, 'lock-share');
    const { rows } = await db.query<{ member_id: string }>('SELECT member_id FROM ledger_accounts WHERE id = $1', [member]);
    const memberId = rows[0]!.member_id;
    await db.query('INSERT INTO posting_with_notes (key, transfer_id) VALUES ($1, 7)', [`joined:${memberId}`]);
    const locked = await db.transaction((tx) =>
      lockMemberWallet<{ note_id: bigint | null }>(tx, {
        kind: 'main', memberColumns: 'n.transfer_id AS note_id', memberJoins: "LEFT JOIN posting_with_notes n ON n.key = 'joined:' || m.id",
        memberWhere: 'm.id = $2', params: [memberId], lockMember: 'share',
      }),
    );
    expect(locked).toEqual({ note_id: 7n, accountId: member, availableSatang: 0n });
  });
});

describe('resolveAndPostTransferWith and postTwoTransfersWith (two postings in one statement)', () => {
  const BOTH = `noted AS (
    INSERT INTO posting_with_notes (key, transfer_id)
    SELECT $${RESOLVE_AND_POST_FIRST_PARAM}::text, posting.transfer_id FROM posting WHERE posting.outcome = 'created'
  )`;
  it('posts a reservation and then the paid-out transfer exactly as the plain calls do (same keys: exists)', async () => {
    const [member] = await createTestMemberAccounts(db, 1, 'resolve-and-post');
    const bank = await requireAccountId(db, HOUSE_ACCOUNTS.unallocatedDeposits);
    const inFlight = await requireAccountId(db, HOUSE_ACCOUNTS.payoutsInFlight);
    await postTransfer(db, { idempotencyKey: `rap:fund:${member}`, code: 'DEPOSIT', debitAccountId: unallocated, creditAccountId: member!, amountSatang: 10_000n });
    const reserved = await reserveTransfer(db, { idempotencyKey: `rap:reserve:${member}`, code: 'WITHDRAW', debitAccountId: member!, creditAccountId: inFlight, amountSatang: 4_000n });
    if (reserved.status !== 'created') throw new Error('not reserved');
    const resolution = { idempotencyKey: `rap:post:${member}`, pendingTransferId: reserved.transferId, resolution: 'post' as const, code: 'WITHDRAW' as const };
    const paidOut = { idempotencyKey: `rap:paid:${member}`, code: 'WITHDRAW' as const, debitAccountId: inFlight, creditAccountId: bank, amountSatang: 4_000n };
    const outcome = await db.transaction((tx) => resolveAndPostTransferWith(tx, resolution, paidOut, BOTH, [`rap:${member}`]));
    expect(outcome.resolution.status).toBe('created');
    expect(outcome.posting?.status).toBe('created');
    expect(await readAccountBalance(db, member!)).toMatchObject({ debitsPosted: 4_000n, debitsPending: 0n });
    const { rows } = await db.query<{ transfer_id: bigint }>('SELECT transfer_id FROM posting_with_notes WHERE key = $1', [`rap:${member}`]);
    expect(outcome.posting).toEqual({ status: 'created', transferId: rows[0]!.transfer_id });
    // The plain calls with the same keys answer `exists`: the same digests.
    expect((await resolvePendingTransfer(db, resolution)).status).toBe('exists');
    expect((await postTransfer(db, paidOut)).status).toBe('exists');
  });

  it('posts nothing more when the first is refused', async () => {
    const [member, other] = await createTestMemberAccounts(db, 2, 'two-refused');
    const outcome = await db.transaction((tx) =>
      postTwoTransfersWith(
        tx,
        { idempotencyKey: `two:first:${member}`, code: 'ADJUSTMENT', debitAccountId: member!, creditAccountId: other!, amountSatang: 1n },
        { idempotencyKey: `two:second:${member}`, code: 'DEPOSIT', debitAccountId: unallocated, creditAccountId: other!, amountSatang: 1n },
        BOTH,
        [`two:${member}`],
      ),
    );
    expect(outcome).toEqual({ first: { status: 'refused', reason: 'insufficient_funds' }, second: undefined });
    expect((await readAccountBalance(db, other!)).creditsPosted).toBe(0n);
    expect((await db.query('SELECT 1 FROM posting_with_notes WHERE key = $1', [`two:${member}`])).rows).toHaveLength(0);
  });
});

describe('resolvePendingTransferGuardedWith and resolveAndPostTransferGuardedWith (a settlement with its row lock, autocommitted)', () => {
  // The caller's row: settled only while `open`; its update is filtered on the outcome.
  const guardOf = (firstParam: number) => `SELECT pending_transfer_id FROM posting_with_guards WHERE id = $${firstParam}::text AND state = 'open' FOR UPDATE`;
  const closedBy = (firstParam: number) => `closed AS (
    UPDATE posting_with_guards SET state = $${firstParam + 1}::text FROM posting WHERE posting.outcome IN ('created', 'exists') AND posting_with_guards.id = $${firstParam}::text
  )`;
  async function reservedFor(label: string) {
    const [member] = await createTestMemberAccounts(db, 1, label);
    await postTransfer(db, { idempotencyKey: `${label}:fund:${member}`, code: 'DEPOSIT', debitAccountId: unallocated, creditAccountId: member!, amountSatang: 10_000n });
    const inFlight = await requireAccountId(db, HOUSE_ACCOUNTS.payoutsInFlight);
    const reserved = await reserveTransfer(db, { idempotencyKey: `${label}:reserve:${member}`, code: 'WITHDRAW', debitAccountId: member!, creditAccountId: inFlight, amountSatang: 3_000n });
    if (reserved.status !== 'created') throw new Error('reservation not created');
    await db.query(`INSERT INTO posting_with_guards (id, pending_transfer_id, state) VALUES ($1, $2, 'open')`, [`${label}:${member}`, reserved.transferId]);
    return { member: member!, inFlight, rowId: `${label}:${member}`, pendingTransferId: reserved.transferId };
  }
  const stateOf = async (rowId: string) => (await db.query<{ state: string }>('SELECT state FROM posting_with_guards WHERE id = $1', [rowId])).rows[0]?.state;

  it('resolves while the guard finds its row, and answers undefined with nothing posted once another settler moved it', async () => {
    const { member, rowId, pendingTransferId } = await reservedFor('guarded');
    const resolution = (how: 'post' | 'void') => ({ idempotencyKey: `guarded:${how}:${member}`, pendingTransferId, resolution: how, code: 'WITHDRAW' as const });
    const posted = await resolvePendingTransferGuardedWith(db, resolution('post'), guardOf(POSTING_WITH_FIRST_PARAM), closedBy(POSTING_WITH_FIRST_PARAM), [rowId, 'posted']);
    expect(posted?.outcome.status).toBe('created');
    expect(await stateOf(rowId)).toBe('posted');
    // A second settler (here the opposite decision) finds the row settled: no call of the ledger at all.
    expect(await resolvePendingTransferGuardedWith(db, resolution('void'), guardOf(POSTING_WITH_FIRST_PARAM), closedBy(POSTING_WITH_FIRST_PARAM), [rowId, 'voided'])).toBeUndefined();
    expect(await stateOf(rowId)).toBe('posted');
    expect(await readAccountBalance(db, member)).toMatchObject({ debitsPosted: 3_000n, debitsPending: 0n });
    // The voiding key was never used: the ledger holds no outcome under it.
    expect((await db.query('SELECT 1 FROM ledger_transfers WHERE idempotency_key = $1', [`guarded:void:${member}`])).rows).toHaveLength(0);
  });

  it('two settlers of one row at once, opposite decisions: exactly one decides, the other answers undefined', async () => {
    const { member, inFlight, rowId, pendingTransferId } = await reservedFor('guarded-race');
    const paidOut = { idempotencyKey: `guarded-race:paid:${member}`, code: 'WITHDRAW' as const, debitAccountId: inFlight, creditAccountId: unallocated, amountSatang: 3_000n };
    const [paid, voided] = await Promise.all([
      resolveAndPostTransferGuardedWith(db, { idempotencyKey: `guarded-race:post:${member}`, pendingTransferId, resolution: 'post', code: 'WITHDRAW' }, paidOut,
        guardOf(RESOLVE_AND_POST_FIRST_PARAM), closedBy(RESOLVE_AND_POST_FIRST_PARAM), [rowId, 'paid']),
      resolvePendingTransferGuardedWith(db, { idempotencyKey: `guarded-race:void:${member}`, pendingTransferId, resolution: 'void', code: 'WITHDRAW' },
        guardOf(POSTING_WITH_FIRST_PARAM), closedBy(POSTING_WITH_FIRST_PARAM), [rowId, 'voided']),
    ]);
    expect([paid === undefined, voided === undefined].filter(Boolean)).toHaveLength(1);
    const balance = await readAccountBalance(db, member);
    if (paid) {
      expect([paid.resolution.status, paid.posting?.status]).toEqual(['created', 'created']);
      expect(await stateOf(rowId)).toBe('paid');
      expect(balance).toMatchObject({ debitsPosted: 3_000n, debitsPending: 0n });
    } else {
      expect(voided?.outcome.status).toBe('created');
      expect(await stateOf(rowId)).toBe('voided');
      expect(balance).toMatchObject({ debitsPosted: 0n, debitsPending: 0n });
    }
  });
});

describe('requireAccountId', () => {
  it('reads a named house account once per database, then answers without a statement', async () => {
    const statements: string[] = [];
    const counting = { query: ((sql: string, params?: readonly unknown[]) => { statements.push(sql); return db.query(sql, params); }) as Db['query'], exec: (sql: string) => db.exec(sql) };
    const fresh = await createTestDatabase();
    try {
      const first = await requireAccountId(fresh.db, HOUSE_ACCOUNTS.gameResults);
      // Another database's id is its own; a wrapper without the scope always reads.
      expect(await requireAccountId(db, HOUSE_ACCOUNTS.gameResults)).toBe(await requireAccountId(counting, HOUSE_ACCOUNTS.gameResults));
      expect(statements).toHaveLength(1);
      const counted = shareDatabaseScope(db, { ...counting });
      await requireAccountId(counted, HOUSE_ACCOUNTS.gameResults);
      expect(statements).toHaveLength(1);
      expect(await requireAccountId(fresh.db, HOUSE_ACCOUNTS.gameResults)).toBe(first);
    } finally {
      await fresh.drop();
    }
  });
});

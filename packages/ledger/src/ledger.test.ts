import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@sabai/db/testing';
import { createPgDb, postgresErrorCode, type Db, type Queryable } from '@sabai/db';
import {
  HOUSE_ACCOUNTS,
  availableCreditBalance,
  ensureHouseAccount,
  inLedgerTransaction,
  postTransfer,
  readAccountBalance,
  reconcileLedger,
  requireAccountId,
  reserveTransfer,
  resolvePendingTransfer,
} from './index.ts';
import { createTestMemberAccounts } from './test-accounts.ts';

let db: Db;
let databaseUrl: string | undefined;
let drop: () => Promise<void>;
let house: bigint; // a bank asset account, hot (derived totals)
let unallocated: bigint;
beforeAll(async () => {
  ({ db, databaseUrl, drop } = await createTestDatabase());
  house = await ensureHouseAccount(db, { code: 'house:bank:test', kind: 'house_asset', isTotalsCached: false });
  unallocated = await requireAccountId(db, HOUSE_ACCOUNTS.unallocatedDeposits);
});
afterAll(async () => {
  expect(await reconcileLedger(db)).toEqual([]);
  await drop();
});

let keyCounter = 0;
const key = (label: string) => `test:${label}:${(keyCounter += 1)}`;
const available = async (accountId: bigint) => availableCreditBalance(await readAccountBalance(db, accountId));

/** Funds a member account from the house: bank → unallocated → member, as a deposit does. */
async function fund(memberAccount: bigint, amountSatang: bigint) {
  await db.transaction(async (tx) => {
    await postTransfer(tx, { idempotencyKey: key('received'), code: 'DEPOSIT_RECEIVED', debitAccountId: house, creditAccountId: unallocated, amountSatang });
    await postTransfer(tx, { idempotencyKey: key('deposit'), code: 'DEPOSIT', debitAccountId: unallocated, creditAccountId: memberAccount, amountSatang });
  });
}

describe('single-phase transfers', () => {
  it('moves money and updates both sides', async () => {
    const [alice, bob] = await createTestMemberAccounts(db, 2, 'single');
    await fund(alice!, 10_000n);
    const outcome = await postTransfer(db, { idempotencyKey: key('a2b'), code: 'ADJUSTMENT', debitAccountId: alice!, creditAccountId: bob!, amountSatang: 2_550n });
    expect(outcome.status).toBe('created');
    expect(await available(alice!)).toBe(7_450n);
    expect(await available(bob!)).toBe(2_550n);
  });

  it('refuses to take a member below zero, and remembers the refusal for the same key', async () => {
    const [alice, bob] = await createTestMemberAccounts(db, 2, 'overdraw');
    await fund(alice!, 1_000n);
    const refusedKey = key('overdraw');
    const transfer = { idempotencyKey: refusedKey, code: 'ADJUSTMENT' as const, debitAccountId: alice!, creditAccountId: bob!, amountSatang: 1_001n };
    expect(await postTransfer(db, transfer)).toEqual({ status: 'refused', reason: 'insufficient_funds' });
    await fund(alice!, 5_000n);
    expect(await postTransfer(db, transfer)).toEqual({ status: 'refused', reason: 'insufficient_funds' });
    expect(await available(alice!)).toBe(6_000n);
  });

  it('returns the first outcome for a repeated key and refuses the key for other content', async () => {
    const [alice, bob] = await createTestMemberAccounts(db, 2, 'idem');
    await fund(alice!, 1_000n);
    const transfer = { idempotencyKey: key('idem'), code: 'ADJUSTMENT' as const, debitAccountId: alice!, creditAccountId: bob!, amountSatang: 300n };
    const first = await postTransfer(db, transfer);
    const again = await postTransfer(db, transfer);
    expect(first.status).toBe('created');
    expect(again).toEqual({ status: 'exists', transferId: first.status === 'created' ? first.transferId : -1n });
    expect((await postTransfer(db, { ...transfer, amountSatang: 301n })).status).toBe('conflict');
    expect(await available(bob!)).toBe(300n);
  });

  it('refuses zero, negative and oversized amounts before touching the database', async () => {
    const [alice, bob] = await createTestMemberAccounts(db, 2, 'amount');
    for (const amountSatang of [0n, -1n, 100_000_000_001n]) {
      expect(() => postTransfer(db, { idempotencyKey: key('bad'), code: 'ADJUSTMENT', debitAccountId: alice!, creditAccountId: bob!, amountSatang })).toThrow(RangeError);
    }
  });

  it('refuses unknown accounts and transfers to the same account', async () => {
    const [alice] = await createTestMemberAccounts(db, 1, 'unknown');
    expect(await postTransfer(db, { idempotencyKey: key('unknown'), code: 'ADJUSTMENT', debitAccountId: house, creditAccountId: 999_999_999n, amountSatang: 1n })).toEqual({ status: 'refused', reason: 'account_not_found' });
    expect(await postTransfer(db, { idempotencyKey: key('same'), code: 'ADJUSTMENT', debitAccountId: alice!, creditAccountId: alice!, amountSatang: 1n })).toEqual({ status: 'refused', reason: 'same_account' });
  });
});

describe('two-phase transfers', () => {
  it('counts a reservation against the balance, posts it once and refuses a second resolution', async () => {
    const [alice] = await createTestMemberAccounts(db, 1, 'pending');
    await fund(alice!, 10_000n);
    const pending = await reserveTransfer(db, { idempotencyKey: key('reserve'), code: 'WITHDRAW', debitAccountId: alice!, creditAccountId: unallocated, amountSatang: 8_000n });
    expect(pending.status).toBe('created');
    const pendingId = pending.status === 'created' ? pending.transferId : -1n;
    expect(await available(alice!)).toBe(2_000n);
    expect((await reserveTransfer(db, { idempotencyKey: key('reserve2'), code: 'WITHDRAW', debitAccountId: alice!, creditAccountId: unallocated, amountSatang: 2_001n })).status).toBe('refused');

    expect((await resolvePendingTransfer(db, { idempotencyKey: key('post'), pendingTransferId: pendingId, resolution: 'post', code: 'WITHDRAW' })).status).toBe('created');
    expect(await available(alice!)).toBe(2_000n);
    expect(await resolvePendingTransfer(db, { idempotencyKey: key('void'), pendingTransferId: pendingId, resolution: 'void', code: 'WITHDRAW' })).toEqual({ status: 'refused', reason: 'pending_already_posted' });
    const balance = await readAccountBalance(db, alice!);
    expect(balance).toMatchObject({ debitsPosted: 8_000n, debitsPending: 0n, creditsPosted: 10_000n });
  });

  it('gives the money back on void', async () => {
    const [alice] = await createTestMemberAccounts(db, 1, 'void');
    await fund(alice!, 5_000n);
    const pending = await reserveTransfer(db, { idempotencyKey: key('reserve'), code: 'WITHDRAW', debitAccountId: alice!, creditAccountId: unallocated, amountSatang: 5_000n });
    const pendingId = pending.status === 'created' ? pending.transferId : -1n;
    expect(await available(alice!)).toBe(0n);
    expect((await resolvePendingTransfer(db, { idempotencyKey: key('void'), pendingTransferId: pendingId, resolution: 'void', code: 'WITHDRAW' })).status).toBe('created');
    expect(await available(alice!)).toBe(5_000n);
    expect(await resolvePendingTransfer(db, { idempotencyKey: key('post'), pendingTransferId: pendingId, resolution: 'post', code: 'WITHDRAW' })).toEqual({ status: 'refused', reason: 'pending_already_voided' });
  });

  it('refuses to resolve what is not a pending transfer', async () => {
    const [alice] = await createTestMemberAccounts(db, 1, 'notpending');
    await fund(alice!, 100n);
    expect(await resolvePendingTransfer(db, { idempotencyKey: key('x'), pendingTransferId: 987_654_321n, resolution: 'post', code: 'WITHDRAW' })).toEqual({ status: 'refused', reason: 'pending_not_found' });
  });
});

describe('the journal is append-only', () => {
  it.each([
    ['UPDATE ledger_transfers SET amount_satang = amount_satang + 1'],
    ['DELETE FROM ledger_transfers'],
    ['UPDATE ledger_entries SET debits_posted = 0'],
    ['DELETE FROM ledger_entries'],
    ['TRUNCATE ledger_entries'],
  ])('refuses %s', async (sql) => {
    const error = await db.query(sql).catch((caught: unknown) => caught);
    expect(postgresErrorCode(error)).toBe('P0001');
  });

  it('backs the member rule with a CHECK constraint', async () => {
    const [alice] = await createTestMemberAccounts(db, 1, 'check');
    const error = await db.query('UPDATE ledger_accounts SET debits_posted = 1 WHERE id = $1', [alice]).catch((caught: unknown) => caught);
    expect(postgresErrorCode(error)).toBe('23514');
  });
});

describe('plans (migrations 0032, 0033)', () => {
  // This test database is small and not analyzed: the shape where the planner chose sequential scans.
  const SEQUENTIAL_SCANS_OF_LEDGER_TABLES = `SELECT coalesce(sum(seq_scan), 0)::int8 AS scans FROM pg_stat_xact_user_tables
     WHERE relname IN ('ledger_accounts', 'ledger_transfers', 'ledger_entries', 'ledger_refusals')`;
  /** Runs `post` between two fresh funded members in one transaction; counts the scans `post` made. */
  const countScans = <T>(post: (tx: Queryable, alice: bigint, bob: bigint) => Promise<T>, on: Db = db) =>
    on.transaction(async (tx) => {
      const [alice, bob] = await createTestMemberAccounts(tx, 2, `plans-${Math.random()}`);
      await postTransfer(tx, { idempotencyKey: `plans-fund-${alice}`, code: 'DEPOSIT', debitAccountId: unallocated, creditAccountId: alice!, amountSatang: 500n });
      const before = (await tx.query<{ scans: bigint }>(SEQUENTIAL_SCANS_OF_LEDGER_TABLES)).rows[0]!.scans;
      const result = await post(tx, alice!, bob!);
      const after = (await tx.query<{ scans: bigint }>(SEQUENTIAL_SCANS_OF_LEDGER_TABLES)).rows[0]!.scans;
      return { result, scans: after - before };
    });
  const postOne = (tx: Queryable, alice: bigint, bob: bigint) =>
    postTransfer(tx, { idempotencyKey: `plans-move-${alice}`, code: 'ADJUSTMENT', debitAccountId: alice, creditAccountId: bob, amountSatang: 100n });
  /** A deposit from a hot house account (not locked: migration 0055 still counts the two accounts). */
  const postDeposit = (tx: Queryable, _alice: bigint, bob: bigint) =>
    postTransfer(tx, { idempotencyKey: `plans-deposit-${bob}`, code: 'DEPOSIT', debitAccountId: unallocated, creditAccountId: bob, amountSatang: 100n });
  /** Three transfers in one call of the batch function: two moves and one refused for funds. */
  const postBatch = async (tx: Queryable, alice: bigint, bob: bigint) => {
    const amounts = ['100', '150', '1000'];
    const { rows } = await tx.query<{ outcome: string }>(
      `SELECT outcome FROM ledger_create_transfers($1::text[], $2::text[], $3::text[], $4::int8[], $5::int8[], $6::int8[], $7::int8[], $8::text[], $9::text[], $10::text[]) ORDER BY ordinal`,
      [
        amounts.map((_, index) => `plans-batch-${alice}-${index}`),
        amounts.map(() => 'ADJUSTMENT'),
        amounts.map(() => 'single'),
        amounts.map(() => alice.toString()),
        amounts.map(() => bob.toString()),
        amounts,
        amounts.map(() => null),
        amounts.map(() => null),
        amounts.map(() => null),
        amounts.map((_, index) => `digest-${index}`),
      ],
    );
    return rows.map((row) => row.outcome);
  };

  /** Runs `body` with the function's SET clauses removed, then puts back exactly what pg_proc had. */
  const withSettingsReset = async (functionName: string, body: () => Promise<void>) => {
    const { rows } = await db.query<{ proconfig: string[] | null }>('SELECT proconfig FROM pg_proc WHERE proname = $1', [functionName]);
    const settings = rows[0]?.proconfig ?? [];
    await db.query(`ALTER FUNCTION ${functionName} RESET ALL`);
    try {
      await body();
    } finally {
      for (const setting of settings) {
        const [name, value] = setting.split('=');
        await db.query(`ALTER FUNCTION ${functionName} SET ${name} = ${value}`);
      }
    }
  };

  // pg_stat_xact_user_tables counts this transaction's scans; PGlite keeps no such statistics.
  it.runIf(Boolean(process.env.DATABASE_URL))('posts a transfer without a sequential scan of any ledger table, even on a small unanalyzed database', async () => {
    for (const post of [postOne, postDeposit]) {
      const { result, scans } = await countScans(post);
      expect(result.status).toBe('created');
      expect(scans).toBe(0n);
    }
    // The check can fail: with the function's setting reset and index scans off in the caller's
    // transaction, the same posting scans. (Before migration 0055 resetting the setting was enough:
    // the totals UPDATE joined the new entries to ledger_accounts and chose a sequential scan here.
    // 0055 updates the two accounts by key, and no statement left chooses one on this database.)
    const withoutIndexScans = async (tx: Queryable, alice: bigint, bob: bigint) => {
      await tx.query('SET LOCAL enable_indexscan = off');
      await tx.query('SET LOCAL enable_bitmapscan = off');
      return postOne(tx, alice, bob);
    };
    // On a connection of its own, closed after: plans made with index scans off (the foreign keys'
    // checks keep theirs per connection) must not follow the other tests.
    const scratch = createPgDb(databaseUrl!, { maxConnections: 1 });
    try {
      await withSettingsReset('ledger_create_transfer', async () => expect((await countScans(withoutIndexScans, scratch)).scans).toBeGreaterThan(0n));
    } finally {
      await scratch.close();
    }
  });

  it.runIf(Boolean(process.env.DATABASE_URL))('posts a batch without a sequential scan of any ledger table, even on a small unanalyzed database', async () => {
    const { result, scans } = await countScans(postBatch);
    expect(result).toEqual(['created', 'created', 'refused']);
    expect(scans).toBe(0n);
    await withSettingsReset('ledger_create_transfers', async () => expect((await countScans(postBatch)).scans).toBeGreaterThan(0n));
  });

  it('plans the single posting function by key, and the batch function once per connection and by key', async () => {
    const { rows } = await db.query<{ proname: string; proconfig: string[] | null }>(
      "SELECT proname, proconfig FROM pg_proc WHERE proname IN ('ledger_create_transfer', 'ledger_create_transfers') ORDER BY proname",
    );
    expect(rows).toEqual([
      { proname: 'ledger_create_transfer', proconfig: ['enable_seqscan=off'] },
      { proname: 'ledger_create_transfers', proconfig: ['plan_cache_mode=force_generic_plan', 'enable_seqscan=off'] },
    ]);
  });
});

describe('reconcile', () => {
  it('reports a cached total that drifted from the entries', async () => {
    const [alice] = await createTestMemberAccounts(db, 1, 'drift');
    await fund(alice!, 500n);
    await db.query('UPDATE ledger_accounts SET credits_posted = credits_posted + 1 WHERE id = $1', [alice]);
    const violations = await reconcileLedger(db);
    expect(violations.map((violation) => violation.invariant)).toContain('cached totals equal the sum of entries');
    await db.query('UPDATE ledger_accounts SET credits_posted = credits_posted - 1 WHERE id = $1', [alice]);
    expect(await reconcileLedger(db)).toEqual([]);
  });
});

describe('bounded retries', () => {
  it('runs the work again after a deadlock and gives up after maxAttempts', async () => {
    let attempts = 0;
    const result = await inLedgerTransaction(db, async () => {
      attempts += 1;
      if (attempts < 3) throw Object.assign(new Error('deadlock'), { code: '40P01' });
      return 'done';
    }, { baseDelayMs: 1 });
    expect(result).toBe('done');
    attempts = 0;
    await expect(inLedgerTransaction(db, async () => {
      attempts += 1;
      throw Object.assign(new Error('serialization'), { code: '40001' });
    }, { maxAttempts: 4, baseDelayMs: 1 })).rejects.toThrow('serialization');
    expect(attempts).toBe(4);
  });
});

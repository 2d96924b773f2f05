import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@sabai/db/testing';
import { postgresErrorCode, type Db } from '@sabai/db';
import { HOUSE_ACCOUNTS, expectPosted, postTransfer, reconcileLedger, requireAccountId, reserveTransfer, type TransferOutcome } from './index.ts';
import { createTestMemberAccounts } from './test-accounts.ts';

/**
 * The posting's locks after migration 0062 (docs/adr/0072): a single or pending transfer's totals
 * updates are its account locks, in id order, and the idempotency key, the remembered refusal and the
 * member rule are read after them; every answer but `created` takes the totals back. Each posting below
 * is one auto-committed call on its own connection (no retry), so on PostgreSQL a deadlock or a twin's
 * unique key would surface as an error; on PGlite (one connection) the calls interleave.
 */
let db: Db;
let drop: () => Promise<void>;
let unallocated: bigint;
let counter = 0;
const key = (label: string): string => `locks:${label}:${(counter += 1)}`;

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  unallocated = await requireAccountId(db, HOUSE_ACCOUNTS.unallocatedDeposits);
});
afterAll(async () => {
  // Every taken-back update left the cached totals equal to the entries.
  expect(await reconcileLedger(db)).toEqual([]);
  await drop();
});

async function fund(member: bigint, amountSatang: bigint): Promise<void> {
  expectPosted(await postTransfer(db, { idempotencyKey: key('fund'), code: 'DEPOSIT', debitAccountId: unallocated, creditAccountId: member, amountSatang }));
}

/** A member account's cached totals (satang). */
async function totals(account: bigint): Promise<{ available: bigint; debitsPosted: bigint; creditsPosted: bigint; debitsPending: bigint }> {
  const { rows } = await db.query<{ available: bigint; debits_posted: bigint; credits_posted: bigint; debits_pending: bigint }>(
    'SELECT credits_posted - debits_posted - debits_pending AS available, debits_posted, credits_posted, debits_pending FROM ledger_accounts WHERE id = $1',
    [account],
  );
  const row = rows[0]!;
  return { available: row.available, debitsPosted: row.debits_posted, creditsPosted: row.credits_posted, debitsPending: row.debits_pending };
}

const statuses = (outcomes: TransferOutcome[]): Record<string, number> =>
  outcomes.reduce<Record<string, number>>((counts, outcome) => ({ ...counts, [outcome.status]: (counts[outcome.status] ?? 0) + 1 }), {});

describe('a posting locks its accounts by updating them (migration 0062)', () => {
  it('twins with one key at once: one created, every other answered exists with its id, money moved once', async () => {
    const [alice, bob] = await createTestMemberAccounts(db, 2, 'twins');
    await fund(alice!, 1_000n);
    const idempotencyKey = key('twin');
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () => postTransfer(db, { idempotencyKey, code: 'ADJUSTMENT', debitAccountId: alice!, creditAccountId: bob!, amountSatang: 300n })),
    );
    expect(statuses(outcomes)).toEqual({ created: 1, exists: 19 });
    const ids = new Set(outcomes.map((outcome) => (outcome.status === 'created' || outcome.status === 'exists' ? outcome.transferId : undefined)));
    expect(ids.size).toBe(1);
    expect((await totals(alice!)).available).toBe(700n);
    expect((await totals(bob!)).available).toBe(300n);
  });

  it('twins that spend the whole balance: the later ones answer exists, not insufficient_funds, and no refusal is kept', async () => {
    const [alice, bob] = await createTestMemberAccounts(db, 2, 'twins-all');
    await fund(alice!, 500n);
    const idempotencyKey = key('twin-all');
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () => postTransfer(db, { idempotencyKey, code: 'ADJUSTMENT', debitAccountId: alice!, creditAccountId: bob!, amountSatang: 500n })),
    );
    expect(statuses(outcomes)).toEqual({ created: 1, exists: 19 });
    expect((await totals(alice!)).available).toBe(0n);
    const { rows } = await db.query('SELECT 1 FROM ledger_refusals WHERE idempotency_key = $1', [idempotencyKey]);
    expect(rows).toHaveLength(0);
  });

  it('twin refusals at once: every one refused insufficient_funds, one refusal kept, the credit side taken back', async () => {
    // Both orders of ids: the credit account's update comes first when its id is the lower.
    const [first, second] = await createTestMemberAccounts(db, 2, 'refusal-twins');
    for (const [payer, payee] of [
      [first!, second!],
      [second!, first!],
    ]) {
      await fund(payee!, 50n);
      const before = await totals(payee!);
      const idempotencyKey = key('refusal-twin');
      const outcomes = await Promise.all(
        Array.from({ length: 10 }, () => postTransfer(db, { idempotencyKey, code: 'ADJUSTMENT', debitAccountId: payer!, creditAccountId: payee!, amountSatang: 10_000n })),
      );
      expect(outcomes.every((outcome) => outcome.status === 'refused' && outcome.reason === 'insufficient_funds')).toBe(true);
      const { rows } = await db.query<{ reason: string }>('SELECT reason FROM ledger_refusals WHERE idempotency_key = $1', [idempotencyKey]);
      expect(rows).toEqual([{ reason: 'insufficient_funds' }]);
      expect(await totals(payee!)).toEqual(before);
    }
  });

  it('opposite postings between the same two accounts at once: no deadlock, money conserved', async () => {
    const [alice, bob] = await createTestMemberAccounts(db, 2, 'opposite');
    await fund(alice!, 10_000n);
    await fund(bob!, 10_000n);
    const outcomes = await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        postTransfer(db, {
          idempotencyKey: key('opposite'),
          code: 'ADJUSTMENT',
          debitAccountId: index % 2 === 0 ? alice! : bob!,
          creditAccountId: index % 2 === 0 ? bob! : alice!,
          amountSatang: 100n + BigInt(index),
        }),
      ),
    );
    expect(statuses(outcomes)).toEqual({ created: 60 });
    const sum = (await totals(alice!)).available + (await totals(bob!)).available;
    expect(sum).toBe(20_000n);
  });

  it('a refusal racing a credit: refused or created, never below zero, and a refused key stays refused', async () => {
    for (let round = 0; round < 10; round += 1) {
      const [member, other] = await createTestMemberAccounts(db, 2, 'race-credit');
      const spendKey = key('spend');
      const [spend] = await Promise.all([
        postTransfer(db, { idempotencyKey: spendKey, code: 'ADJUSTMENT', debitAccountId: member!, creditAccountId: other!, amountSatang: 400n }),
        fund(member!, 400n),
      ]);
      const after = await totals(member!);
      if (spend!.status === 'created') {
        expect(after.available).toBe(0n);
      } else {
        expect(spend).toEqual({ status: 'refused', reason: 'insufficient_funds' });
        expect(after.available).toBe(400n);
        // Funded now; the key still answers its remembered refusal and moves nothing.
        expect(await postTransfer(db, { idempotencyKey: spendKey, code: 'ADJUSTMENT', debitAccountId: member!, creditAccountId: other!, amountSatang: 400n })).toEqual(spend);
        expect(await totals(member!)).toEqual(after);
      }
    }
  });

  it('a same-key retry and a conflicting key take their updates back', async () => {
    const [alice, bob] = await createTestMemberAccounts(db, 2, 'retry');
    await fund(alice!, 1_000n);
    const idempotencyKey = key('retry');
    const transfer = { idempotencyKey, code: 'ADJUSTMENT', debitAccountId: alice!, creditAccountId: bob!, amountSatang: 200n } as const;
    const first = await postTransfer(db, transfer);
    const settled = [await totals(alice!), await totals(bob!)];
    expect(await postTransfer(db, transfer)).toEqual({ status: 'exists', transferId: expectPosted(first) });
    expect((await postTransfer(db, { ...transfer, amountSatang: 201n })).status).toBe('conflict');
    expect((await reserveTransfer(db, { ...transfer, code: 'WITHDRAW' })).status).toBe('conflict');
    expect([await totals(alice!), await totals(bob!)]).toEqual(settled);
  });

  it('a reservation racing spends of the same balance: the member rule holds under the lock', async () => {
    const [member, other] = await createTestMemberAccounts(db, 2, 'reserve-race');
    await fund(member!, 1_000n);
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        index % 2 === 0
          ? reserveTransfer(db, { idempotencyKey: key('reserve'), code: 'WITHDRAW', debitAccountId: member!, creditAccountId: unallocated, amountSatang: 300n })
          : postTransfer(db, { idempotencyKey: key('spend'), code: 'ADJUSTMENT', debitAccountId: member!, creditAccountId: other!, amountSatang: 300n }),
      ),
    );
    expect(statuses(outcomes)).toEqual({ created: 3, refused: 17 });
    const after = await totals(member!);
    expect(after.available).toBe(100n);
    expect(after.debitsPosted + after.debitsPending).toBe(900n);
  });
});

describe('the checks that replaced the posting rows foreign keys (migration 0062)', () => {
  it.each([
    ['DELETE FROM ledger_accounts WHERE id = $1', 'P0001'],
    ['UPDATE ledger_accounts SET id = DEFAULT WHERE id = $1', 'P0001'],
  ])('refuses %s', async (sql, code) => {
    const [member] = await createTestMemberAccounts(db, 1, 'forbid');
    const error = await db.query(sql, [member]).catch((caught: unknown) => caught);
    expect(postgresErrorCode(error)).toBe(code);
  });

  it('refuses TRUNCATE ledger_accounts', async () => {
    // In a transaction that is rolled back whatever happens: the test database is shared.
    const error = await db
      .transaction(async (tx) => {
        await tx.query('TRUNCATE ledger_accounts CASCADE');
        throw new Error('TRUNCATE ledger_accounts was not refused');
      })
      .catch((caught: unknown) => caught);
    expect(postgresErrorCode(error)).toBe('P0001');
  });

  it('refuses a transfer naming an account that does not exist (23503)', async () => {
    const [member] = await createTestMemberAccounts(db, 1, 'missing');
    const error = await db
      .query(`INSERT INTO ledger_transfers (idempotency_key, code, phase, debit_account_id, credit_account_id, amount_satang) VALUES ($1, 'ADJUSTMENT', 'single', $2, $3, 1)`, [
        key('missing'),
        member,
        -1n,
      ])
      .catch((caught: unknown) => caught);
    expect(postgresErrorCode(error)).toBe('23503');
  });

  it('refuses an entry naming a transfer that does not exist, or an account that is not its transfer’s (23503)', async () => {
    const [alice, bob, carol] = await createTestMemberAccounts(db, 3, 'entry');
    await fund(alice!, 10n);
    const transferId = expectPosted(await postTransfer(db, { idempotencyKey: key('entry'), code: 'ADJUSTMENT', debitAccountId: alice!, creditAccountId: bob!, amountSatang: 10n }));
    for (const [transfer, account] of [
      [transferId, carol!],
      [-1n, alice!],
    ] as const) {
      const error = await db
        .transaction(async (tx) => {
          await tx.query('INSERT INTO ledger_entries (transfer_id, account_id, credits_posted) VALUES ($1, $2, 0)', [transfer, account]);
        })
        .catch((caught: unknown) => caught);
      expect(postgresErrorCode(error)).toBe('23503');
    }
  });
});

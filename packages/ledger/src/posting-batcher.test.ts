import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createTestDatabase } from '@sabai/db/testing';
import type { Db, Queryable } from '@sabai/db';
import {
  HOUSE_ACCOUNTS,
  availableCreditBalance,
  createPostingBatcher,
  ensureHouseAccount,
  postTransfer,
  readAccountBalance,
  reconcileLedger,
  requireAccountId,
  reserveTransfer,
  resolvePendingTransfer,
  type TransferCode,
  type TransferOutcome,
} from './index.ts';
import { createTestMemberAccounts } from './test-accounts.ts';
import { callCreateTransfer, newTransferCall, readTransferOutcome, resolutionCall, type TransferCall } from './transfers.ts';

/** The batched posting path (docs/adr/0026), on PGlite and on PostgreSQL (DATABASE_URL). */
let db: Db;
let drop: () => Promise<void>;
let bank: bigint;
let unallocated: bigint;
beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  bank = await ensureHouseAccount(db, { code: 'house:bank:batch', kind: 'house_asset', isTotalsCached: false });
  unallocated = await requireAccountId(db, HOUSE_ACCOUNTS.unallocatedDeposits);
});
afterAll(async () => drop());

let counter = 0;
const key = (label: string) => `b:${label}:${(counter += 1)}:${Math.random()}`;
const available = async (accountId: bigint) => availableCreditBalance(await readAccountBalance(db, accountId));

async function fund(member: bigint, amountSatang: bigint): Promise<void> {
  await db.transaction(async (tx) => {
    await postTransfer(tx, { idempotencyKey: key('recv'), code: 'DEPOSIT_RECEIVED', debitAccountId: bank, creditAccountId: unallocated, amountSatang });
    await postTransfer(tx, { idempotencyKey: key('dep'), code: 'DEPOSIT', debitAccountId: unallocated, creditAccountId: member, amountSatang });
  });
}

/**
 * `db`, except that the first call whose SQL contains `callText` reaches the database (and commits)
 * and then fails as if the connection dropped before its answer.
 */
function losingFirstAnswerOf(callText: string): Db {
  let isAnswerLost = true;
  return {
    ...db,
    query: async (sql, params) => {
      const result = await db.query(sql, params);
      if (isAnswerLost && sql.includes(callText)) {
        isAnswerLost = false;
        throw Object.assign(new Error('Connection terminated unexpectedly'), { code: undefined });
      }
      return result as never;
    },
    transaction: (work) => db.transaction(work),
  };
}

/** A Db that records how many transfers each posting call carried (1 for ledger_create_transfer). */
function spyOnCallSizes(db: Db): { callSizes: number[]; spying: Db } {
  const callSizes: number[] = [];
  const spying: Db = {
    ...db,
    query: async (sql, params) => {
      if (sql.includes('ledger_create_transfers(')) callSizes.push((params?.[0] as unknown[]).length);
      else if (sql.includes('ledger_create_transfer(')) callSizes.push(1);
      return (await db.query(sql, params)) as never;
    },
  };
  return { callSizes, spying };
}

describe('createPostingBatcher', () => {
  it('gives each transfer of one batch its own outcome: created, exists, refused, conflict', async () => {
    const [rich, poor, other] = await createTestMemberAccounts(db, 3, 'mixed');
    await fund(rich!, 10_000n);
    const postedBefore = key('posted-before');
    expect((await postTransfer(db, { idempotencyKey: postedBefore, code: 'ADJUSTMENT', debitAccountId: rich!, creditAccountId: other!, amountSatang: 100n })).status).toBe('created');
    // One batch at a time: all seven go in one call (with room for two, they would be spread).
    const batcher = createPostingBatcher(db, { maxInFlight: 1 });
    const refusedKey = key('refused');
    const pending = await reserveTransfer(db, { idempotencyKey: key('pending'), code: 'WITHDRAW', debitAccountId: rich!, creditAccountId: unallocated, amountSatang: 1_000n });
    if (pending.status !== 'created') throw new Error('reserve failed');
    const batchesBefore = batcher.stats.batches;

    const outcomes = await Promise.all([
      batcher.post({ idempotencyKey: key('created'), code: 'ADJUSTMENT', debitAccountId: rich!, creditAccountId: other!, amountSatang: 500n }),
      batcher.post({ idempotencyKey: postedBefore, code: 'ADJUSTMENT', debitAccountId: rich!, creditAccountId: other!, amountSatang: 100n }),
      batcher.post({ idempotencyKey: refusedKey, code: 'ADJUSTMENT', debitAccountId: poor!, creditAccountId: other!, amountSatang: 1n }),
      batcher.post({ idempotencyKey: postedBefore, code: 'ADJUSTMENT', debitAccountId: rich!, creditAccountId: other!, amountSatang: 999n }),
      batcher.post({ idempotencyKey: key('same'), code: 'ADJUSTMENT', debitAccountId: other!, creditAccountId: other!, amountSatang: 1n }),
      batcher.resolve({ idempotencyKey: key('post'), pendingTransferId: pending.transferId, resolution: 'post', code: 'WITHDRAW' }),
      batcher.reserve({ idempotencyKey: key('reserve'), code: 'WITHDRAW', debitAccountId: rich!, creditAccountId: unallocated, amountSatang: 20_000n }),
    ]);

    expect(batcher.stats.batches - batchesBefore).toBe(1);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['created', 'exists', 'refused', 'conflict', 'refused', 'created', 'refused']);
    expect(outcomes[2]).toEqual({ status: 'refused', reason: 'insufficient_funds' });
    expect(outcomes[4]).toEqual({ status: 'refused', reason: 'same_account' });
    expect(outcomes[6]).toEqual({ status: 'refused', reason: 'insufficient_funds' });
    // 10,000 − 100 − 500 − 1,000 (the posted reservation).
    expect(await available(rich!)).toBe(8_400n);
    expect(await available(other!)).toBe(600n);
    await batcher.close();
  });

  it('sends postings that wait together in pairs (alone when pairWhenRoom is 1) while the database has a free place, and shares batches of at least 8 beyond', async () => {
    const [member, other] = await createTestMemberAccounts(db, 2, 'places');
    await fund(member!, 10_000n);
    // Records how many transfers each posting call carried.
    const { callSizes, spying } = spyOnCallSizes(db);
    const batcher = createPostingBatcher(spying, { maxInFlight: 2 });
    const move = () => batcher.post({ idempotencyKey: key('move'), code: 'ADJUSTMENT', debitAccountId: member!, creditAccountId: other!, amountSatang: 1n });

    // Two postings waiting together, two free places: by default a pair, one call (docs/adr/0073 addendum).
    expect((await Promise.all([move(), move()])).map((outcome) => outcome.status)).toEqual(['created', 'created']);
    expect(callSizes).toEqual([2]);
    // A posting that waits alone goes alone.
    callSizes.length = 0;
    expect((await move()).status).toBe('created');
    expect(callSizes).toEqual([1]);

    // Ten postings, two free places: one batch of 8 (never split below 8), then the other 2 together.
    callSizes.length = 0;
    expect((await Promise.all(Array.from({ length: 10 }, move))).every((outcome) => outcome.status === 'created')).toBe(true);
    expect(callSizes).toEqual([8, 2]);
    expect(batcher.stats).toMatchObject({ batches: 4, items: 13, retriedAlone: 0 });
    expect(await available(other!)).toBe(13n);
    await batcher.close();

    // pairWhenRoom 1 (docs/adr/0035): each posting goes alone while it has a place.
    callSizes.length = 0;
    const alone = createPostingBatcher(spying, { maxInFlight: 2, pairWhenRoom: 1 });
    expect((await Promise.all([1, 2].map(() => alone.post({ idempotencyKey: key('alone'), code: 'ADJUSTMENT', debitAccountId: member!, creditAccountId: other!, amountSatang: 1n })))).map((outcome) => outcome.status)).toEqual(['created', 'created']);
    expect(callSizes).toEqual([1, 1]);
    await alone.close();
  });

  it('pairs postings that wait together when asked to (pairWhenRoom), and shares by minSharedTransfers beyond the places', async () => {
    const [member, other] = await createTestMemberAccounts(db, 2, 'pairs');
    await fund(member!, 10_000n);
    const { callSizes, spying } = spyOnCallSizes(db);
    const batcher = createPostingBatcher(spying, { maxInFlight: 4, pairWhenRoom: 2, minSharedTransfers: 3 });
    const move = () => batcher.post({ idempotencyKey: key('pair'), code: 'ADJUSTMENT', debitAccountId: member!, creditAccountId: other!, amountSatang: 1n });

    // Four postings, four free places: two calls of 2 (docs/adr/0073), not four lone calls.
    expect((await Promise.all(Array.from({ length: 4 }, move))).every((outcome) => outcome.status === 'created')).toBe(true);
    expect(callSizes).toEqual([2, 2]);

    // Three postings: a pair and the one left over alone.
    callSizes.length = 0;
    expect((await Promise.all(Array.from({ length: 3 }, move))).every((outcome) => outcome.status === 'created')).toBe(true);
    expect(callSizes).toEqual([2, 1]);

    // Ten postings, four places: more wait than there are places, so batches of at least 3.
    callSizes.length = 0;
    expect((await Promise.all(Array.from({ length: 10 }, move))).every((outcome) => outcome.status === 'created')).toBe(true);
    expect(callSizes).toEqual([3, 3, 3, 1]);
    expect(await available(other!)).toBe(17n);
    await batcher.close();
  });

  it('never applies a lone transfer twice when its answer is lost', async () => {
    const [member, other] = await createTestMemberAccounts(db, 2, 'lost-alone');
    await fund(member!, 1_000n);
    const batcher = createPostingBatcher(losingFirstAnswerOf('ledger_create_transfer('));
    const outcome = await batcher.post({ idempotencyKey: key('z'), code: 'ADJUSTMENT', debitAccountId: member!, creditAccountId: other!, amountSatang: 100n });
    expect(outcome.status).toBe('exists');
    expect(batcher.stats.retriedAlone).toBe(1);
    expect(await available(other!)).toBe(100n);
    expect(await available(member!)).toBe(900n);
    await batcher.close();
  });

  it('runs a lone unit in its own transaction: its failure is its own error and leaves nothing', async () => {
    const [member] = await createTestMemberAccounts(db, 1, 'lone-unit');
    // Records every statement the batcher sends inside its transactions.
    const statements: string[] = [];
    const recording: Db = {
      ...db,
      transaction: (work) =>
        db.transaction((tx) => work({ ...tx, query: (sql: string, params?: unknown[]) => (statements.push(sql), tx.query(sql, params)) } as Queryable)),
    };
    const batcher = createPostingBatcher(recording);
    const failing = batcher.run(async (tx) => {
      await postTransfer(tx, { idempotencyKey: key('lone-half'), code: 'DEPOSIT', debitAccountId: unallocated, creditAccountId: member!, amountSatang: 5n });
      throw new Error('lone unit failed');
    });
    await expect(failing).rejects.toThrow('lone unit failed');
    expect(await available(member!)).toBe(0n);
    const value = await batcher.run(async (tx) => {
      await tx.query('SELECT 1');
      return 'done';
    });
    expect(value).toBe('done');
    expect(batcher.stats).toMatchObject({ batches: 2, items: 2, retriedAlone: 0 });
    // No shared-transaction machinery for a unit alone.
    expect(statements.filter((sql) => /SAVEPOINT|lock_timeout/.test(sql))).toEqual([]);
    expect(statements).toContain('SELECT 1');
    await batcher.close();
  });

  it('remembers a batched refusal exactly as the single path does', async () => {
    const [poor, other] = await createTestMemberAccounts(db, 2, 'remember');
    const batcher = createPostingBatcher(db);
    const refusedKey = key('refused');
    const transfer = { idempotencyKey: refusedKey, code: 'ADJUSTMENT' as const, debitAccountId: poor!, creditAccountId: other!, amountSatang: 50n };
    expect(await batcher.post(transfer)).toEqual({ status: 'refused', reason: 'insufficient_funds' });
    await fund(poor!, 1_000n);
    // Funded now, but the key's first answer stands (TigerBeetle: failures remembered), on both paths.
    expect(await postTransfer(db, transfer)).toEqual({ status: 'refused', reason: 'insufficient_funds' });
    expect(await batcher.post(transfer)).toEqual({ status: 'refused', reason: 'insufficient_funds' });
    expect(await batcher.post({ ...transfer, amountSatang: 51n })).toMatchObject({ status: 'conflict' });
    expect(await available(poor!)).toBe(1_000n);
    await batcher.close();
  });

  it('rolls back a failing element alone: the others commit, its caller gets its own error', async () => {
    const [member, other] = await createTestMemberAccounts(db, 2, 'error');
    await fund(member!, 1_000n);
    // One place at the database: the three share one call of the batch function.
    const batcher = createPostingBatcher(db, { maxInFlight: 1 });
    const results = await Promise.allSettled([
      batcher.post({ idempotencyKey: key('a'), code: 'ADJUSTMENT', debitAccountId: member!, creditAccountId: other!, amountSatang: 10n }),
      // A code the database's CHECK refuses: the element raises inside ledger_create_transfers.
      batcher.post({ idempotencyKey: key('bad'), code: 'NOT_A_CODE' as TransferCode, debitAccountId: member!, creditAccountId: other!, amountSatang: 10n }),
      batcher.post({ idempotencyKey: key('b'), code: 'ADJUSTMENT', debitAccountId: member!, creditAccountId: other!, amountSatang: 20n }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await available(other!)).toBe(30n);
    expect(batcher.stats.retriedAlone).toBe(1);
    await batcher.close();
  });

  it('never applies a transfer twice when the answer of a committed batch is lost', async () => {
    const [member, other] = await createTestMemberAccounts(db, 2, 'lost');
    await fund(member!, 1_000n);
    // The call reaches the database and commits, then the connection "drops" before the answer.
    const batcher = createPostingBatcher(losingFirstAnswerOf('ledger_create_transfers('), { maxInFlight: 1 });
    const outcomes: TransferOutcome[] = await Promise.all([
      batcher.post({ idempotencyKey: key('x'), code: 'ADJUSTMENT', debitAccountId: member!, creditAccountId: other!, amountSatang: 100n }),
      batcher.post({ idempotencyKey: key('y'), code: 'ADJUSTMENT', debitAccountId: member!, creditAccountId: other!, amountSatang: 200n }),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['exists', 'exists']);
    expect(await available(other!)).toBe(300n);
    expect(await available(member!)).toBe(700n);
    await batcher.close();
  });

  it('runs units of work in one transaction with a savepoint each: a failing unit never fails the others', async () => {
    const [member, other] = await createTestMemberAccounts(db, 2, 'units');
    const batcher = createPostingBatcher(db, { maxUnitsInFlight: 1 });
    const batchesBefore = batcher.stats.batches;
    const deposit = (amountSatang: bigint) =>
      batcher.run(async (tx) => {
        const idempotencyKey = key('unit');
        await postTransfer(tx, { idempotencyKey: `${idempotencyKey}:received`, code: 'DEPOSIT_RECEIVED', debitAccountId: bank, creditAccountId: unallocated, amountSatang });
        return postTransfer(tx, { idempotencyKey, code: 'DEPOSIT', debitAccountId: unallocated, creditAccountId: member!, amountSatang });
      });
    const results = await Promise.allSettled([
      deposit(100n),
      batcher.run(async (tx) => {
        // Half a unit written, then a failure: its first posting must not survive.
        await postTransfer(tx, { idempotencyKey: key('half'), code: 'DEPOSIT', debitAccountId: unallocated, creditAccountId: other!, amountSatang: 5n });
        throw new Error('unit failed');
      }),
      deposit(200n),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(batcher.stats.batches - batchesBefore).toBe(1);
    expect(await available(member!)).toBe(300n);
    expect(await available(other!)).toBe(0n);
    expect(await reconcileLedger(db)).toEqual([]);
    await batcher.close();
  });

  // PGlite has one connection: a row lock there never makes anyone wait.
  it.runIf(Boolean(process.env.DATABASE_URL))('runs a unit that waits too long for a row lock again alone, and it still posts once', async () => {
    const [member, other] = await createTestMemberAccounts(db, 2, 'lockwait');
    await fund(member!, 1_000n);
    // One place: the waiting unit shares its transaction with another (a lone unit has no lock limit).
    const batcher = createPostingBatcher(db, { unitLockWaitMs: 20, maxUnitsInFlight: 1 });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let isLocked: () => void = () => undefined;
    const locked = new Promise<void>((resolve) => (isLocked = resolve));
    // Another transaction holds the member's account row for a while.
    const holder = db.transaction(async (tx) => {
      await tx.query('SELECT id FROM ledger_accounts WHERE id = $1 FOR NO KEY UPDATE', [member]);
      isLocked();
      await held;
    });
    await locked;
    const idempotencyKey = key('waits');
    const outcome = batcher.run((tx) => postTransfer(tx, { idempotencyKey, code: 'ADJUSTMENT', debitAccountId: member!, creditAccountId: other!, amountSatang: 70n }));
    const companion = batcher.run(async (tx) => (await tx.query<{ one: number }>('SELECT 1 AS one')).rows[0]!.one);
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    await holder;
    expect((await outcome).status).toBe('created');
    expect(await companion).toBe(1);
    expect(batcher.stats.retriedAlone).toBe(1);
    expect(await available(other!)).toBe(70n);
    await batcher.close();
  });

  it('with enabled: false posts on the single path', async () => {
    const [member, other] = await createTestMemberAccounts(db, 2, 'off');
    await fund(member!, 100n);
    const batcher = createPostingBatcher(db, { enabled: false });
    const outcomes = await Promise.all([
      batcher.post({ idempotencyKey: key('o1'), code: 'ADJUSTMENT', debitAccountId: member!, creditAccountId: other!, amountSatang: 60n }),
      batcher.post({ idempotencyKey: key('o2'), code: 'ADJUSTMENT', debitAccountId: member!, creditAccountId: other!, amountSatang: 60n }),
    ]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['created', 'refused']);
    expect(batcher.stats.batches).toBe(0);
    await batcher.close();
  });

  it('refuses options outside their limits', () => {
    expect(() => createPostingBatcher(db, { maxBatch: 65 })).toThrow(RangeError);
    expect(() => createPostingBatcher(db, { windowMs: -1 })).toThrow(RangeError);
  });
});

/** One call of ledger_create_transfers, as the batcher makes it. */
async function createTransfers(q: Queryable, calls: TransferCall[]): Promise<TransferOutcome[]> {
  const { rows } = await q.query<{ ordinal: number; outcome: string; transfer_id: bigint | null; detail: string | null }>(
    `SELECT ordinal, outcome, transfer_id, detail FROM ledger_create_transfers(
       $1::text[], $2::text[], $3::text[], $4::int8[], $5::int8[], $6::int8[], $7::int8[], $8::text[], $9::text[], $10::text[])`,
    [
      calls.map((call) => call.idempotencyKey),
      calls.map((call) => call.code),
      calls.map((call) => call.phase),
      calls.map((call) => call.debitAccountId?.toString() ?? null),
      calls.map((call) => call.creditAccountId?.toString() ?? null),
      calls.map((call) => call.amountSatang?.toString() ?? null),
      calls.map((call) => call.pendingTransferId?.toString() ?? null),
      calls.map((call) => call.source?.type ?? null),
      calls.map((call) => call.source?.id ?? null),
      calls.map((call) => call.requestDigest),
    ],
  );
  expect(rows.map((row) => row.ordinal)).toEqual(calls.map((_, index) => index + 1));
  return rows.map(readTransferOutcome);
}

type Operation =
  | { kind: 'post'; from: number; to: number; amount: number }
  | { kind: 'reserve'; from: number; amount: number }
  | { kind: 'resolve'; pending: number; resolution: 'post' | 'void' }
  | { kind: 'repeat-posted' | 'repeat-refused' | 'repeat-pending'; isSame: boolean }
  | { kind: 'unknown-account' };

const operation: fc.Arbitrary<Operation> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('post' as const), from: fc.integer({ min: 0, max: 2 }), to: fc.integer({ min: 0, max: 3 }), amount: fc.integer({ min: 1, max: 4_000 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('reserve' as const), from: fc.integer({ min: 0, max: 2 }), amount: fc.integer({ min: 1, max: 4_000 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('resolve' as const), pending: fc.integer({ min: 0, max: 2 }), resolution: fc.constantFrom('post' as const, 'void' as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constantFrom('repeat-posted' as const, 'repeat-refused' as const, 'repeat-pending' as const), isSame: fc.boolean() }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'unknown-account' as const }) },
);

/**
 * A world: three funded members, the house's unallocated account, and what came before the batch —
 * a posted transfer, a remembered refusal, two open reservations and one already posted.
 */
async function openWorld(label: string) {
  const members = await createTestMemberAccounts(db, 3, label);
  for (const [index, member] of members.entries()) await fund(member, [5_000n, 2_000n, 300n][index]!);
  const accounts = [...members, unallocated];
  const prefix = key(label);
  const posted = { idempotencyKey: `${prefix}:posted`, code: 'ADJUSTMENT' as const, debitAccountId: members[0]!, creditAccountId: members[1]!, amountSatang: 100n };
  const refused = { idempotencyKey: `${prefix}:refused`, code: 'ADJUSTMENT' as const, debitAccountId: members[2]!, creditAccountId: members[1]!, amountSatang: 9_000n };
  expect((await postTransfer(db, posted)).status).toBe('created');
  expect(await postTransfer(db, refused)).toEqual({ status: 'refused', reason: 'insufficient_funds' });
  const pendingIds: bigint[] = [];
  for (const [index, from] of [members[0]!, members[1]!, members[0]!].entries()) {
    const pending = await reserveTransfer(db, { idempotencyKey: `${prefix}:pending:${index}`, code: 'WITHDRAW', debitAccountId: from, creditAccountId: unallocated, amountSatang: 500n });
    if (pending.status !== 'created') throw new Error('reserve failed');
    pendingIds.push(pending.transferId);
  }
  // The third reservation is already posted: resolving it again is refused.
  const resolved = await resolvePendingTransfer(db, { idempotencyKey: `${prefix}:resolved`, pendingTransferId: pendingIds[2]!, resolution: 'post', code: 'WITHDRAW' });
  expect(resolved.status).toBe('created');
  const callFor = (op: Operation, index: number): TransferCall => {
    const own = `${prefix}:op:${index}`;
    switch (op.kind) {
      case 'post':
        return newTransferCall('single', { idempotencyKey: own, code: 'ADJUSTMENT', debitAccountId: accounts[op.from]!, creditAccountId: accounts[op.to]!, amountSatang: BigInt(op.amount) });
      case 'reserve':
        return newTransferCall('pending', { idempotencyKey: own, code: 'WITHDRAW', debitAccountId: accounts[op.from]!, creditAccountId: unallocated, amountSatang: BigInt(op.amount) });
      case 'resolve':
        return resolutionCall({ idempotencyKey: own, pendingTransferId: pendingIds[op.pending]!, resolution: op.resolution, code: 'WITHDRAW' });
      case 'repeat-posted':
        return newTransferCall('single', { ...posted, amountSatang: op.isSame ? posted.amountSatang : 101n });
      case 'repeat-refused':
        return newTransferCall('single', { ...refused, amountSatang: op.isSame ? refused.amountSatang : 9_001n });
      case 'repeat-pending':
        return op.isSame
          ? newTransferCall('pending', { idempotencyKey: `${prefix}:pending:0`, code: 'WITHDRAW', debitAccountId: members[0]!, creditAccountId: unallocated, amountSatang: 500n })
          : resolutionCall({ idempotencyKey: `${prefix}:pending:0`, pendingTransferId: pendingIds[1]!, resolution: 'void', code: 'WITHDRAW' });
      case 'unknown-account':
        return newTransferCall('single', { idempotencyKey: own, code: 'ADJUSTMENT', debitAccountId: members[0]!, creditAccountId: 999_999_999n, amountSatang: 1n });
    }
  };
  const balances = async () =>
    Promise.all(
      members.map(async (member) => {
        const { debitsPosted, creditsPosted, debitsPending, creditsPending } = await readAccountBalance(db, member);
        return { debitsPosted, creditsPosted, debitsPending, creditsPending };
      }),
    );
  return { callFor, balances };
}

/** What the caller learns, without the ids (each world has its own). */
const shape = (outcome: TransferOutcome) => (outcome.status === 'refused' ? outcome : outcome.status === 'conflict' ? { status: 'conflict' } : { status: outcome.status });

/**
 * One batch of `operations` through ledger_create_transfers and the same operations through
 * ledger_create_transfer one by one (in one transaction), each in a world of its own accounts
 * (`worldPrefix` names them): the same answers, in order, and the same balances.
 */
async function expectBatchAnswersAsSingles(operations: Parameters<Awaited<ReturnType<typeof openWorld>>['callFor']>[0][], worldPrefix: string): Promise<void> {
  const batched = await openWorld(`${worldPrefix}batched`);
  const single = await openWorld(`${worldPrefix}single`);
  const batchedOutcomes = await createTransfers(db, operations.map(batched.callFor));
  const singleOutcomes = await db.transaction(async (tx) => {
    const outcomes: TransferOutcome[] = [];
    for (const [index, op] of operations.entries()) outcomes.push(await callCreateTransfer(tx, single.callFor(op, index)));
    return outcomes;
  });
  expect(batchedOutcomes.map(shape)).toEqual(singleOutcomes.map(shape));
  expect(await batched.balances()).toEqual(await single.balances());
}

describe('ledger_create_transfers', () => {
  it('answers every element as ledger_create_transfer called once per element, in order, would (random batches)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 2, maxLength: 24 }), async (operations) => {
        await expectBatchAnswersAsSingles(operations, '');
      }),
      { numRuns: 25 },
    );
    expect(await reconcileLedger(db)).toEqual([]);
  });

  it('answers a batch that names no pending transfer as ledger_create_transfer once per element would (random batches)', async () => {
    // Migration 0063: such a batch skips the pending lock and takes its accounts from its own
    // arrays; the house's unallocated account (not cached) and unknown accounts still take part.
    const withoutResolutions = operation.filter((op) => op.kind !== 'resolve' && !(op.kind === 'repeat-pending' && !op.isSame));
    await fc.assert(
      fc.asyncProperty(fc.array(withoutResolutions, { minLength: 2, maxLength: 12 }), async (operations) => {
        await expectBatchAnswersAsSingles(operations, 'no-pending-');
      }),
      { numRuns: 15 },
    );
    expect(await reconcileLedger(db)).toEqual([]);
  });

  it('decides a batch whose keys all differ in one pass, and a batch with a key twice element by element', async () => {
    const [member, other] = await createTestMemberAccounts(db, 2, 'one-pass');
    await fund(member!, 1_000n);
    const transfer = (label: string, amountSatang: bigint) =>
      newTransferCall('single', { idempotencyKey: label, code: 'ADJUSTMENT', debitAccountId: member!, creditAccountId: other!, amountSatang });
    const twice = key('twice');
    /** Calls of the per-element function inside one ledger_create_transfers (function statistics of this transaction). */
    const perElementCalls = (calls: TransferCall[]) =>
      db.transaction(async (tx) => {
        await tx.query(`SET LOCAL track_functions = 'pl'`);
        const outcomes = await createTransfers(tx, calls);
        const { rows } = await tx.query<{ calls: number }>(
          `SELECT coalesce(sum(calls), 0)::int AS calls FROM pg_stat_xact_user_functions WHERE funcname = 'ledger_create_transfer'`,
        );
        return { statuses: outcomes.map((outcome) => outcome.status), calls: rows[0]!.calls };
      });
    expect(await perElementCalls([transfer(key('a'), 1n), transfer(key('b'), 2n), transfer(key('c'), 3n)])).toEqual({ statuses: ['created', 'created', 'created'], calls: 0 });
    expect(await perElementCalls([transfer(twice, 4n), transfer(key('d'), 5n), transfer(twice, 4n)])).toEqual({ statuses: ['created', 'created', 'exists'], calls: 3 });
    expect(await available(other!)).toBe(15n);
  });
});

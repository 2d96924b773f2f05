import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createTestDatabase } from '@sabai/db/testing';
import type { Db } from '@sabai/db';
import type { Queryable } from '@sabai/db';
import {
  HOUSE_ACCOUNTS,
  availableCreditBalance,
  createPostingBatcher,
  ensureHouseAccount,
  inLedgerTransaction,
  postTransfer,
  readAccountBalance,
  reconcileLedger,
  requireAccountId,
  reserveTransfer,
  resolvePendingTransfer,
  type NewTransfer,
  type PostingBatcher,
  type ResolvePendingInput,
  type TransferOutcome,
} from './index.ts';
import { createTestMemberAccounts } from './test-accounts.ts';

/**
 * The ledger under load and against a model, through both posting paths (docs/adr/0026): the
 * single path (one transaction per posting) and the batched path (createPostingBatcher: lone
 * postings share one call and commit, units of work share one transaction), with its defaults and
 * with one place at the database (everything that waits together shares). On PostgreSQL the
 * workers really contend for row locks; on PGlite (one connection) they interleave at statement
 * boundaries.
 */
let db: Db;
let drop: () => Promise<void>;
let bank: bigint;
let unallocated: bigint;
beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  bank = await ensureHouseAccount(db, { code: 'house:bank:hot', kind: 'house_asset', isTotalsCached: false });
  unallocated = await requireAccountId(db, HOUSE_ACCOUNTS.unallocatedDeposits);
});
afterAll(async () => {
  await batcher?.close();
  await sharingBatcher?.close();
  await drop();
});

/** How a test posts: every posting of the tests below goes through one of these. */
interface PostingPath {
  post(transfer: NewTransfer): Promise<TransferOutcome>;
  reserve(transfer: NewTransfer): Promise<TransferOutcome>;
  resolve(input: ResolvePendingInput): Promise<TransferOutcome>;
  /** A unit of work that must stay atomic (a deposit's two postings). */
  unit<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
}

let batcher: PostingBatcher | undefined;
/** One place at the database: whatever waits together shares a call (a transaction for units). */
let sharingBatcher: PostingBatcher | undefined;
const PATHS: Array<{ name: string; open: () => PostingPath }> = [
  {
    name: 'single path',
    open: () => ({
      post: (transfer) => inLedgerTransaction(db, (tx) => postTransfer(tx, transfer)),
      reserve: (transfer) => inLedgerTransaction(db, (tx) => reserveTransfer(tx, transfer)),
      resolve: (input) => inLedgerTransaction(db, (tx) => resolvePendingTransfer(tx, input)),
      unit: (work) => inLedgerTransaction(db, work),
    }),
  },
  {
    name: 'batched path',
    open: () => {
      batcher ??= createPostingBatcher(db);
      const posting = batcher;
      return { post: posting.post, reserve: posting.reserve, resolve: posting.resolve, unit: (work) => posting.run(work) };
    },
  },
  {
    // The default batcher sends postings alone while it has a free place for each; this one always
    // shares, so the batch function and the shared transaction meet every race below too.
    name: 'batched path, always shared',
    open: () => {
      sharingBatcher ??= createPostingBatcher(db, { maxInFlight: 1, maxUnitsInFlight: 1 });
      const posting = sharingBatcher;
      return { post: posting.post, reserve: posting.reserve, resolve: posting.resolve, unit: (work) => posting.run(work) };
    },
  },
];
let path: PostingPath;

let keyCounter = 0;
const key = (label: string) => `c:${label}:${(keyCounter += 1)}:${Math.random()}`;
const available = async (accountId: bigint) => availableCreditBalance(await readAccountBalance(db, accountId));

async function deposit(member: bigint, amountSatang: bigint, idempotencyKey = key('deposit')): Promise<TransferOutcome> {
  return path.unit(async (tx) => {
    const received = await postTransfer(tx, { idempotencyKey: `${idempotencyKey}:received`, code: 'DEPOSIT_RECEIVED', debitAccountId: bank, creditAccountId: unallocated, amountSatang });
    if (received.status !== 'created' && received.status !== 'exists') return received;
    return postTransfer(tx, { idempotencyKey, code: 'DEPOSIT', debitAccountId: unallocated, creditAccountId: member, amountSatang });
  });
}

describe.each(PATHS)('ledger under concurrency, $name', ({ open }) => {
  beforeAll(() => {
    path = open();
  });

  it('50 concurrent reservations of the full balance: exactly one succeeds', async () => {
    const [member] = await createTestMemberAccounts(db, 1, 'race');
    await deposit(member!, 10_000n);
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, () =>
        path.reserve({ idempotencyKey: key('withdraw'), code: 'WITHDRAW', debitAccountId: member!, creditAccountId: unallocated, amountSatang: 10_000n }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'created')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.status === 'refused')).toHaveLength(49);
    expect(await available(member!)).toBe(0n);
  });

  it('50 concurrent post/void of one pending transfer: exactly one decision', async () => {
    const [member] = await createTestMemberAccounts(db, 1, 'decide');
    await deposit(member!, 5_000n);
    const pending = await reserveTransfer(db, { idempotencyKey: key('pending'), code: 'WITHDRAW', debitAccountId: member!, creditAccountId: unallocated, amountSatang: 5_000n });
    if (pending.status !== 'created') throw new Error('reserve failed');
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        path.resolve({ idempotencyKey: key('decision'), pendingTransferId: pending.transferId, resolution: index % 2 === 0 ? 'post' : 'void', code: 'WITHDRAW' }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'created')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.status === 'refused')).toHaveLength(49);
    expect(await reconcileLedger(db)).toEqual([]);
  });

  it('the same deposit delivered 50 times concurrently is credited once', async () => {
    const [member] = await createTestMemberAccounts(db, 1, 'dup');
    const idempotencyKey = key('bank-event');
    const outcomes = await Promise.all(Array.from({ length: 50 }, () => deposit(member!, 777n, idempotencyKey)));
    expect(outcomes.filter((outcome) => outcome.status === 'created')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.status === 'exists')).toHaveLength(49);
    expect(await available(member!)).toBe(777n);
  });

  it('16 workers for a bounded time through one hot house account leave a sound ledger and conserved money', async () => {
    const members = await createTestMemberAccounts(db, 8, 'load');
    const before = await Promise.all(members.map(available));
    const deadline = Date.now() + 3_000;
    let deposited = 0n;
    let operations = 0;
    const worker = async (workerIndex: number) => {
      let step = 0;
      while (Date.now() < deadline && step < 400) {
        step += 1;
        const from = members[(workerIndex + step) % members.length]!;
        const to = members[(workerIndex * 3 + step * 7 + 1) % members.length]!;
        const amountSatang = BigInt(1 + ((workerIndex * 31 + step * 17) % 500));
        if (step % 3 === 0) {
          const outcome = await deposit(to, amountSatang);
          if (outcome.status === 'created') deposited += amountSatang;
        } else if (from !== to) {
          await path.post({ idempotencyKey: key('move'), code: 'ADJUSTMENT', debitAccountId: from, creditAccountId: to, amountSatang });
        }
        operations += 1;
      }
    };
    await Promise.all(Array.from({ length: 16 }, (_, index) => worker(index)));
    expect(operations).toBeGreaterThan(16);
    const after = await Promise.all(members.map(available));
    const sum = (values: bigint[]) => values.reduce((total, value) => total + value, 0n);
    expect(sum(after) - sum(before)).toBe(deposited);
    expect(after.every((balance) => balance >= 0n)).toBe(true);
    expect(await reconcileLedger(db)).toEqual([]);
  });
});

describe.each(PATHS)('ledger against a bigint model, $name', ({ open }) => {
  beforeAll(() => {
    path = open();
  });

  type Command =
    | { kind: 'deposit'; member: number; amountSatang: bigint }
    | { kind: 'transfer'; from: number; to: number; amountSatang: bigint }
    | { kind: 'reserve'; member: number; amountSatang: bigint }
    | { kind: 'resolve'; pendingIndex: number; resolution: 'post' | 'void' }
    | { kind: 'repeat' };

  const amount = fc.bigInt({ min: 1n, max: 20_000n });
  const command: fc.Arbitrary<Command> = fc.oneof(
    fc.record({ kind: fc.constant('deposit' as const), member: fc.nat(3), amountSatang: amount }),
    fc.record({ kind: fc.constant('transfer' as const), from: fc.nat(3), to: fc.nat(3), amountSatang: amount }),
    fc.record({ kind: fc.constant('reserve' as const), member: fc.nat(3), amountSatang: amount }),
    fc.record({ kind: fc.constant('resolve' as const), pendingIndex: fc.nat(10), resolution: fc.constantFrom('post' as const, 'void' as const) }),
    fc.constant({ kind: 'repeat' as const }),
  );

  it('matches the model after every step of random sequences, and reconciles', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 30 }), async (commands) => {
        const members = await createTestMemberAccounts(db, 4, 'model');
        const model = members.map(() => ({ posted: 0n, pending: 0n }));
        const pendings: Array<{ id: bigint; member: number; amountSatang: bigint; resolved: boolean }> = [];
        let last: { run: () => Promise<TransferOutcome> } | undefined;
        for (const step of commands) {
          if (step.kind === 'deposit') {
            const run = () => deposit(members[step.member]!, step.amountSatang, `model-dep:${members[step.member]}:${keyCounter}`);
            keyCounter += 1;
            const outcome = await run();
            expect(outcome.status).toBe('created');
            model[step.member]!.posted += step.amountSatang;
            last = { run };
          } else if (step.kind === 'transfer') {
            const idempotencyKey = key('model-move');
            const run = () => path.post({ idempotencyKey, code: 'ADJUSTMENT', debitAccountId: members[step.from]!, creditAccountId: members[step.to]!, amountSatang: step.amountSatang });
            const outcome = await run();
            const fromModel = model[step.from]!;
            if (step.from === step.to) expect(outcome).toEqual({ status: 'refused', reason: 'same_account' });
            else if (fromModel.posted - fromModel.pending < step.amountSatang) expect(outcome).toEqual({ status: 'refused', reason: 'insufficient_funds' });
            else {
              expect(outcome.status).toBe('created');
              fromModel.posted -= step.amountSatang;
              model[step.to]!.posted += step.amountSatang;
            }
            last = { run };
          } else if (step.kind === 'reserve') {
            const idempotencyKey = key('model-reserve');
            const run = () => path.reserve({ idempotencyKey, code: 'WITHDRAW', debitAccountId: members[step.member]!, creditAccountId: unallocated, amountSatang: step.amountSatang });
            const outcome = await run();
            const memberModel = model[step.member]!;
            if (memberModel.posted - memberModel.pending < step.amountSatang) expect(outcome.status).toBe('refused');
            else {
              expect(outcome.status).toBe('created');
              memberModel.pending += step.amountSatang;
              if (outcome.status === 'created') pendings.push({ id: outcome.transferId, member: step.member, amountSatang: step.amountSatang, resolved: false });
            }
            last = { run };
          } else if (step.kind === 'resolve') {
            const pending = pendings[step.pendingIndex % Math.max(1, pendings.length)];
            if (!pending) continue;
            const idempotencyKey = key('model-resolve');
            const run = () => path.resolve({ idempotencyKey, pendingTransferId: pending.id, resolution: step.resolution, code: 'WITHDRAW' });
            const outcome = await run();
            if (pending.resolved) expect(outcome.status).toBe('refused');
            else {
              expect(outcome.status).toBe('created');
              pending.resolved = true;
              const memberModel = model[pending.member]!;
              memberModel.pending -= pending.amountSatang;
              if (step.resolution === 'post') memberModel.posted -= pending.amountSatang;
            }
            last = { run };
          } else if (last) {
            // Repeating the previous request with its key must change nothing.
            const outcome = await last.run();
            expect(['exists', 'refused']).toContain(outcome.status);
          }
          for (const [index, member] of members.entries()) {
            const balance = await readAccountBalance(db, member);
            expect(balance.creditsPosted - balance.debitsPosted).toBe(model[index]!.posted);
            expect(balance.debitsPending).toBe(model[index]!.pending);
          }
        }
        expect(await reconcileLedger(db)).toEqual([]);
      }),
      { numRuns: 25 },
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@sabai/db/testing';
import type { Db, Queryable } from '@sabai/db';
import {
  HOUSE_ACCOUNTS,
  POSTING_WITH_FIRST_PARAM,
  RESOLVE_AND_POST_FIRST_PARAM,
  postTransfer,
  postTransferWith,
  postTwoTransfersWith,
  reconcileLedger,
  requireAccountId,
  reserveTransfer,
  reserveTransferWith,
  resolveAndPostTransferWith,
} from './index.ts';
import { createTestMemberAccounts } from './test-accounts.ts';

/**
 * The statements that call ledger_create_transfer inside a larger statement are planned as what
 * they are: a few rows, far below PostgreSQL's jit_above_cost (issue 29 §3, migration 0053,
 * docs/adr/0059). Estimated at the default 1,000 rows per function call, the two-posting
 * statement of a bank-feed credit came to a cost of ~200,000 and was JIT-compiled on every call
 * (36 ms of LLVM for under 1 ms of work). Each statement is captured as sent, then EXPLAINed with
 * its own parameters (EXPLAIN without ANALYZE runs nothing).
 */
let db: Db;
let drop: () => Promise<void>;
let unallocated: bigint;
beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  unallocated = await requireAccountId(db, HOUSE_ACCOUNTS.unallocatedDeposits);
  await db.exec('CREATE TABLE posting_plan_notes (key text PRIMARY KEY, transfer_id bigint NOT NULL)');
});
afterAll(async () => {
  // The captured statements really posted: the books still balance (conservation).
  expect(await reconcileLedger(db)).toEqual([]);
  await drop();
});

/** Runs `work` on a Queryable that keeps the last statement it was given, with its parameters. */
async function lastStatementOf(work: (tx: Queryable) => Promise<unknown>): Promise<{ sql: string; params: readonly unknown[] }> {
  let last: { sql: string; params: readonly unknown[] } | undefined;
  await db.transaction(async (tx) => {
    const capturing: Queryable = {
      query: ((sql: string, params: readonly unknown[] = [], options?: Parameters<Queryable['query']>[2]) => {
        last = { sql, params };
        return tx.query(sql, params, options);
      }) as Queryable['query'],
      exec: (sql: string) => tx.exec(sql),
    };
    await work(capturing);
  });
  if (!last) throw new Error('no statement was sent');
  return last;
}

async function plannedCost(statement: { sql: string; params: readonly unknown[] }): Promise<number> {
  const { rows } = await db.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${statement.sql}`, statement.params);
  const plan = rows[0]!['QUERY PLAN'];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as Array<{ Plan: { 'Total Cost': number } }>;
  return parsed[0]!.Plan['Total Cost'];
}

async function jitAboveCost(): Promise<number> {
  const { rows } = await db.query<{ cost: string }>(`SELECT current_setting('jit_above_cost') AS cost`);
  return Number(rows[0]!.cost);
}

describe('posting statements are planned below jit_above_cost (issue 29 §3)', () => {
  const NOTE_ONE = `noted AS (INSERT INTO posting_plan_notes (key, transfer_id) SELECT $${POSTING_WITH_FIRST_PARAM}::text, posting.transfer_id FROM posting WHERE posting.outcome = 'created')`;
  const NOTE_TWO = `noted AS (
    INSERT INTO posting_plan_notes (key, transfer_id)
    SELECT $${RESOLVE_AND_POST_FIRST_PARAM}::text, posting.transfer_id FROM first_posting, posting
     WHERE first_posting.outcome IN ('created', 'exists') AND posting.outcome IN ('created', 'exists')
  )`;

  it('a deposit received and credited with its row in one statement (postTwoTransfersWith)', async () => {
    const [member] = await createTestMemberAccounts(db, 1, 'plan-two');
    const channel = await requireAccountId(db, HOUSE_ACCOUNTS.payoutsInFlight);
    const statement = await lastStatementOf((tx) =>
      postTwoTransfersWith(
        tx,
        { idempotencyKey: `plan:received:${member}`, code: 'DEPOSIT_RECEIVED', debitAccountId: channel, creditAccountId: unallocated, amountSatang: 10_000n },
        { idempotencyKey: `plan:credited:${member}`, code: 'DEPOSIT', debitAccountId: unallocated, creditAccountId: member!, amountSatang: 10_000n },
        NOTE_TWO,
        [`plan-two:${member}`],
      ),
    );
    const cost = await plannedCost(statement);
    expect(cost, `planned cost ${cost}`).toBeLessThan(await jitAboveCost());
    // A few rows' work: the true estimate, not a thousand rows per function call.
    expect(cost).toBeLessThan(1_000);
  });

  it('a reservation resolved and the money paid out in one statement (resolveAndPostTransferWith)', async () => {
    const [member] = await createTestMemberAccounts(db, 1, 'plan-resolve');
    const inFlight = await requireAccountId(db, HOUSE_ACCOUNTS.payoutsInFlight);
    await postTransfer(db, { idempotencyKey: `plan:fund:${member}`, code: 'DEPOSIT', debitAccountId: unallocated, creditAccountId: member!, amountSatang: 10_000n });
    const reserved = await reserveTransfer(db, { idempotencyKey: `plan:reserve:${member}`, code: 'WITHDRAW', debitAccountId: member!, creditAccountId: inFlight, amountSatang: 4_000n });
    if (reserved.status !== 'created') throw new Error('not reserved');
    const statement = await lastStatementOf((tx) =>
      resolveAndPostTransferWith(
        tx,
        { idempotencyKey: `plan:post:${member}`, pendingTransferId: reserved.transferId, resolution: 'post', code: 'WITHDRAW' },
        { idempotencyKey: `plan:paid:${member}`, code: 'WITHDRAW', debitAccountId: inFlight, creditAccountId: unallocated, amountSatang: 4_000n },
        NOTE_TWO.replace('first_posting', 'resolution').replace('first_posting.outcome', 'resolution.outcome'),
        [`plan-resolve:${member}`],
      ),
    );
    const cost = await plannedCost(statement);
    expect(cost, `planned cost ${cost}`).toBeLessThan(await jitAboveCost());
    expect(cost).toBeLessThan(1_000);
  });

  it('one posting with the caller\'s writes (postTransferWith, reserveTransferWith)', async () => {
    const [member] = await createTestMemberAccounts(db, 1, 'plan-one');
    const posted = await lastStatementOf((tx) =>
      postTransferWith(tx, { idempotencyKey: `plan:one:${member}`, code: 'DEPOSIT', debitAccountId: unallocated, creditAccountId: member!, amountSatang: 5_000n }, NOTE_ONE, [`plan-one:${member}`]),
    );
    const reserved = await lastStatementOf((tx) =>
      reserveTransferWith(tx, { idempotencyKey: `plan:reserve-one:${member}`, code: 'WITHDRAW', debitAccountId: member!, creditAccountId: unallocated, amountSatang: 1_000n }, NOTE_ONE, [`plan-reserve:${member}`]),
    );
    for (const statement of [posted, reserved]) expect(await plannedCost(statement)).toBeLessThan(1_000);
  });
});

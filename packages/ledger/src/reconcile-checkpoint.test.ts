import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@sabai/db/testing';
import type { Db } from '@sabai/db';
import { ensureHouseAccount, postTransfer, reconcileLedgerFromCheckpoint, requireAccountId } from './index.ts';
import { createTestMemberAccounts } from './test-accounts.ts';

/**
 * ledger:reconcile checkpoints (issue 16 §4, docs/adr/0023): a sound run stores what it verified,
 * the next run checks only newer transfers (so it finds a row changed after the checkpoint), and
 * a full run still finds a row changed before it.
 */
let db: Db;
let drop: () => Promise<void>;
let bank: bigint;
let unallocated: bigint;
let members: bigint[];
let keyCounter = 0;

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  bank = await ensureHouseAccount(db, { code: 'house:bank:checkpoint-test', kind: 'house_asset', isTotalsCached: false });
  unallocated = await requireAccountId(db, 'house:unallocated_deposits');
  members = await createTestMemberAccounts(db, 3, 'checkpoint');
});
afterAll(async () => {
  await drop();
});

/** A deposit to the member: bank → unallocated → member. */
async function deposit(member: bigint, amountSatang: bigint): Promise<void> {
  await db.transaction(async (tx) => {
    keyCounter += 1;
    await postTransfer(tx, { idempotencyKey: `cp:received:${keyCounter}`, code: 'DEPOSIT_RECEIVED', debitAccountId: bank, creditAccountId: unallocated, amountSatang });
    await postTransfer(tx, { idempotencyKey: `cp:deposit:${keyCounter}`, code: 'DEPOSIT', debitAccountId: unallocated, creditAccountId: member, amountSatang });
  });
}

/** Changes one entry behind the append-only trigger's back (what reconcile exists to catch). */
async function tamperEntryOf(account: bigint, which: 'first' | 'last'): Promise<void> {
  await db.query('ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_append_only');
  await db.query(
    `UPDATE ledger_entries SET credits_posted = credits_posted + 1
     WHERE id = (SELECT id FROM ledger_entries WHERE account_id = $1 ORDER BY id ${which === 'first' ? 'ASC' : 'DESC'} LIMIT 1)`,
    [account],
  );
  await db.query('ALTER TABLE ledger_entries ENABLE TRIGGER ledger_entries_append_only');
}

const maxTransferId = async () => BigInt((await db.query<{ id: bigint }>('SELECT max(id) AS id FROM ledger_transfers')).rows[0]!.id);

describe('ledger reconcile from a checkpoint', () => {
  it('checks only what is new, finds a row changed after the checkpoint, and leaves one before it to --full', async () => {
    const [first, second, third] = members as [bigint, bigint, bigint];
    await deposit(first, 10_000n);
    await deposit(second, 20_000n);
    const full = await reconcileLedgerFromCheckpoint(db, { full: true, settleSeconds: 0 });
    expect(full.violations).toEqual([]);
    expect(full.isFullRun).toBe(true);
    expect(full.isCheckpointSaved).toBe(true);
    const checkpoint = await maxTransferId();
    expect(full.checkpointTransferId).toBe(checkpoint);

    // Nothing new: nothing to check, still sound.
    const idle = await reconcileLedgerFromCheckpoint(db, { settleSeconds: 0 });
    expect(idle).toMatchObject({ violations: [], fromTransferId: checkpoint, throughTransferId: checkpoint, isCheckpointSaved: false });

    // A row before the checkpoint is changed; new money moves elsewhere. The run from the
    // checkpoint does not look back (that is its point) …
    await tamperEntryOf(second, 'first');
    await deposit(third, 5_000n);
    const since = await reconcileLedgerFromCheckpoint(db, { settleSeconds: 0 });
    expect(since.violations).toEqual([]);
    expect(since.fromTransferId).toBe(checkpoint);
    expect(since.throughTransferId).toBe(await maxTransferId());
    // … a full run does.
    const fullAgain = await reconcileLedgerFromCheckpoint(db, { full: true, settleSeconds: 0 });
    expect(fullAgain.violations.map((violation) => violation.invariant)).toEqual(
      expect.arrayContaining(['entries sum to zero', 'each transfer has two balanced entries matching it', 'cached totals equal the sum of entries']),
    );
    expect(fullAgain.isCheckpointSaved).toBe(false);

    // A row after the checkpoint is changed: the run from the checkpoint finds it.
    await deposit(first, 7_000n);
    await tamperEntryOf(first, 'last');
    const after = await reconcileLedgerFromCheckpoint(db, { settleSeconds: 0 });
    expect(after.violations.map((violation) => violation.invariant)).toEqual(
      expect.arrayContaining(['entries sum to zero', 'each transfer has two balanced entries matching it', 'cached totals equal the sum of entries']),
    );
    expect(after.isCheckpointSaved).toBe(false);
  });

  it('keeps the checkpoint before transfers younger than the settle time, yet checks them', async () => {
    const before = await reconcileLedgerFromCheckpoint(db, { settleSeconds: 3600 });
    expect(before.throughTransferId).toBe(await maxTransferId());
    expect(before.isCheckpointSaved).toBe(false);
  });
});

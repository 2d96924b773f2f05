import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { continueIntoGame } from '../play/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { fundedMember } from '../../test/money-helpers.ts';
import { reconcileMoneyFromCheckpoint } from './index.ts';

/**
 * `npm run ledger:reconcile` from checkpoints, the checks around the ledger included (issue 16 §4,
 * docs/adr/0027): a run from the checkpoint checks the rows linked to newer transfers (and the open
 * ones), stores checkpoints only when the whole run is sound, and leaves an old row changed without
 * a posting to `--full`. Each test undoes its tampering and ends on a sound run.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const run = () => reconcileMoneyFromCheckpoint(t.db, { settleSeconds: 0 });

/** The member's newest deposit row. */
async function newestDepositOf(phoneNumber: string): Promise<{ id: string; credit_transfer_id: bigint; received_transfer_id: bigint }> {
  const { rows } = await t.db.query<{ id: string; credit_transfer_id: bigint; received_transfer_id: bigint }>(
    `SELECT d.id, d.credit_transfer_id, d.received_transfer_id FROM deposits d JOIN members m ON m.id = d.member_id
     WHERE m.phone_number = $1 ORDER BY d.created_at DESC LIMIT 1`,
    [phoneNumber],
  );
  return rows[0]!;
}

/** Runs `change` with the table's append-only trigger off (what reconcile exists to catch). */
async function behindTrigger(table: string, trigger: string, change: () => Promise<unknown>): Promise<void> {
  await t.db.query(`ALTER TABLE ${table} DISABLE TRIGGER ${trigger}`);
  try {
    await change();
  } finally {
    await t.db.query(`ALTER TABLE ${table} ENABLE TRIGGER ${trigger}`);
  }
}

describe('ledger:reconcile from checkpoints, the checks around the ledger', () => {
  it('finds nothing on a sound database, stores both checkpoints and then checks only what is newer', async () => {
    await fundedMember(t, '500.00');
    const full = await reconcileMoneyFromCheckpoint(t.db, { full: true, settleSeconds: 0 });
    expect(full.violations).toEqual([]);
    expect(full.around).toMatchObject({ isFullRun: true, isCheckpointSaved: true });
    expect(full.ledger.isCheckpointSaved).toBe(true);

    await fundedMember(t, '300.00');
    const since = await run();
    expect(since.violations).toEqual([]);
    expect(since.around).toMatchObject({ isFullRun: false, sinceTransferId: full.around.checkpointTransferId, isCheckpointSaved: true });
    expect(since.around.checkpointTransferId).toBeGreaterThan(full.around.checkpointTransferId);
    expect(since.ledger.isCheckpointSaved).toBe(true);
  }, 60_000);

  it('finds a new credited deposit without its DEPOSIT transfer, stores no checkpoint until it is repaired', async () => {
    await run();
    const member = await fundedMember(t, '250.00');
    const deposit = await newestDepositOf(member.phoneNumber);
    await t.db.query('UPDATE deposits SET credit_transfer_id = received_transfer_id WHERE id = $1', [deposit.id]);

    const found = await run();
    expect(found.violations).toEqual([{ invariant: 'credited deposits match their transfer', detail: deposit.id }]);
    expect(found.around.isCheckpointSaved).toBe(false);
    expect(found.ledger.isCheckpointSaved).toBe(false);
    // The checkpoint did not move past it: the next run finds it again.
    const again = await run();
    expect(again.violations).toEqual(found.violations);
    expect(again.around.sinceTransferId).toBe(found.around.sinceTransferId);

    await t.db.query('UPDATE deposits SET credit_transfer_id = $2 WHERE id = $1', [deposit.id, deposit.credit_transfer_id]);
    const repaired = await run();
    expect(repaired.violations).toEqual([]);
    expect(repaired.around.isCheckpointSaved).toBe(true);
  }, 60_000);

  it('finds a new reward row whose transfer is not its posting', async () => {
    await run();
    const member = await fundedMember(t, '150.00');
    const deposit = await newestDepositOf(member.phoneNumber);
    const { rows } = await t.db.query<{ id: string }>('SELECT id FROM members WHERE phone_number = $1', [member.phoneNumber]);
    const memberId = rows[0]!.id;
    // A redemption pointing at the member's DEPOSIT transfer: no ITEM_CODE posting behind it.
    await t.db.query(
      `INSERT INTO item_codes (code, amount_satang, total_uses, redeemed_count, expires_at, created_by) VALUES ('RECONCILE01', 5000, 10, 1, now() + interval '1 day', 'test')`,
    );
    await t.db.query('INSERT INTO item_code_redemptions (code, member_id, transfer_id) VALUES ($1, $2, $3)', ['RECONCILE01', memberId, deposit.credit_transfer_id]);

    const found = await run();
    expect(found.violations).toEqual([{ invariant: 'item-code redemptions match their transfer', detail: `RECONCILE01:${memberId}` }]);
    expect(found.around.isCheckpointSaved).toBe(false);

    await behindTrigger('item_code_redemptions', 'item_code_redemptions_append_only', () => t.db.query("DELETE FROM item_code_redemptions WHERE code = 'RECONCILE01'"));
    await t.db.query("DELETE FROM item_codes WHERE code = 'RECONCILE01'");
    expect((await run()).violations).toEqual([]);
  }, 60_000);

  it('finds a game transfer settled since the checkpoint whose row disagrees with its reservation', async () => {
    await run();
    const member = await fundedMember(t, '400.00');
    const { rows: members } = await t.db.query<{ id: string }>('SELECT id FROM members WHERE phone_number = $1', [member.phoneNumber]);
    const memberId = members[0]!.id;
    // The credited deposit continues into the game (the outbox runs inline in tests); once more is a no-op.
    await continueIntoGame(t.context, memberId);
    const { rows } = await t.db.query<{ id: string; status: string }>('SELECT id, status FROM game_transfers WHERE member_id = $1 ORDER BY created_at DESC LIMIT 1', [memberId]);
    const transfer = rows[0]!;
    expect(transfer.status).toBe('succeeded');
    // The partner took it and the ledger posted it, but the row says it failed.
    await t.db.query(`UPDATE game_transfers SET status = 'failed' WHERE id = $1`, [transfer.id]);

    const found = await run();
    expect(found.violations).toEqual([{ invariant: 'game transfers match their ledger reservation', detail: `${transfer.id}: failed but post_pending` }]);
    expect(found.around.isCheckpointSaved).toBe(false);

    await t.db.query(`UPDATE game_transfers SET status = 'succeeded' WHERE id = $1`, [transfer.id]);
    expect((await run()).violations).toEqual([]);
  }, 60_000);

  it('leaves an old row changed without a posting to --full, which finds it', async () => {
    const member = await fundedMember(t, '120.00');
    const deposit = await newestDepositOf(member.phoneNumber);
    const checkpoint = await run();
    expect(checkpoint.violations).toEqual([]);
    expect(checkpoint.around.checkpointTransferId).toBeGreaterThanOrEqual(deposit.credit_transfer_id);
    // Behind the checkpoint: no transfer of the next window links to this row.
    await t.db.query('UPDATE deposits SET amount_satang = amount_satang + 1 WHERE id = $1', [deposit.id]);

    const since = await run();
    expect(since.violations).toEqual([]);
    const full = await reconcileMoneyFromCheckpoint(t.db, { full: true, settleSeconds: 0 });
    expect(full.violations).toEqual([{ invariant: 'credited deposits match their transfer', detail: deposit.id }]);
    expect(full.around.isCheckpointSaved).toBe(false);

    await t.db.query('UPDATE deposits SET amount_satang = amount_satang - 1 WHERE id = $1', [deposit.id]);
    expect((await reconcileMoneyFromCheckpoint(t.db, { full: true, settleSeconds: 0 })).violations).toEqual([]);
  }, 60_000);
});

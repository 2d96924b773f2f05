import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable, QueryOptions } from '@sabai/db';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { fundedMember } from '../../test/money-helpers.ts';
import { unboundedScansOf } from '../../test/plan-scans.ts';
import { reconcileMoneyFromCheckpoint } from './index.ts';

/**
 * A run of `ledger:reconcile` from its checkpoints reaches every row by an index (issue 16 §4,
 * docs/adr/0027): each statement of the run is captured and EXPLAINed with sequential scans, merge
 * and hash joins off (what is left reaches rows by index conditions, if it can) on feature tables
 * analysed with thousands of older rows (linked to transfers before the checkpoint). A Seq Scan that remains means no index reaches the window's rows; an index walked
 * without a condition on its leading column means the whole index is read. Partial indexes (the
 * open rows: held deposits, open withdrawals, sending transfers …) and the newest-checkpoint
 * lookups are read whole by design. PostgreSQL only: PGlite's plans say nothing about scale.
 */
let t: TestApp;
const captured: Array<{ sql: string; params: readonly unknown[] }> = [];
let isCapturing = false;

const SEEDED_ROWS = 5000;

/**
 * Every table is watched; partial indexes (the open rows) and the newest-checkpoint lookups are
 * read whole by design. Merge and hash joins are off too: on test-sized tables they walk whole
 * indexes cheaply, at operator scale they do not.
 */
const unboundedScansOfRun = (sql: string, params: readonly unknown[]) =>
  unboundedScansOf(t.db, sql, params, {
    disabled: ['enable_seqscan', 'enable_mergejoin', 'enable_hashjoin'],
    rules: { isWatched: () => true, isWholeByDesign: (index) => index.isPartial || index.tableName.includes('reconcile_checkpoint') },
  });

beforeAll(async () => {
  t = await createTestApp();
  const query = t.db.query.bind(t.db);
  t.db.query = (async (sql: string, params?: readonly unknown[], options?: QueryOptions) => {
    if (isCapturing && /^\s*(SELECT|WITH)\b/i.test(sql)) captured.push({ sql, params: params ?? [] });
    return query(sql, params, options);
  }) as Queryable['query'];
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/**
 * An older ledger, sound: 20,000 transfers between two house expense accounts (derived totals)
 * and the wallets of 5,000 other members (no postings). Before the full run, so it checks them.
 */
async function seedOlderLedgerRows(): Promise<void> {
  await t.db.transaction(async (tx) => {
    await tx.query('SET LOCAL session_replication_role = replica');
    await tx.query(
      `INSERT INTO ledger_accounts (code, member_id, kind)
       SELECT 'member:mbr_plan' || n || ':' || k, 'mbr_plan' || n, k FROM generate_series(1, $1::int) n CROSS JOIN unnest(ARRAY['main', 'game', 'affiliate']) AS k`,
      [SEEDED_ROWS],
    );
    await tx.query(
      `INSERT INTO ledger_transfers (idempotency_key, code, phase, debit_account_id, credit_account_id, amount_satang, created_at)
       SELECT 'plan-test:older:' || n, 'ADJUSTMENT', 'single', (SELECT id FROM ledger_accounts WHERE code = 'house:expense:bonus'),
              (SELECT id FROM ledger_accounts WHERE code = 'house:expense:adjustment'), 100, now() - n * interval '1 minute'
       FROM generate_series(1, 20000) AS n`,
    );
    await tx.query(
      `INSERT INTO ledger_entries (transfer_id, account_id, debits_posted, credits_posted)
       SELECT t.id, x.account_id, x.debit, x.credit FROM ledger_transfers t
       CROSS JOIN LATERAL (VALUES (t.debit_account_id, t.amount_satang, 0::int8), (t.credit_account_id, 0::int8, t.amount_satang)) AS x(account_id, debit, credit)
       WHERE t.idempotency_key LIKE 'plan-test:older:%'`,
    );
  });
}

/**
 * Older rows in every table the checks around the ledger read, linked to transfer ids before any
 * real one (negative: no window ever reaches them). Foreign keys and the append-only triggers are
 * off for the load (replica role), as in the scale bench's build.
 */
async function seedOlderFeatureRows(): Promise<void> {
  await t.db.transaction(async (tx) => {
    await tx.query('SET LOCAL session_replication_role = replica');
    const rows = [SEEDED_ROWS];
    await tx.query(
      `INSERT INTO deposits (id, event_id, channel_id, amount_satang, occurred_at, status, member_id, received_transfer_id, credit_transfer_id, resolved_at)
       SELECT 'dep_' || lpad(n::text, 20, '0'), -n, 'plan', 100, now(), 'credited', 'mbr_plan', -2 * n, -2 * n - 1, now() FROM generate_series(1, $1::int) n`,
      rows,
    );
    await tx.query(
      `INSERT INTO item_codes (code, amount_satang, total_uses, redeemed_count, expires_at, created_by)
       SELECT 'PLAN' || n, 100, 1000000, $1::int / 500, now() + interval '1 day', 'test' FROM generate_series(0, 499) n`,
      rows,
    );
    await tx.query(`INSERT INTO item_code_redemptions (code, member_id, transfer_id) SELECT 'PLAN' || (n % 500), 'mbr_p' || n, -n FROM generate_series(1, $1::int) n`, rows);
    await tx.query(
      `INSERT INTO wheel_draws (id, member_id, request_key, cost_satang, prize_id, prize_label, prize_kind, prize_amount_satang, roll, total_weight, cost_transfer_id, prize_transfer_id)
       SELECT 'spn_' || lpad(n::text, 20, '0'), 'mbr_plan', 'k' || n, 100, 1, 'x', 'credit', 100, 0, 10, -2 * n, -2 * n - 1 FROM generate_series(1, $1::int) n`,
      rows,
    );
    await tx.query(
      `INSERT INTO wagering_requirements (id, member_id, source_type, source_transfer_id, credited_satang, turnover_multiple, required_satang, turnover_start_satang, status, ended_at, end_reason)
       SELECT 'wgr_' || lpad(n::text, 20, '0'), 'mbr_plan', 'affiliate_income', -n, 100, 1, 100, 0, 'completed', now(), 'WITHDRAWN' FROM generate_series(1, $1::int) n`,
      rows,
    );
    await tx.query(
      `INSERT INTO affiliate_withdrawals (id, member_id, amount_satang, status, reserve_transfer_id, resolve_transfer_id, decided_by, decided_at)
       SELECT 'afw_' || lpad(n::text, 20, '0'), 'mbr_plan', 100, 'approved', -2 * n, -2 * n - 1, 'test', now() FROM generate_series(1, $1::int) n`,
      rows,
    );
    await tx.query(
      `INSERT INTO game_transfers (id, member_id, direction, amount_satang, status, reserve_transfer_id, resolve_transfer_id)
       SELECT 'gtr_' || lpad(n::text, 20, '0'), 'mbr_plan', 'in', 100, 'succeeded', -2 * n, -2 * n - 1 FROM generate_series(1, $1::int) n`,
      rows,
    );
    await tx.query(
      `INSERT INTO bet_rounds (partner, round_id, member_id, game_code, stake_satang, payout_satang, result, status, settled_at)
       SELECT 'plan', 'r' || n, 'mbr_plan', 'slot', 100, 0, 'loss', 'settled', now() FROM generate_series(1, $1::int) n`,
      rows,
    );
  });
  await t.db.query('ANALYZE');
}

describe.skipIf(!process.env.DATABASE_URL)('ledger:reconcile plans from the checkpoints (PostgreSQL)', () => {
  it('reaches the window’s rows and the open rows by indexes, never by reading a whole table', async () => {
    await fundedMember(t, '200.00');
    await seedOlderLedgerRows();
    const full = await reconcileMoneyFromCheckpoint(t.db, { full: true, settleSeconds: 0 });
    expect(full.violations).toEqual([]);
    await seedOlderFeatureRows();
    await fundedMember(t, '300.00');

    isCapturing = true;
    const run = await reconcileMoneyFromCheckpoint(t.db, { settleSeconds: 0, store: false });
    isCapturing = false;
    expect(run.around.isFullRun).toBe(false);
    expect(captured.length).toBeGreaterThan(20);

    const offending: string[] = [];
    for (const entry of captured) {
      for (const scan of await unboundedScansOfRun(entry.sql, entry.params)) offending.push(`${scan}: ${entry.sql.replace(/\s+/g, ' ').slice(0, 160)}`);
    }
    expect(offending).toEqual([]);
  }, 180_000);
});

/**
 * The plan of every statement of `ledger:reconcile` from its checkpoints (docs/adr/0027), on a
 * database of real size (e.g. the one `SCALE_KEEP=1 npm run bench:scale` leaves):
 *
 *   SCALE_DATABASE_URL=postgres://root@127.0.0.1:5432/sabai_scale npx tsx bench/explain-reconcile.ts
 *
 * Runs reconcileMoneyFromCheckpoint once (storing nothing), captures each statement, and prints
 * EXPLAIN (ANALYZE, BUFFERS) of it, marking every Seq Scan: a run from the checkpoint should
 * reach its rows by indexes only. A Seq Scan is then planned again with `enable_seqscan = off`
 * (on a small table it is the cheap plan; what matters is that an index path exists). Needs a
 * stored checkpoint (a full run) and a few new transfers to be meaningful.
 *
 * The bench database has no reward rows or game transfers: `EXPLAIN_FILL_ROWS=300000` first adds
 * that many rows to each of item_code_redemptions, wheel_draws, wagering_requirements,
 * affiliate_withdrawals and game_transfers, linked to existing (old) transfer ids, and ANALYZEs.
 * They break the rewards and game invariants: use a throw-away database (a `--full` run reports them).
 */
import { createPgDb, type Queryable, type QueryOptions } from '@sabai/db';
import { reconcileMoneyFromCheckpoint } from '../apps/api/src/modules/reconcile/index.ts';

const url = process.env.SCALE_DATABASE_URL || 'postgres://root@127.0.0.1:5432/sabai_scale';
const db = createPgDb(url, { maxConnections: 1 });
const captured: Array<{ sql: string; params: readonly unknown[] }> = [];
const query = db.query.bind(db);
db.query = (async (sql: string, params?: readonly unknown[], options?: QueryOptions) => {
  if (/^\s*(SELECT|WITH)\b/i.test(sql)) captured.push({ sql, params: params ?? [] });
  return query(sql, params, options);
}) as Queryable['query'];
/** Bulk rows for the feature tables (foreign keys and append-only triggers off: replica role). */
const FILL_SQL = `
INSERT INTO item_codes (code, amount_satang, total_uses, redeemed_count, expires_at, created_by)
SELECT 'FILL' || n, 5000, 1000000, 0, now() + interval '1 year', 'bench' FROM generate_series(0, least(999, $1::int - 1)) n;
INSERT INTO item_code_redemptions (code, member_id, transfer_id)
SELECT 'FILL' || (n % 1000), 'mbr_' || lpad(n::text, 20, '0'), n FROM generate_series(1, $1::int) n;
INSERT INTO wheel_draws (id, member_id, request_key, cost_satang, prize_id, prize_label, prize_kind, prize_amount_satang, roll, total_weight, cost_transfer_id, prize_transfer_id)
SELECT 'spn_' || lpad(n::text, 20, '0'), 'mbr_' || lpad(n::text, 20, '0'), 'k' || n, 5000, 1, 'x', CASE WHEN n % 2 = 0 THEN 'credit' ELSE 'nothing' END,
       CASE WHEN n % 2 = 0 THEN 100 ELSE 0 END, 0, 10, $1::int + n, CASE WHEN n % 2 = 0 THEN 2 * $1::int + n END FROM generate_series(1, $1::int) n;
INSERT INTO wagering_requirements (id, member_id, source_type, source_transfer_id, credited_satang, turnover_multiple, required_satang, turnover_start_satang, status, ended_at, end_reason)
SELECT 'wgr_' || lpad(n::text, 20, '0'), 'mbr_' || lpad(n::text, 20, '0'), 'affiliate_income', 3 * $1::int + n, 100, 1, 100, 0, 'completed', now(), 'WITHDRAWN' FROM generate_series(1, $1::int) n;
INSERT INTO affiliate_withdrawals (id, member_id, amount_satang, status, reserve_transfer_id, resolve_transfer_id, decided_by, decided_at)
SELECT 'afw_' || lpad(n::text, 20, '0'), 'mbr_' || lpad(n::text, 20, '0'), 100, 'approved', 4 * $1::int + n, 5 * $1::int + n, 'bench', now() FROM generate_series(1, $1::int) n;
INSERT INTO game_transfers (id, member_id, direction, amount_satang, status, reserve_transfer_id, resolve_transfer_id)
SELECT 'gtr_' || lpad(n::text, 20, '0'), 'mbr_' || lpad(n::text, 20, '0'), 'in', 100, 'succeeded', 6 * $1::int + n, 7 * $1::int + n FROM generate_series(1, $1::int) n`;

try {
  const fillRows = Number(process.env.EXPLAIN_FILL_ROWS ?? 0);
  if (fillRows > 0) {
    await db.transaction(async (tx) => {
      await tx.query('SET LOCAL session_replication_role = replica');
      for (const statement of FILL_SQL.split(';')) await tx.query(statement, [fillRows]);
    });
    await query('ANALYZE');
    console.log(`filled ${fillRows} rows into each reward / game table`);
  }
  const run = await reconcileMoneyFromCheckpoint(db, { settleSeconds: 0, store: false });
  console.log(`run: ${run.violations.length} violation(s); around from transfer ${run.around.sinceTransferId} (full: ${run.around.isFullRun}); ${captured.length} statements\n`);
  let seqScans = 0;
  let indexless = 0;
  for (const [index, statement] of captured.entries()) {
    const { rows } = await query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`, statement.params);
    const plan = rows.map((row) => row['QUERY PLAN']);
    const scans = plan.filter((line) => /Seq Scan/.test(line));
    seqScans += scans.length;
    const time = plan.find((line) => line.startsWith('Execution Time')) ?? '';
    console.log(`#${index + 1} ${time}${scans.length > 0 ? `  SEQ SCAN: ${scans.map((line) => line.trim()).join('; ')}` : ''}`);
    console.log(`   ${statement.sql.replace(/\s+/g, ' ').slice(0, 220)}`);
    if (process.env.EXPLAIN_VERBOSE === '1') console.log(plan.map((line) => `      ${line}`).join('\n'));
    if (scans.length > 0) {
      // On a small or empty table a Seq Scan is the cheap plan: ask whether an index path exists at all.
      const forced = await db.transaction(async (tx) => {
        await tx.query('SET LOCAL enable_seqscan = off');
        return (await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${statement.sql}`, statement.params)).rows.map((row) => row['QUERY PLAN']);
      });
      const left = forced.filter((line) => /Seq Scan/.test(line));
      indexless += left.length;
      console.log(`   with enable_seqscan = off: ${left.length === 0 ? 'every scan by an index' : `NO INDEX PATH: ${left.map((line) => line.trim()).join('; ')}`}`);
      if (left.length > 0 || process.env.EXPLAIN_VERBOSE === '1') console.log(forced.map((line) => `      ${line}`).join('\n'));
    }
  }
  console.log(`\n${seqScans} Seq Scan node(s) in ${captured.length} statements; ${indexless} with no index path`);
} finally {
  await db.close();
}

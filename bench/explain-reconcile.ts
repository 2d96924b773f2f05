/**
 * The plan of every statement of `ledger:reconcile` from its checkpoints (docs/adr/0027), on a
 * database of real size (e.g. the one `SCALE_KEEP=1 npm run bench:scale` leaves):
 *
 *   SCALE_DATABASE_URL=postgres://root@127.0.0.1:5432/sabai_scale npx tsx bench/explain-reconcile.ts
 *
 * Runs reconcileMoneyFromCheckpoint once (storing nothing), captures each statement, and prints
 * EXPLAIN (ANALYZE, BUFFERS) of it, marking every Seq Scan: a run from the checkpoint should
 * reach its rows by indexes only. Needs a stored checkpoint (a full run) to be meaningful.
 */
import { createPgDb, type Queryable } from '@sabai/db';
import { reconcileMoneyFromCheckpoint } from '../apps/api/src/modules/reconcile/index.ts';

const url = process.env.SCALE_DATABASE_URL || 'postgres://root@127.0.0.1:5432/sabai_scale';
const db = createPgDb(url, { maxConnections: 1 });
const captured: Array<{ sql: string; params: readonly unknown[] }> = [];
const query = db.query.bind(db);
db.query = (async (sql: string, params?: readonly unknown[]) => {
  if (/^\s*(SELECT|WITH)\b/i.test(sql)) captured.push({ sql, params: params ?? [] });
  return query(sql, params);
}) as Queryable['query'];
try {
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

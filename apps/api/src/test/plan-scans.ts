import type { Queryable } from '@sabai/db';

/** One node of `EXPLAIN (FORMAT JSON)` output, the fields the scan check reads. */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

/** What a plan check looks at, and which whole-index reads are meant (partial indexes of open rows, tiny lookups). */
export interface ScanRules {
  /** Tables whose scans are checked (e.g. `ledger_*` and `bet_rounds` for member reads; every table for reconcile). */
  isWatched: (table: string) => boolean;
  /** An index read whole by design, never reported. */
  isWholeByDesign?: (index: { tableName: string; isPartial: boolean }) => boolean;
}

/**
 * The scans in a plan that do not reach rows by an index condition (issue 16 §3–4, docs/adr/0023
 * and 0027): a Seq Scan of a watched table, or an index scan (plain, index-only or bitmap) that
 * walks the whole index (no condition, or one on a later column only — the index's leading
 * column is read from pg_index). Answers one line per such scan.
 */
export async function unboundedScans(tx: Queryable, node: PlanNode, rules: ScanRules, out: string[] = []): Promise<string[]> {
  const type = node['Node Type'];
  if (type === 'Seq Scan' && node['Relation Name'] && rules.isWatched(node['Relation Name'])) out.push(`Seq Scan on ${node['Relation Name']}`);
  const indexName = node['Index Name'];
  if (indexName) {
    const { rows } = await tx.query<{ table_name: string; leading_column: string; is_partial: boolean }>(
      `SELECT c.relname AS table_name, a.attname AS leading_column, i.indpred IS NOT NULL AS is_partial FROM pg_index i
       JOIN pg_class ic ON ic.oid = i.indexrelid JOIN pg_class c ON c.oid = i.indrelid
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = i.indkey[0] WHERE ic.relname = $1`,
      [indexName],
    );
    const index = rows[0];
    const condition = node['Index Cond'] ?? '';
    const isWholeByDesign = index !== undefined && (rules.isWholeByDesign?.({ tableName: index.table_name, isPartial: index.is_partial }) ?? false);
    if (index && rules.isWatched(index.table_name) && !isWholeByDesign && !new RegExp(`\\b${index.leading_column}\\b`).test(condition)) {
      out.push(`${type} on ${index.table_name} walking all of ${indexName} (${condition || 'no condition'})`);
    }
  }
  for (const child of node.Plans ?? []) await unboundedScans(tx, child, rules, out);
  return out;
}

/**
 * EXPLAINs `sql` with `params` in a transaction where each planner switch of `disabled` is off
 * (e.g. `enable_seqscan`: what is left reaches rows by index conditions, if it can), and answers
 * its unbounded scans (unboundedScans). PostgreSQL only: PGlite's plans say nothing about scale.
 */
export async function unboundedScansOf(
  db: { transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> },
  sql: string,
  params: readonly unknown[],
  options: { disabled: readonly string[]; rules: ScanRules },
): Promise<string[]> {
  return db.transaction(async (tx) => {
    for (const setting of options.disabled) {
      if (!/^enable_[a-z]+$/.test(setting)) throw new Error(`not a planner switch: ${setting}`);
      await tx.query(`SET LOCAL ${setting} = off`);
    }
    const { rows } = await tx.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> | string }>(`EXPLAIN (FORMAT JSON) ${sql}`, params);
    const plan = rows[0]!['QUERY PLAN'];
    return unboundedScans(tx, (typeof plan === 'string' ? (JSON.parse(plan) as Array<{ Plan: PlanNode }>) : plan)[0]!.Plan, options.rules);
  });
}

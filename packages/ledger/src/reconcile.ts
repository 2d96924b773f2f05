import type { Queryable } from '@sabai/db';

/**
 * Checks every invariant of money.md against the whole ledger. Each check is one SQL query that
 * returns the offending rows (at most `limit` each); an empty result means the ledger is sound.
 *
 * 1. all entries sum to zero (posted and pending separately);
 * 2. every transfer's entries balance and match the transfer (accounts, amount, phase);
 * 3. every cached total equals the sum of its account's entries;
 * 4. no member account is below zero counting pending debits;
 * 5. every pending transfer is resolved at most once, by a transfer of its own accounts and amount.
 */
export interface Violation {
  invariant: string;
  detail: string;
}

const CHECKS: Array<{ invariant: string; sql: string }> = [
  {
    invariant: 'entries sum to zero',
    sql: `SELECT 'posted ' || coalesce(sum(debits_posted), 0) || '/' || coalesce(sum(credits_posted), 0)
            || ' pending ' || coalesce(sum(debits_pending), 0) || '/' || coalesce(sum(credits_pending), 0) AS detail
          FROM ledger_entries
          HAVING coalesce(sum(debits_posted), 0) <> coalesce(sum(credits_posted), 0)
              OR coalesce(sum(debits_pending), 0) <> coalesce(sum(credits_pending), 0)`,
  },
  {
    invariant: 'each transfer has two balanced entries matching it',
    sql: `SELECT 'transfer ' || t.id AS detail
          FROM ledger_transfers t
          LEFT JOIN ledger_entries d ON d.transfer_id = t.id AND d.account_id = t.debit_account_id
          LEFT JOIN ledger_entries c ON c.transfer_id = t.id AND c.account_id = t.credit_account_id
          WHERE d.id IS NULL OR c.id IS NULL
             OR (SELECT count(*) FROM ledger_entries e WHERE e.transfer_id = t.id) <> 2
             OR d.credits_posted <> 0 OR d.credits_pending <> 0 OR c.debits_posted <> 0 OR c.debits_pending <> 0
             OR d.debits_posted <> CASE WHEN t.phase IN ('single', 'post_pending') THEN t.amount_satang ELSE 0 END
             OR c.credits_posted <> CASE WHEN t.phase IN ('single', 'post_pending') THEN t.amount_satang ELSE 0 END
             OR d.debits_pending <> CASE t.phase WHEN 'pending' THEN t.amount_satang WHEN 'single' THEN 0 ELSE -t.amount_satang END
             OR c.credits_pending <> CASE t.phase WHEN 'pending' THEN t.amount_satang WHEN 'single' THEN 0 ELSE -t.amount_satang END`,
  },
  {
    invariant: 'cached totals equal the sum of entries',
    sql: `SELECT a.code || ' cached ' || a.debits_posted || '/' || a.credits_posted || '/' || a.debits_pending || '/' || a.credits_pending
            || ' entries ' || coalesce(s.dp, 0) || '/' || coalesce(s.cp, 0) || '/' || coalesce(s.dpe, 0) || '/' || coalesce(s.cpe, 0) AS detail
          FROM ledger_accounts a
          LEFT JOIN (SELECT account_id, sum(debits_posted) dp, sum(credits_posted) cp, sum(debits_pending) dpe, sum(credits_pending) cpe
                     FROM ledger_entries GROUP BY account_id) s ON s.account_id = a.id
          WHERE a.is_totals_cached AND (a.debits_posted <> coalesce(s.dp, 0) OR a.credits_posted <> coalesce(s.cp, 0)
             OR a.debits_pending <> coalesce(s.dpe, 0) OR a.credits_pending <> coalesce(s.cpe, 0))`,
  },
  {
    invariant: 'no member account below zero',
    sql: `SELECT a.code || ' available ' || (sum(e.credits_posted) - sum(e.debits_posted) - sum(e.debits_pending)) AS detail
          FROM ledger_accounts a JOIN ledger_entries e ON e.account_id = a.id
          WHERE a.member_id IS NOT NULL GROUP BY a.id
          HAVING sum(e.credits_posted) - sum(e.debits_posted) - sum(e.debits_pending) < 0`,
  },
  {
    invariant: 'pending transfers resolved at most once, by their own accounts and amount',
    sql: `SELECT 'pending ' || p.id || ' resolutions ' || count(r.id) AS detail
          FROM ledger_transfers p JOIN ledger_transfers r ON r.pending_transfer_id = p.id
          GROUP BY p.id, p.phase, p.debit_account_id, p.credit_account_id, p.amount_satang
          HAVING count(*) > 1 OR p.phase <> 'pending'
             OR bool_or(r.debit_account_id <> p.debit_account_id OR r.credit_account_id <> p.credit_account_id OR r.amount_satang <> p.amount_satang)`,
  },
];

export async function reconcileLedger(q: Queryable, options: { limit?: number } = {}): Promise<Violation[]> {
  const limit = options.limit ?? 20;
  const violations: Violation[] = [];
  for (const check of CHECKS) {
    const { rows } = await q.query<{ detail: string }>(`SELECT detail FROM (${check.sql}) AS offending LIMIT ${limit}`);
    for (const row of rows) violations.push({ invariant: check.invariant, detail: row.detail });
  }
  return violations;
}

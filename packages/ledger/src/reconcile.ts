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

/** A run of reconcileLedgerFromCheckpoint: what it checked and what it found. */
export interface CheckpointedReconcile {
  violations: Violation[];
  /** Transfers checked: ids in (fromTransferId, throughTransferId]; a full run starts at 0. */
  fromTransferId: bigint;
  throughTransferId: bigint;
  /** The checkpoint after this run: the settled head when saved, otherwise the one it started from. */
  checkpointTransferId: bigint;
  isFullRun: boolean;
  /** Whether this run stored a new checkpoint (only a sound run does). */
  isCheckpointSaved: boolean;
  /** The newest transfer older than the settle time (what a checkpoint of this run stands at). */
  settledTransferId: bigint;
  /**
   * With `deferStore`: the checkpoint this run would store, when its ledger checks were sound and
   * it moves the checkpoint on; the caller stores it with storeLedgerCheckpoint once its own checks
   * are sound too (docs/adr/0027).
   */
  pendingCheckpoint?: LedgerCheckpoint;
}

/** A ledger checkpoint: the entries' sums (satang) verified through a transfer id. */
export interface LedgerCheckpoint {
  throughTransferId: bigint;
  debitsPosted: bigint;
  creditsPosted: bigint;
  debitsPending: bigint;
  creditsPending: bigint;
  isFullRun: boolean;
}

/** Stores a checkpoint a sound run returned (`pendingCheckpoint`); the next run from a checkpoint starts there. */
export async function storeLedgerCheckpoint(q: Queryable, checkpoint: LedgerCheckpoint): Promise<void> {
  await q.query(
    `INSERT INTO ledger_reconcile_checkpoints (through_transfer_id, debits_posted, credits_posted, debits_pending, credits_pending, is_full_run)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      String(checkpoint.throughTransferId),
      String(checkpoint.debitsPosted),
      String(checkpoint.creditsPosted),
      String(checkpoint.debitsPending),
      String(checkpoint.creditsPending),
      checkpoint.isFullRun,
    ],
  );
}

/** Transfers younger than this are left to the next run: their transaction may still commit below a newer id. */
export const RECONCILE_SETTLE_SECONDS = 60;

/**
 * `ledger:reconcile` with checkpoints (issue 16 §4, docs/adr/0023): a sound run stores the
 * totals it verified up to a transfer id (`ledger_reconcile_checkpoints`, migration 0024), and the
 * next run re-checks only what is newer:
 * 1. all entries sum to zero: the checkpoint's sums plus the new transfers' entries;
 * 2. each new transfer has two balanced entries matching it;
 * 3. 4. every account a new transfer touched: cached totals equal the sum of all its entries,
 *    and a member account is not below zero;
 * 5. new pending transfers and new resolutions: resolved at most once, by their own accounts
 *    and amount.
 * `full: true` (the script's `--full`) runs every check of reconcileLedger over the whole ledger
 * and stores a checkpoint when sound: a row changed before the checkpoint is found only by a full
 * run, so run one regularly. Every transfer present is checked; the checkpoint stops before
 * transfers younger than `settleSeconds`, so the next run looks at them again.
 * `deferStore: true` stores nothing and returns the checkpoint as `pendingCheckpoint` (for a
 * caller with checks of its own: reconcileMoneyFromCheckpoint, docs/adr/0027).
 */
export async function reconcileLedgerFromCheckpoint(
  q: Queryable,
  options: { full?: boolean; limit?: number; settleSeconds?: number; deferStore?: boolean } = {},
): Promise<CheckpointedReconcile> {
  const limit = options.limit ?? 20;
  const settleSeconds = options.settleSeconds ?? RECONCILE_SETTLE_SECONDS;
  const { rows: checkpoints } = await q.query<{ through_transfer_id: bigint; dp: string; cp: string; dpe: string; cpe: string }>(
    `SELECT through_transfer_id, debits_posted::text AS dp, credits_posted::text AS cp, debits_pending::text AS dpe, credits_pending::text AS cpe
     FROM ledger_reconcile_checkpoints ORDER BY id DESC LIMIT 1`,
  );
  const checkpoint = options.full ? undefined : checkpoints[0];
  const from = BigInt(checkpoint?.through_transfer_id ?? 0n);
  const base = checkpoint ? [checkpoint.dp, checkpoint.cp, checkpoint.dpe, checkpoint.cpe].map(BigInt) : [0n, 0n, 0n, 0n];
  // Checked: every transfer newer than the checkpoint. Saved: only up to the settled head (a
  // younger transaction may still commit below a newer id, so the next run looks again).
  const { rows: heads } = await q.query<{ head: bigint | null; settled: bigint | null }>(
    `SELECT max(id) AS head, max(id) FILTER (WHERE created_at < now() - make_interval(secs => $2)) AS settled FROM ledger_transfers WHERE id > $1`,
    [String(from), settleSeconds],
  );
  const through = heads[0]?.head != null ? BigInt(heads[0].head) : from;
  const settled = heads[0]?.settled != null ? BigInt(heads[0].settled) : from;

  const violations: Violation[] = [];
  const check = async (invariant: string, sql: string, params: unknown[]) => {
    const { rows } = await q.query<{ detail: string }>(`SELECT detail FROM (${sql}) AS offending LIMIT ${limit}`, params);
    for (const row of rows) violations.push({ invariant, detail: row.detail });
  };
  if (options.full) violations.push(...(await reconcileLedger(q, { limit })));

  // The window's sums (entries of transfers in (from, through]), by the (transfer_id, account_id) index.
  const { rows: sums } = await q.query<{ dp: string; cp: string; dpe: string; cpe: string; sdp: string; scp: string; sdpe: string; scpe: string }>(
    `SELECT coalesce(sum(debits_posted), 0)::text AS dp, coalesce(sum(credits_posted), 0)::text AS cp,
            coalesce(sum(debits_pending), 0)::text AS dpe, coalesce(sum(credits_pending), 0)::text AS cpe,
            coalesce(sum(debits_posted) FILTER (WHERE transfer_id <= $3), 0)::text AS sdp, coalesce(sum(credits_posted) FILTER (WHERE transfer_id <= $3), 0)::text AS scp,
            coalesce(sum(debits_pending) FILTER (WHERE transfer_id <= $3), 0)::text AS sdpe, coalesce(sum(credits_pending) FILTER (WHERE transfer_id <= $3), 0)::text AS scpe
     FROM ledger_entries WHERE transfer_id > $1 AND transfer_id <= $2`,
    [String(from), String(through), String(settled)],
  );
  const sum = sums[0]!;
  const totals = [sum.dp, sum.cp, sum.dpe, sum.cpe].map((value, index) => BigInt(value) + base[index]!);
  const settledTotals = [sum.sdp, sum.scp, sum.sdpe, sum.scpe].map((value, index) => BigInt(value) + base[index]!);
  if (!options.full) {
    if (totals[0] !== totals[1] || totals[2] !== totals[3]) {
      violations.push({ invariant: 'entries sum to zero', detail: `through transfer ${through}: posted ${totals[0]}/${totals[1]} pending ${totals[2]}/${totals[3]}` });
    }
    const window = [String(from), String(through)];
    await check(
      'each transfer has two balanced entries matching it',
      `SELECT 'transfer ' || t.id AS detail
       FROM ledger_transfers t
       LEFT JOIN ledger_entries d ON d.transfer_id = t.id AND d.account_id = t.debit_account_id
       LEFT JOIN ledger_entries c ON c.transfer_id = t.id AND c.account_id = t.credit_account_id
       WHERE t.id > $1 AND t.id <= $2 AND (d.id IS NULL OR c.id IS NULL
          OR (SELECT count(*) FROM ledger_entries e WHERE e.transfer_id = t.id) <> 2
          OR d.credits_posted <> 0 OR d.credits_pending <> 0 OR c.debits_posted <> 0 OR c.debits_pending <> 0
          OR d.debits_posted <> CASE WHEN t.phase IN ('single', 'post_pending') THEN t.amount_satang ELSE 0 END
          OR c.credits_posted <> CASE WHEN t.phase IN ('single', 'post_pending') THEN t.amount_satang ELSE 0 END
          OR d.debits_pending <> CASE t.phase WHEN 'pending' THEN t.amount_satang WHEN 'single' THEN 0 ELSE -t.amount_satang END
          OR c.credits_pending <> CASE t.phase WHEN 'pending' THEN t.amount_satang WHEN 'single' THEN 0 ELSE -t.amount_satang END)`,
      window,
    );
    // Accounts the window touched: each one's whole history, by the (account_id, id) index.
    const touched = `SELECT DISTINCT account_id FROM ledger_entries WHERE transfer_id > $1 AND transfer_id <= $2`;
    await check(
      'cached totals equal the sum of entries',
      `SELECT a.code || ' cached ' || a.debits_posted || '/' || a.credits_posted || '/' || a.debits_pending || '/' || a.credits_pending
              || ' entries ' || s.dp || '/' || s.cp || '/' || s.dpe || '/' || s.cpe AS detail
       FROM ledger_accounts a
       CROSS JOIN LATERAL (SELECT coalesce(sum(debits_posted), 0) dp, coalesce(sum(credits_posted), 0) cp, coalesce(sum(debits_pending), 0) dpe,
                                  coalesce(sum(credits_pending), 0) cpe FROM ledger_entries e WHERE e.account_id = a.id) s
       WHERE a.id IN (${touched}) AND a.is_totals_cached
         AND (a.debits_posted <> s.dp OR a.credits_posted <> s.cp OR a.debits_pending <> s.dpe OR a.credits_pending <> s.cpe)`,
      window,
    );
    await check(
      'no member account below zero',
      `SELECT a.code || ' available ' || (s.cp - s.dp - s.dpe) AS detail
       FROM ledger_accounts a
       CROSS JOIN LATERAL (SELECT coalesce(sum(debits_posted), 0) dp, coalesce(sum(credits_posted), 0) cp, coalesce(sum(debits_pending), 0) dpe
                           FROM ledger_entries e WHERE e.account_id = a.id) s
       WHERE a.id IN (${touched}) AND a.member_id IS NOT NULL AND s.cp - s.dp - s.dpe < 0`,
      window,
    );
    await check(
      'pending transfers resolved at most once, by their own accounts and amount',
      `SELECT 'pending ' || p.id || ' resolutions ' || count(r.id) AS detail
       FROM ledger_transfers p JOIN ledger_transfers r ON r.pending_transfer_id = p.id
       WHERE p.id IN (SELECT id FROM ledger_transfers WHERE id > $1 AND id <= $2 AND phase = 'pending'
                      UNION SELECT pending_transfer_id FROM ledger_transfers WHERE id > $1 AND id <= $2 AND pending_transfer_id IS NOT NULL)
       GROUP BY p.id, p.phase, p.debit_account_id, p.credit_account_id, p.amount_satang
       HAVING count(*) > 1 OR p.phase <> 'pending'
          OR bool_or(r.debit_account_id <> p.debit_account_id OR r.credit_account_id <> p.credit_account_id OR r.amount_satang <> p.amount_satang)`,
      window,
    );
  }
  const isStorable = violations.length === 0 && (settled > from || options.full === true);
  const [debitsPosted, creditsPosted, debitsPending, creditsPending] = settledTotals as [bigint, bigint, bigint, bigint];
  const pending: LedgerCheckpoint = { throughTransferId: settled, debitsPosted, creditsPosted, debitsPending, creditsPending, isFullRun: options.full === true };
  const isCheckpointSaved = isStorable && options.deferStore !== true;
  if (isCheckpointSaved) await storeLedgerCheckpoint(q, pending);
  return {
    violations,
    fromTransferId: from,
    throughTransferId: through,
    checkpointTransferId: isCheckpointSaved ? settled : from,
    isFullRun: options.full === true,
    isCheckpointSaved,
    settledTransferId: settled,
    ...(isStorable && !isCheckpointSaved ? { pendingCheckpoint: pending } : {}),
  };
}

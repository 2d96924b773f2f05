import type { Queryable } from '@sabai/db';

const toJson = (value: unknown) => JSON.stringify(value, (_key, inner: unknown) => (typeof inner === 'bigint' ? inner.toString() : inner));

/**
 * Appends a staff action to the audit log, in the caller's transaction (issue 11 "Audit"): who
 * (actor, role), what (action, target), why (reason), from where (address), the state before and
 * after for settings changes, and details. The table is append-only (trigger) and hash-chained:
 * the database sets `seq`, `prev_hash` and `hash` as the row is written (migration 0016), and
 * `npm run audit:verify` recomputes the chain.
 */
export async function recordStaffAction(
  tx: Queryable,
  entry: {
    actor: string;
    /** The staff member's role; null only for an actor outside the back office (the CLI, the system). */
    actorRole: string | null;
    action: string;
    subjectType: string;
    subjectId: string;
    details?: Record<string, unknown>;
    reason?: string | null;
    /** The client address of the request; null only when there is none (the CLI, the system). */
    address: string | null;
    before?: unknown;
    after?: unknown;
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO audit_log (actor, actor_role, action, subject_type, subject_id, details, reason, address, before, after)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9::jsonb, $10::jsonb)`,
    [
      entry.actor,
      entry.actorRole,
      entry.action,
      entry.subjectType,
      entry.subjectId,
      toJson(entry.details ?? {}),
      entry.reason ?? null,
      entry.address,
      entry.before === undefined ? null : toJson(entry.before),
      entry.after === undefined ? null : toJson(entry.after),
    ],
  );
}

export interface AuditChainBreak {
  seq: bigint;
  problem: 'hash' | 'link' | 'gap';
}

/** Rows read per page while verifying (style.md: explicit limits). */
const VERIFY_PAGE = 2_000;

/**
 * Recomputes the audit log's hash chain in `seq` order (issue 11: `npm run audit:verify`): each
 * row's hash must equal the hash of its content and the previous row's hash, each row must link
 * to the row before it, and `seq` must have no gaps. @returns the first break, or null.
 */
export async function verifyAuditChain(db: Queryable): Promise<{ rows: number; firstBreak: AuditChainBreak | null }> {
  let previousHash = 'genesis';
  let previousSeq = 0n;
  let rows = 0;
  for (;;) {
    const page = await db.query<{ seq: bigint; prev_hash: string; hash: string; expected: string }>(
      'SELECT seq, prev_hash, hash, audit_row_hash(prev_hash, a) AS expected FROM audit_log a WHERE seq > $1 ORDER BY seq LIMIT $2',
      [previousSeq, VERIFY_PAGE],
    );
    for (const row of page.rows) {
      rows += 1;
      if (row.seq !== previousSeq + 1n) return { rows, firstBreak: { seq: row.seq, problem: 'gap' } };
      if (row.prev_hash !== previousHash) return { rows, firstBreak: { seq: row.seq, problem: 'link' } };
      if (row.expected !== row.hash) return { rows, firstBreak: { seq: row.seq, problem: 'hash' } };
      previousHash = row.hash;
      previousSeq = row.seq;
    }
    if (page.rows.length < VERIFY_PAGE) return { rows, firstBreak: null };
  }
}

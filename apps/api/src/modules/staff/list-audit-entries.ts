import type { Queryable } from '@sabai/db';

/**
 * The audit trail for staff (`GET /admin-api/v1/audit`), newest first, filtered by actor, action
 * (prefix), target; keyset-paged by `seq` (`beforeSeq`), at most 200 rows.
 */
export async function listAuditEntries(
  db: Queryable,
  filter: { actor?: string | undefined; action?: string | undefined; subjectType?: string | undefined; subjectId?: string | undefined; beforeSeq?: number | undefined; limit: number },
) {
  const { rows } = await db.query<{
    seq: bigint; actor: string; actor_role: string | null; action: string; subject_type: string; subject_id: string; details: unknown;
    reason: string | null; address: string | null; before: unknown; after: unknown; created_at: Date; hash: string;
  }>(
    `SELECT seq, actor, actor_role, action, subject_type, subject_id, details, reason, address, before, after, created_at, hash FROM audit_log
     WHERE ($1::text IS NULL OR actor = $1) AND ($2::text IS NULL OR action LIKE $2 || '%')
       AND ($3::text IS NULL OR subject_type = $3) AND ($4::text IS NULL OR subject_id = $4) AND ($5::bigint IS NULL OR seq < $5)
     ORDER BY seq DESC LIMIT $6`,
    [filter.actor ?? null, filter.action?.replace(/[%_\\]/g, '\\$&') ?? null, filter.subjectType ?? null, filter.subjectId ?? null, filter.beforeSeq ?? null, Math.min(filter.limit, 200)],
  );
  return rows.map((row) => ({
    seq: row.seq.toString(),
    actor: row.actor,
    role: row.actor_role,
    action: row.action,
    target: { type: row.subject_type, id: row.subject_id },
    details: row.details,
    reason: row.reason,
    address: row.address,
    before: row.before,
    after: row.after,
    at: row.created_at.toISOString(),
    hash: row.hash,
  }));
}

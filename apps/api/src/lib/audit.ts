import type { Queryable } from '@sabai/db';

/** Appends a staff action to the audit log (append-only by trigger), in the caller's transaction. */
export async function recordStaffAction(
  tx: Queryable,
  entry: { actor: string; action: string; subjectType: string; subjectId: string; details?: Record<string, unknown> },
): Promise<void> {
  await tx.query(
    'INSERT INTO audit_log (actor, action, subject_type, subject_id, details) VALUES ($1, $2, $3, $4, $5)',
    [entry.actor, entry.action, entry.subjectType, entry.subjectId, JSON.stringify(entry.details ?? {}, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value))],
  );
}

import type { Queryable } from '@sabai/db';
import type { MemberNoteWire } from '@sabai/contracts';
import { AppError } from '../../lib/app-error.ts';
import { recordStaffAction } from '../../lib/audit.ts';

/** Notes shown per member at most, newest first (style.md: explicit limits). */
export const MEMBER_NOTES_LIMIT = 100;

/** A member's staff notes, newest first (at most MEMBER_NOTES_LIMIT). @throws AppError NOT_FOUND. */
export async function listMemberNotes(db: Queryable, memberId: string): Promise<MemberNoteWire[]> {
  const member = await db.query('SELECT 1 FROM members WHERE id = $1', [memberId]);
  if (member.rowCount === 0) throw new AppError('NOT_FOUND');
  const { rows } = await db.query<{ id: bigint; author: string; body: string; created_at: Date }>(
    'SELECT id, author, body, created_at FROM member_staff_notes WHERE member_id = $1 ORDER BY id DESC LIMIT $2',
    [memberId, MEMBER_NOTES_LIMIT],
  );
  return rows.map((row) => ({ id: row.id.toString(), author: row.author, body: row.body, at: row.created_at.toISOString() }));
}

/**
 * A staff member writes a note on a member (issue 25 §4): append-only (migration 0046; a note is
 * corrected by a newer one), with its author; audited ('member.note', the text in `after`).
 * @throws AppError NOT_FOUND, VALIDATION_FAILED (empty or longer than 2,000 characters).
 */
export async function addMemberNote(
  tx: Queryable,
  input: { memberId: string; body: string; actor: string; actorRole: string; address: string | null; now: Date },
): Promise<MemberNoteWire> {
  const body = input.body.trim();
  if (body.length === 0 || body.length > 2000) throw new AppError('VALIDATION_FAILED', { message: 'บันทึกต้องยาว 1–2,000 ตัวอักษร', field: 'body' });
  const member = await tx.query('SELECT 1 FROM members WHERE id = $1', [input.memberId]);
  if (member.rowCount === 0) throw new AppError('NOT_FOUND');
  const { rows } = await tx.query<{ id: bigint; created_at: Date }>(
    'INSERT INTO member_staff_notes (member_id, author, body, created_at) VALUES ($1, $2, $3, $4) RETURNING id, created_at',
    [input.memberId, input.actor, body, input.now],
  );
  const note = rows[0]!;
  await recordStaffAction(tx, {
    actor: input.actor, actorRole: input.actorRole, action: 'member.note', subjectType: 'member', subjectId: input.memberId, address: input.address,
    after: { body }, details: { memberId: input.memberId, noteId: note.id.toString() },
  });
  return { id: note.id.toString(), author: input.actor, body, at: note.created_at.toISOString() };
}

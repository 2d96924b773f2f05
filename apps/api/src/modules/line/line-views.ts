import type { Queryable } from '@sabai/db';
import type { LineMessageView, StaffLineView } from '@sabai/contracts';
import { readLineLink, readLinePreferences } from './line-links.ts';

/** How many of the last messages staff see on the member page. */
export const STAFF_LINE_MESSAGES = 20;

/**
 * `GET /admin-api/v1/members/:memberId/line` (back office member page): the link, whether the
 * LINE user still follows the account, the member's choices and the last messages with their
 * delivery status.
 */
export async function staffLineView(db: Queryable, memberId: string): Promise<StaffLineView> {
  const link = await readLineLink(db, memberId);
  const following = link ? (await db.query<{ following: boolean }>('SELECT following FROM line_users WHERE line_user_id = $1', [link.lineUserId])).rows[0]?.following ?? null : null;
  const { rows } = await db.query<{ id: bigint; event_id: bigint; kind: string; status: LineMessageView['status']; http_status: number | null; attempts: number; text: string; error: string | null; created_at: Date; sent_at: Date | null }>(
    'SELECT id, event_id, kind, status, http_status, attempts, text, error, created_at, sent_at FROM line_messages WHERE member_id = $1 ORDER BY id DESC LIMIT $2',
    [memberId, STAFF_LINE_MESSAGES],
  );
  return {
    linked: link !== null,
    linkedAt: link?.linkedAt.toISOString() ?? null,
    following,
    preferences: await readLinePreferences(db, memberId),
    messages: rows.map((row) => ({
      id: String(row.id),
      eventId: String(row.event_id),
      kind: row.kind,
      status: row.status,
      httpStatus: row.http_status === null ? null : Number(row.http_status),
      attempts: Number(row.attempts),
      text: row.text,
      error: row.error,
      createdAt: row.created_at.toISOString(),
      sentAt: row.sent_at?.toISOString() ?? null,
    })),
  };
}

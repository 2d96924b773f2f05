import type { Queryable } from '@sabai/db';
import type { SmsMessagesQuery, SmsMessageView } from '@sabai/contracts';

/** Most rows one page shows. */
export const MAX_SMS_PAGE = 200;

/**
 * Staff's list of SMS Sabai sent (issue 27 §2: failed sends visible to staff), newest first,
 * optionally by state or phone, with counts per state over the last 24 hours. The text is the
 * masked one: a code never reaches a screen.
 */
export async function listSmsMessages(
  db: Queryable,
  query: SmsMessagesQuery,
  now: Date,
): Promise<{ counts: Record<string, number>; messages: SmsMessageView[] }> {
  const limit = Math.min(query.limit ?? 50, MAX_SMS_PAGE);
  const { rows } = await db.query<{
    id: string; to_phone: string; purpose: string; member_id: string | null; text_masked: string; state: string; attempts: number; error: string | null; created_at: Date; updated_at: Date;
  }>(
    `SELECT id, to_phone, purpose, member_id, text_masked, state, attempts, error, created_at, updated_at FROM sms_messages
     WHERE ($1::text IS NULL OR state = $1) AND ($2::text IS NULL OR to_phone = $2)
     ORDER BY created_at DESC, id DESC LIMIT $3`,
    [query.state ?? null, query.phone ?? null, limit],
  );
  const counted = await db.query<{ state: string; count: number }>(
    'SELECT state, count(*)::int AS count FROM sms_messages WHERE created_at > $1 GROUP BY state',
    [new Date(now.getTime() - 86_400_000)],
  );
  const counts: Record<string, number> = { queued: 0, accepted: 0, sent: 0, delivered: 0, failed: 0 };
  for (const row of counted.rows) counts[row.state] = Number(row.count);
  return {
    counts,
    messages: rows.map((row) => ({
      id: row.id,
      toPhone: row.to_phone,
      purpose: row.purpose,
      memberId: row.member_id,
      text: row.text_masked,
      state: row.state as SmsMessageView['state'],
      attempts: Number(row.attempts),
      error: row.error,
      createdAt: new Date(row.created_at).toISOString(),
      updatedAt: new Date(row.updated_at).toISOString(),
    })),
  };
}

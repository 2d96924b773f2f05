import { LINE_MARKETING_KINDS } from '@sabai/contracts';
import type { AppContext } from '../../context.ts';
import type { OutboxEvent } from '../outbox/index.ts';
import { activeExclusion } from '../responsible-gaming/index.ts';
import type { LineClient } from './line-client.ts';
import { ACCOUNT_SECURITY_KIND, flexMessage, notificationFor, notificationText } from './line-messages.ts';
import { readLineLink, readLinePreferences } from './line-links.ts';
import { lineRetryKey } from './line-signature.ts';

/**
 * LINE answered 429 or 5xx, or did not answer: the outbox job retries it with backoff (and at
 * the end records it dead). The same retry key goes with every attempt.
 */
export class LineRetryableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LineRetryableError';
  }
}

export type NotifyOutcome = 'sent' | 'skipped' | 'failed' | 'not-linked' | 'no-member' | 'already';

/**
 * Sends the LINE message of one outbox event to its member (issue 12, LINE part), at most once:
 * one `line_messages` row per (event, kind) carries the status, and the push carries
 * `X-Line-Retry-Key` derived from the event id and that row, so LINE accepts a retried push
 * once (a repeat answers 409, taken as sent).
 *
 * - not linked → nothing (no row); a kind the member turned off, a marketing kind during a
 *   time-out / self-exclusion, or a LINE user who unfollowed → row `skipped`;
 * - 2xx / 409 → `sent`; 429, 5xx or no answer → `retrying` and throws LineRetryableError (the
 *   outbox retries with backoff); any other 4xx → `failed`, not retried.
 */
export async function notifyMemberByLine(context: AppContext, client: LineClient, event: OutboxEvent): Promise<NotifyOutcome> {
  const notification = notificationFor(event);
  if (!notification) return 'no-member';
  const { db } = context;
  const link = await readLineLink(db, notification.memberId);
  if (!link) return 'not-linked';
  const text = notificationText(notification);
  const now = context.now();
  const inserted = await db.query<{ id: bigint }>(
    `INSERT INTO line_messages (member_id, event_id, kind, status, retry_key, text, created_at) VALUES ($1, $2, $3, 'pending', '', $4, $5)
     ON CONFLICT (event_id, kind) DO NOTHING RETURNING id`,
    [notification.memberId, event.id, notification.kind, text, now],
  );
  if (inserted.rows[0]) await db.query('UPDATE line_messages SET retry_key = $2 WHERE id = $1', [inserted.rows[0].id, lineRetryKey(event.id, BigInt(inserted.rows[0].id))]);
  const { rows } = await db.query<{ id: bigint; status: string; retry_key: string }>('SELECT id, status, retry_key FROM line_messages WHERE event_id = $1 AND kind = $2', [event.id, notification.kind]);
  const row = rows[0];
  if (!row) throw new Error(`line message of event ${event.id} vanished`);
  if (row.status === 'sent' || row.status === 'failed' || row.status === 'skipped') return 'already';

  const skip = async (reason: string): Promise<NotifyOutcome> => {
    await db.query(`UPDATE line_messages SET status = 'skipped', error = $2 WHERE id = $1`, [row.id, reason]);
    return 'skipped';
  };
  if (notification.kind !== ACCOUNT_SECURITY_KIND) {
    const preferences = await readLinePreferences(db, notification.memberId);
    if (!preferences[notification.kind]) return skip('turned off by the member');
    if (LINE_MARKETING_KINDS.includes(notification.kind) && (await activeExclusion(db, notification.memberId, now))) return skip('marketing message during a time-out or self-exclusion');
  }
  const follower = await db.query<{ following: boolean }>('SELECT following FROM line_users WHERE line_user_id = $1', [link.lineUserId]);
  if (follower.rows[0]?.following === false) return skip('the LINE user unfollowed (blocked) the account');

  const result = await client.push(link.lineUserId, [flexMessage(notification)], row.retry_key);
  if (result.ok || result.httpStatus === 409) {
    await db.query(`UPDATE line_messages SET status = 'sent', http_status = $2, attempts = attempts + 1, error = NULL, sent_at = $3 WHERE id = $1`, [row.id, result.httpStatus, context.now()]);
    return 'sent';
  }
  const retryable = result.httpStatus === null || result.httpStatus === 429 || result.httpStatus >= 500;
  await db.query('UPDATE line_messages SET status = $2, http_status = $3, attempts = attempts + 1, error = $4 WHERE id = $1', [row.id, retryable ? 'retrying' : 'failed', result.httpStatus, result.error]);
  if (retryable) throw new LineRetryableError(`LINE push answered ${result.httpStatus ?? 'nothing'}: ${result.error ?? ''}`);
  return 'failed';
}

import type { AppContext } from '../../context.ts';
import { processFeedEvent, type FeedEventOutcome } from './process-feed-event.ts';
import type { FeedBodyFormat } from '@sabai/contracts';

/**
 * Stores one authenticated delivery and processes it, once (issue "Money" §3, docs/adr/0013):
 *
 * 1. the raw body is stored before anything else, unique per (source, dedupe key) and, for SMS
 *    Gateway, per (source, app event id): a retry, a replay or the same SMS by another route
 *    is stored once and credited once; the answer then says `duplicate` with the first outcome;
 * 2. it is processed (parse, match, post) in its own transaction; if the process dies in between
 *    the recovery job processes the stored event;
 * 3. what follows a credited deposit (bonus, wheel credit, the move into the game) is the
 *    worker's, through the outbox event the processing recorded (issue 10 §3).
 *
 * @param input.dedupeKey at most 200 characters (a CHECK).
 */
export async function acceptFeedEvent(
  context: AppContext,
  input: { sourceId: string; dedupeKey: string; rawBody: string; bodyFormat: FeedBodyFormat; gatewayEventId?: string | null },
): Promise<{ eventId: string; duplicate: boolean } & FeedEventOutcome> {
  const gatewayEventId = input.gatewayEventId ?? null;
  // No conflict target: either unique index (content key, app event id) makes it a duplicate.
  const inserted = await context.db.query<{ id: bigint }>(
    `INSERT INTO bank_feed_events (source_id, dedupe_key, raw_body, body_format, gateway_event_id) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT DO NOTHING RETURNING id`,
    [input.sourceId, input.dedupeKey, input.rawBody, input.bodyFormat, gatewayEventId],
    { prepare: true },
  );
  const newId = inserted.rows[0]?.id;
  if (newId === undefined) {
    const { rows } = await context.db.query<{ id: bigint; status: FeedEventOutcome['status']; status_reason: string | null }>(
      `SELECT id, status, status_reason FROM bank_feed_events
       WHERE source_id = $1 AND (dedupe_key = $2 OR ($3::text IS NOT NULL AND gateway_event_id = $3::text)) ORDER BY id LIMIT 1`,
      [input.sourceId, input.dedupeKey, gatewayEventId],
    );
    const existing = rows[0];
    if (!existing) throw new Error('bank feed event vanished after a dedupe conflict');
    return { eventId: existing.id.toString(), duplicate: true, status: existing.status, reason: existing.status_reason };
  }
  const outcome = await processFeedEvent(context, newId);
  return { eventId: newId.toString(), duplicate: false, ...outcome };
}

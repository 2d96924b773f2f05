import type { Queryable } from '@sabai/db';
import { OUTBOX_PAYLOADS, type OutboxEventKind, type OutboxPayload } from './outbox-events.ts';

/** The notification channel the worker listens on to relay new events at once. */
export const OUTBOX_CHANNEL = 'sabai_outbox';

/**
 * Records a money event in the caller's transaction (the transactional outbox, issue 10 §3):
 * it exists if and only if the transaction commits. `eventKey` is its idempotency key: recording
 * the same key again (a retried transaction, a repeated call) keeps the first row.
 * The payload is validated against the event's schema before anything is written.
 * @returns true when this call recorded it, false when the key was already there.
 * @throws ZodError on a payload that does not fit its kind.
 */
export async function recordOutboxEvent<K extends OutboxEventKind>(
  tx: Queryable,
  event: { kind: K; eventKey: string; memberId: string | null; payload: OutboxPayload<K> },
): Promise<boolean> {
  const payload = OUTBOX_PAYLOADS[event.kind].parse(event.payload);
  const inserted = await tx.query(
    `INSERT INTO outbox_events (event_key, kind, member_id, payload) VALUES ($1, $2, $3, $4::jsonb) ON CONFLICT (event_key) DO NOTHING RETURNING id`,
    [event.eventKey, event.kind, event.memberId, JSON.stringify(payload)],
  );
  if (inserted.rowCount === 0) return false;
  // Delivered at commit only: the worker wakes and relays without waiting for its next poll.
  await tx.query(`SELECT pg_notify('${OUTBOX_CHANNEL}', '')`);
  return true;
}

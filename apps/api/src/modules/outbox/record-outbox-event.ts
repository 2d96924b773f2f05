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
  options: { alsoNotify?: { channel: string; payload: string } } = {},
): Promise<boolean> {
  const payload = OUTBOX_PAYLOADS[event.kind].parse(event.payload);
  const params = [event.eventKey, event.kind, event.memberId, JSON.stringify(payload)];
  // One statement (issue 29 §1, docs/adr/0053): the row, and the worker's wake-up only when the row
  // is new (pg_notify runs once per inserted row; delivered at commit only). `alsoNotify` sends a
  // notification of the caller's in the same statement (the member's balance changed), whether or
  // not the row was new, as a statement of its own would.
  const { rows } = options.alsoNotify
    ? await tx.query<{ inserted: bigint }>(`${RECORD_SQL}, pg_notify($5, $6) AS also`, [...params, options.alsoNotify.channel, options.alsoNotify.payload], { prepare: true })
    : await tx.query<{ inserted: bigint }>(RECORD_SQL, params, { prepare: true });
  return BigInt(rows[0]?.inserted ?? 0n) > 0n;
}

const RECORD_SQL = `WITH inserted AS (
       INSERT INTO outbox_events (event_key, kind, member_id, payload) VALUES ($1, $2, $3, $4::jsonb) ON CONFLICT (event_key) DO NOTHING RETURNING id
     )
     SELECT (SELECT count(*) FROM (SELECT pg_notify('${OUTBOX_CHANNEL}', '') FROM inserted) AS woken) AS inserted`;

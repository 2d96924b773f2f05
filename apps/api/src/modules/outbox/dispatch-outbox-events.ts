import type { Db, Queryable } from '@sabai/db';
import { isOutboxEventKind, OUTBOX_PAYLOADS, type OutboxEvent } from './outbox-events.ts';

/** Events relayed per transaction (style.md: explicit limits). */
export const DISPATCH_BATCH_SIZE = 100;

/**
 * Relays recorded events to their handlers, once (issue 10 §3): in one transaction it claims
 * the oldest undispatched events (`FOR UPDATE SKIP LOCKED`, so several workers never take the
 * same event), writes one `queued` delivery per (event, handler) in one statement and lets
 * `enqueue` hand the deliveries it created to the job queue in the same transaction, in one call,
 * then marks the events dispatched. A crash anywhere rolls all of it back and the next relay takes
 * the events again. Four statements and one `enqueue` per relay, whatever the batch holds (was two
 * per delivery), and `readFacts`'s statement when it has one to make.
 *
 * @param handlersFor the handler names that follow an event (none: the event is only kept), given
 *   the batch's `facts`.
 * @param readFacts optional: what the batch's events need to be decided at dispatch that their
 *   payloads do not carry (e.g. which of their members have a LINE link), read once per relay in
 *   its transaction, after the claim (docs/adr/0067). Absent: `facts` is undefined.
 * @param enqueue called once per relay that created deliveries, in the relay's transaction
 *   (pg-boss `insert` with this `tx`), or collects; deliveries in event id order.
 * An event's deliveries are planned once, at its first relay. An event relayed again because staff
 * sent a dead delivery of it again (retryDeadDelivery) gets no new plan — today's handlers may differ
 * from those it was planned for (docs/adr/0075: a retired handler, a new one that would decide its
 * money again) — only its dead deliveries queued again, whatever their handler (one statement more,
 * on that path only).
 * @returns how many events were dispatched.
 */
export async function dispatchOutboxEvents<Facts = undefined>(
  db: Db,
  options: {
    handlersFor: (event: OutboxEvent, facts: Facts) => readonly string[];
    readFacts?: (tx: Queryable, events: readonly OutboxEvent[]) => Promise<Facts>;
    enqueue: (tx: Queryable, deliveries: ReadonlyArray<{ event: OutboxEvent; handler: string }>) => Promise<void>;
    limit?: number;
  },
): Promise<number> {
  const limit = options.limit ?? DISPATCH_BATCH_SIZE;
  return db.transaction(async (tx) => {
    // `was_relayed`: the event has deliveries already — staff sent one of them again
    // (retryDeadDelivery) — so it is not planned anew, only its dead deliveries queued again.
    const { rows } = await tx.query<{ id: bigint; event_key: string; kind: string; member_id: string | null; payload: unknown; created_at: Date; was_relayed: boolean }>(
      `SELECT id, event_key, kind, member_id, payload, created_at,
              EXISTS (SELECT 1 FROM outbox_deliveries d WHERE d.event_id = outbox_events.id) AS was_relayed
         FROM outbox_events
        WHERE dispatched_at IS NULL ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
      [limit],
    );
    if (rows.length === 0) return 0;
    const events = rows.map(toOutboxEvent);
    const byId = new Map(events.map((event) => [event.id, event]));
    const wasRelayed = new Set(rows.filter((row) => row.was_relayed).map((row) => row.id));
    const fresh = events.filter((event) => !wasRelayed.has(event.id));
    const facts = (options.readFacts && fresh.length > 0 ? await options.readFacts(tx, fresh) : undefined) as Facts;
    const planned = fresh.flatMap((event) => options.handlersFor(event, facts).map((handler) => ({ event, handler })));
    const queued: Array<{ event_id: bigint; handler: string }> = [];
    if (planned.length > 0) {
      const { rows: created } = await tx.query<{ event_id: bigint; handler: string }>(
        `INSERT INTO outbox_deliveries (event_id, handler, status)
         SELECT event_id, handler, 'queued' FROM unnest($1::bigint[], $2::text[]) AS d(event_id, handler)
         ON CONFLICT (event_id, handler) DO NOTHING
         RETURNING event_id, handler`,
        [planned.map((delivery) => delivery.event.id), planned.map((delivery) => delivery.handler)],
      );
      queued.push(...created);
    }
    if (wasRelayed.size > 0) {
      // Sent again by staff: exactly the event's dead deliveries, under the handlers they were
      // planned for (a handler retired since still runs its own, docs/adr/0075); live ones are left alone.
      const { rows: revived } = await tx.query<{ event_id: bigint; handler: string }>(
        `UPDATE outbox_deliveries SET status = 'queued', updated_at = now()
          WHERE event_id = ANY($1::bigint[]) AND status = 'dead'
          RETURNING event_id, handler`,
        [[...wasRelayed]],
      );
      queued.push(...revived);
    }
    const deliveries = queued
      .map((row) => ({ event: byId.get(BigInt(row.event_id))!, handler: row.handler }))
      .sort((a, b) => (a.event.id === b.event.id ? 0 : a.event.id < b.event.id ? -1 : 1));
    if (deliveries.length > 0) await options.enqueue(tx, deliveries);
    await tx.query('UPDATE outbox_events SET dispatched_at = now() WHERE id = ANY($1::bigint[])', [rows.map((row) => row.id)]);
    return rows.length;
  });
}

/**
 * One delivery's event and status in one statement (run-outbox-delivery.ts). `lock`: the delivery
 * row `FOR UPDATE` (inside the handler's transaction). Null when the delivery does not exist.
 */
export async function readOutboxDelivery(
  db: Queryable,
  input: { eventId: bigint; handler: string; lock: boolean },
): Promise<{ event: OutboxEvent; status: string } | null> {
  const { rows } = await db.query<{ id: bigint; event_key: string; kind: string; member_id: string | null; payload: unknown; created_at: Date; status: string }>(
    `SELECT e.id, e.event_key, e.kind, e.member_id, e.payload, e.created_at, d.status
     FROM outbox_deliveries d JOIN outbox_events e ON e.id = d.event_id
     WHERE d.event_id = $1 AND d.handler = $2${input.lock ? ' FOR UPDATE OF d' : ''}`,
    [input.eventId, input.handler],
  );
  const row = rows[0];
  return row ? { event: toOutboxEvent(row), status: row.status } : null;
}

/**
 * A staged delivery's first step (run-outbox-delivery.ts, docs/adr/0075), in one statement inside
 * the handler's transaction: locks the delivery row (`FOR UPDATE`), reads its event and status, and
 * sets `staged_at` when it was neither staged nor done, so the mark commits or rolls back with the
 * stage's work. `wasStaged`: an earlier run's stage committed (run only what follows it). Null when
 * the delivery does not exist.
 */
export async function claimStagedDelivery(
  tx: Queryable,
  input: { eventId: bigint; handler: string },
): Promise<{ event: OutboxEvent; status: string; wasStaged: boolean } | null> {
  const { rows } = await tx.query<{ id: bigint; event_key: string; kind: string; member_id: string | null; payload: unknown; created_at: Date; status: string; was_staged: boolean }>(
    `WITH claimed AS MATERIALIZED (
       SELECT event_id, handler, status, staged_at FROM outbox_deliveries WHERE event_id = $1 AND handler = $2 FOR UPDATE
     ), staged AS (
       UPDATE outbox_deliveries d SET staged_at = now() FROM claimed c
        WHERE d.event_id = c.event_id AND d.handler = c.handler AND c.staged_at IS NULL AND c.status <> 'done'
        RETURNING d.event_id
     )
     SELECT e.id, e.event_key, e.kind, e.member_id, e.payload, e.created_at, c.status, c.staged_at IS NOT NULL AS was_staged
       FROM claimed c JOIN outbox_events e ON e.id = c.event_id`,
    [input.eventId, input.handler],
  );
  const row = rows[0];
  return row ? { event: toOutboxEvent(row), status: row.status, wasStaged: row.was_staged } : null;
}

function toOutboxEvent(row: { id: bigint; event_key: string; kind: string; member_id: string | null; payload: unknown; created_at: Date }): OutboxEvent {
  if (!isOutboxEventKind(row.kind)) throw new Error(`outbox event ${row.id}: unknown kind ${row.kind}`);
  const payload = OUTBOX_PAYLOADS[row.kind].parse(typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload);
  return { id: row.id, eventKey: row.event_key, kind: row.kind, memberId: row.member_id, payload, createdAt: row.created_at } as OutboxEvent;
}

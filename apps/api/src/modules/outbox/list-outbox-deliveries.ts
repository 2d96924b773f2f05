import type { Queryable } from '@sabai/db';
import { OUTBOX_DELIVERIES_MAX_PAGE } from '@sabai/contracts';

export interface OutboxDeliveryView {
  eventId: string;
  eventKey: string;
  kind: string;
  memberId: string | null;
  handler: string;
  status: 'queued' | 'retrying' | 'done' | 'dead';
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** Page size bounds (style.md: explicit limits). */
export const MAX_DELIVERIES_PAGE = OUTBOX_DELIVERIES_MAX_PAGE;

/**
 * Staff's view of the worker's deliveries (issue 10 §3: a failure is a visible dead letter with its
 * reason): newest first, filtered by status. `GET /admin-api/v1/outbox/deliveries?status=dead`.
 * Also counts per status, and the events not yet relayed (their age shows a stopped worker).
 */
export async function listOutboxDeliveries(
  db: Queryable,
  input: { status?: OutboxDeliveryView['status'] | undefined; limit?: number | undefined },
): Promise<{ deliveries: OutboxDeliveryView[]; counts: Record<string, number>; undispatched: { count: number; oldestAt: Date | null } }> {
  const limit = Math.min(Math.max(input.limit ?? 50, 1), MAX_DELIVERIES_PAGE);
  const { rows } = await db.query<{
    event_id: bigint; event_key: string; kind: string; member_id: string | null; handler: string; status: OutboxDeliveryView['status'];
    attempts: number; last_error: string | null; created_at: Date; updated_at: Date;
  }>(
    `SELECT d.event_id, e.event_key, e.kind, e.member_id, d.handler, d.status, d.attempts, d.last_error, d.created_at, d.updated_at
     FROM outbox_deliveries d JOIN outbox_events e ON e.id = d.event_id
     WHERE ($1::text IS NULL OR d.status = $1::text) ORDER BY d.updated_at DESC, d.event_id DESC LIMIT $2`,
    [input.status ?? null, limit],
  );
  const counts = await db.query<{ status: string; count: bigint }>('SELECT status, count(*) AS count FROM outbox_deliveries GROUP BY status');
  const waiting = await db.query<{ count: bigint; oldest: Date | null }>('SELECT count(*) AS count, min(created_at) AS oldest FROM outbox_events WHERE dispatched_at IS NULL');
  return {
    deliveries: rows.map((row) => ({
      eventId: row.event_id.toString(), eventKey: row.event_key, kind: row.kind, memberId: row.member_id, handler: row.handler,
      status: row.status, attempts: row.attempts, lastError: row.last_error, createdAt: row.created_at, updatedAt: row.updated_at,
    })),
    counts: Object.fromEntries(counts.rows.map((row) => [row.status, Number(row.count)])),
    undispatched: { count: Number(waiting.rows[0]?.count ?? 0n), oldestAt: waiting.rows[0]?.oldest ?? null },
  };
}

/**
 * Staff send a dead delivery again after fixing its cause: the event goes back to the relay, which
 * queues its dead deliveries anew (attempts are kept). `POST /admin-api/v1/outbox/deliveries/:eventId/:handler/retry`.
 * @returns false when there is no dead delivery of that event and handler.
 */
export async function retryDeadDelivery(db: Queryable, input: { eventId: bigint; handler: string }): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE outbox_events SET dispatched_at = NULL WHERE id = $1
       AND EXISTS (SELECT 1 FROM outbox_deliveries WHERE event_id = $1 AND handler = $2 AND status = 'dead')`,
    [input.eventId, input.handler],
  );
  if (rowCount > 0) await db.query(`SELECT pg_notify('sabai_outbox', '')`);
  return rowCount > 0;
}

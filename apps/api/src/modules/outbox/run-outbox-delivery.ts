import type { Db, Queryable } from '@sabai/db';
import { inLedgerTransaction } from '@sabai/ledger';
import { claimStagedDelivery, readOutboxDelivery } from './dispatch-outbox-events.ts';
import type { OutboxEvent } from './outbox-events.ts';

/** Longest reason kept on a delivery (style.md: explicit limits). */
const MAX_ERROR_LENGTH = 2_000;

/**
 * What a handler does with one event. Idempotent by event id (issue 10 §3), in one of two ways:
 * - `transactional`: `work(tx, event)` runs in one transaction together with marking the delivery
 *   done (the delivery row is locked first), so it commits exactly once whatever the retries;
 * - `external`: `work(event)` calls outside parties (a game partner, LINE); it must be idempotent
 *   itself (by a reference derived from the event) and is marked done after it returns;
 * - `staged` (docs/adr/0075): `commit(tx, event)` runs once, as `transactional` does (the delivery
 *   row locked, its `staged_at` set in the same transaction), then `then(event)` runs as `external`
 *   does, and the delivery is marked done after it returns. A retry (a failed or lost `then`, a job
 *   run twice, a dead letter sent again) finds `staged_at` set and runs `then` only: what `commit`
 *   decided is never decided again. `then` must be idempotent itself.
 */
export type OutboxHandler =
  | { mode: 'transactional'; work: (tx: Queryable, event: OutboxEvent) => Promise<void> }
  | { mode: 'external'; work: (event: OutboxEvent) => Promise<void> }
  | { mode: 'staged'; commit: (tx: Queryable, event: OutboxEvent) => Promise<void>; then: (event: OutboxEvent) => Promise<void> };

/**
 * Runs one delivery (event × handler) and records its outcome on `outbox_deliveries`: `done`, or
 * on a throw `retrying` with the attempt count and the reason — `dead` when `isLastAttempt` (the
 * job queue gives up), which staff see in `GET /admin-api/v1/outbox/deliveries?status=dead`.
 * A delivery already `done` does nothing (a job run twice). Rethrows the handler's error, so the
 * job queue retries with backoff.
 */
export async function runOutboxDelivery(
  db: Db,
  input: { eventId: bigint; handlerName: string; handler: OutboxHandler; isLastAttempt: boolean },
): Promise<'done' | 'already-done'> {
  try {
    if (input.handler.mode === 'transactional') {
      const { work } = input.handler;
      return await inLedgerTransaction(db, async (tx) => {
        const delivery = await readOutboxDelivery(tx, { eventId: input.eventId, handler: input.handlerName, lock: true });
        if (!delivery) throw new Error(`outbox delivery ${input.eventId}/${input.handlerName} not found`);
        if (delivery.status === 'done') return 'already-done' as const;
        await work(tx, delivery.event);
        await markDone(tx, input.eventId, input.handlerName);
        return 'done' as const;
      });
    }
    if (input.handler.mode === 'staged') {
      const { commit, then } = input.handler;
      // One statement locks the delivery, reads its event and marks it staged (docs/adr/0075).
      const event = await inLedgerTransaction(db, async (tx) => {
        const delivery = await claimStagedDelivery(tx, { eventId: input.eventId, handler: input.handlerName });
        if (!delivery) throw new Error(`outbox delivery ${input.eventId}/${input.handlerName} not found`);
        if (delivery.status === 'done') return null;
        if (!delivery.wasStaged) await commit(tx, delivery.event);
        return delivery.event;
      });
      if (!event) return 'already-done';
      await then(event);
      await markDone(db, input.eventId, input.handlerName);
      return 'done';
    }
    const delivery = await readOutboxDelivery(db, { eventId: input.eventId, handler: input.handlerName, lock: false });
    if (!delivery) throw new Error(`outbox delivery ${input.eventId}/${input.handlerName} not found`);
    if (delivery.status === 'done') return 'already-done';
    await input.handler.work(delivery.event);
    await markDone(db, input.eventId, input.handlerName);
    return 'done';
  } catch (error) {
    const reason = (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, MAX_ERROR_LENGTH);
    await db.query(
      `UPDATE outbox_deliveries SET status = $3, attempts = attempts + 1, last_error = $4, updated_at = now()
       WHERE event_id = $1 AND handler = $2 AND status <> 'done'`,
      [input.eventId, input.handlerName, input.isLastAttempt ? 'dead' : 'retrying', reason],
    );
    throw error;
  }
}

async function markDone(db: Queryable, eventId: bigint, handlerName: string): Promise<void> {
  await db.query(
    `UPDATE outbox_deliveries SET status = 'done', attempts = attempts + 1, last_error = NULL, updated_at = now(), done_at = now()
     WHERE event_id = $1 AND handler = $2`,
    [eventId, handlerName],
  );
}

import type { Queryable } from '@sabai/db';
import { isRecordOnlyEventKind, OUTBOX_PAYLOADS, type OutboxEventKind, type OutboxPayload } from './outbox-events.ts';

/** The notification channel the worker listens on to relay new events at once. */
export const OUTBOX_CHANNEL = 'sabai_outbox';

/**
 * Records a money event in the caller's transaction (the transactional outbox, issue 10 §3):
 * it exists if and only if the transaction commits. `eventKey` is its idempotency key: recording
 * the same key again (a retried transaction, a repeated call) keeps the first row.
 * The payload is validated against the event's schema before anything is written. A kind no
 * handler follows (RECORD_ONLY_EVENT_KINDS) is written already relayed and wakes no worker.
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
  const sql = isRecordOnlyEventKind(event.kind) ? RECORD_ONLY_SQL : RECORD_SQL;
  const { rows } = options.alsoNotify
    ? await tx.query<{ inserted: bigint }>(`${sql}, pg_notify($5, $6) AS also`, [...params, options.alsoNotify.channel, options.alsoNotify.payload], { prepare: true })
    : await tx.query<{ inserted: bigint }>(sql, params, { prepare: true });
  return BigInt(rows[0]?.inserted ?? 0n) > 0n;
}

const RECORD_SQL = `WITH inserted AS (
       INSERT INTO outbox_events (event_key, kind, member_id, payload) VALUES ($1, $2, $3, $4::jsonb) ON CONFLICT (event_key) DO NOTHING RETURNING id
     )
     SELECT (SELECT count(*) FROM (SELECT pg_notify('${OUTBOX_CHANNEL}', '') FROM inserted) AS woken) AS inserted`;

/** RECORD_SQL for a kind no handler follows: relayed as it is written (dispatched_at = created_at), no wake-up. */
const RECORD_ONLY_SQL = `WITH inserted AS (
       INSERT INTO outbox_events (event_key, kind, member_id, payload, dispatched_at) VALUES ($1, $2, $3, $4::jsonb, now()) ON CONFLICT (event_key) DO NOTHING RETURNING id
     )
     SELECT (SELECT count(*) FROM inserted) AS inserted`;

/** The parts of another statement that record an outbox event in it (outboxEventCtes). */
export interface OutboxEventCtes {
  /** `outbox_recorded AS (INSERT …)`: one CTE for the statement's WITH list. */
  ctes: string;
  /** Its parameters, numbered from the `firstParam` given. */
  params: unknown[];
  /**
   * Items for the statement's final select list (over a FROM that yields exactly one row, e.g. a
   * posting's): the worker's wake-up for a new row and `alsoNotify`. Required: a notification
   * that is not selected is never sent.
   */
  select: string;
}

/**
 * recordOutboxEvent as parts of the caller's own statement (issue 29 §1, docs/adr/0053 addendum),
 * so the event joins e.g. a posting's statement (@sabai/ledger postTransferWith /
 * reserveTransferWith) instead of costing one of its own: the same row (same key, kind, member and
 * validated payload, `ON CONFLICT (event_key) DO NOTHING`), the same wake-up of the worker only for
 * a new row and the same `alsoNotify`. In the caller's transaction, so it still exists if and only
 * if the transaction commits. `onlyWhenFrom` (optional, fixed text) is a FROM clause the row is
 * written from, e.g. `posting WHERE posting.outcome = 'created'`, so nothing is recorded when the
 * statement's posting was refused. A kind no handler follows (RECORD_ONLY_EVENT_KINDS) is written
 * already relayed and wakes no worker, as recordOutboxEvent does.
 * @throws ZodError on a payload that does not fit its kind.
 */
export function outboxEventCtes<K extends OutboxEventKind>(
  event: { kind: K; eventKey: string; memberId: string | null; payload: OutboxPayload<K> },
  firstParam: number,
  options: { alsoNotify?: { channel: string; payload: string }; onlyWhenFrom?: string } = {},
): OutboxEventCtes {
  const payload = OUTBOX_PAYLOADS[event.kind].parse(event.payload);
  const n = (offset: number) => `$${firstParam + offset}`;
  const params: unknown[] = [event.eventKey, event.kind, event.memberId, JSON.stringify(payload)];
  const isRecordOnly = isRecordOnlyEventKind(event.kind);
  const values = `${n(0)}::text, ${n(1)}::text, ${n(2)}::text, ${n(3)}::jsonb${isRecordOnly ? ', now()' : ''}`;
  const ctes = `outbox_recorded AS (
       INSERT INTO outbox_events (event_key, kind, member_id, payload${isRecordOnly ? ', dispatched_at' : ''})
       ${options.onlyWhenFrom ? `SELECT ${values} FROM ${options.onlyWhenFrom}` : `VALUES (${values})`}
       ON CONFLICT (event_key) DO NOTHING RETURNING id
     )`;
  let select = isRecordOnly
    ? '(SELECT count(*) FROM outbox_recorded) AS outbox_recorded'
    : `(SELECT count(*) FROM (SELECT pg_notify('${OUTBOX_CHANNEL}', '') FROM outbox_recorded) AS woken) AS outbox_recorded`;
  if (options.alsoNotify) {
    params.push(options.alsoNotify.channel, options.alsoNotify.payload);
    select += `, pg_notify(${n(4)}::text, ${n(5)}::text) AS outbox_also_notified`;
  }
  return { ctes, params, select };
}

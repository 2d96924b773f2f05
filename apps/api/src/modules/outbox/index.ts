/**
 * The transactional outbox (issue 10 §3, docs/adr/0017): money use cases record their events in
 * the transaction of their postings; the worker relays them to handlers and records each
 * delivery; staff see and retry dead deliveries.
 */
export { recordOutboxEvent, outboxEventCtes, OUTBOX_CHANNEL } from './record-outbox-event.ts';
export type { OutboxEventCtes } from './record-outbox-event.ts';
export { OUTBOX_PAYLOADS, fromSatangText, toSatangText, isOutboxEventKind, isRecordOnlyEventKind, RECORD_ONLY_EVENT_KINDS } from './outbox-events.ts';
export type { OutboxEvent, OutboxEventKind, OutboxPayload } from './outbox-events.ts';
export { dispatchOutboxEvents, DISPATCH_BATCH_SIZE } from './dispatch-outbox-events.ts';
export { runOutboxDelivery } from './run-outbox-delivery.ts';
export type { OutboxHandler } from './run-outbox-delivery.ts';
export { listOutboxDeliveries, retryDeadDelivery, MAX_DELIVERIES_PAGE } from './list-outbox-deliveries.ts';
export type { OutboxDeliveryView } from './list-outbox-deliveries.ts';
export { registerOutboxRoutes } from './routes.ts';

import { z } from 'zod';
import { envelope } from '../envelope.ts';

/** The most deliveries one page of `GET /admin-api/v1/outbox/deliveries` lists. */
export const OUTBOX_DELIVERIES_MAX_PAGE = 200;

/** `GET /admin-api/v1/outbox/deliveries?status=&limit=` (docs/adr/0017). */
export const outboxDeliveriesQuery = z.object({
  status: z.enum(['queued', 'retrying', 'done', 'dead']).optional(),
  limit: z.coerce.number().int().min(1).max(OUTBOX_DELIVERIES_MAX_PAGE).default(50),
});
/** `POST /admin-api/v1/outbox/deliveries/:eventId/:handler/retry`: send a dead delivery again. */
export const outboxDeliveryParams = z.object({ eventId: z.string().regex(/^\d{1,18}$/), handler: z.string().regex(/^[a-z][a-z-]{0,60}$/) });

export const outboxDelivery = z.object({
  eventId: z.string(),
  eventKey: z.string(),
  kind: z.string(),
  memberId: z.string().nullable(),
  handler: z.string(),
  status: z.enum(['queued', 'retrying', 'done', 'dead']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OutboxDelivery = z.infer<typeof outboxDelivery>;
/** `GET /admin-api/v1/outbox/deliveries`: deliveries newest first, counts per status, events not yet relayed. */
export const outboxDeliveriesResponse = envelope(
  z.object({
    counts: z.record(z.string(), z.number().int()),
    undispatched: z.object({ count: z.number().int(), oldestAt: z.string().nullable() }),
    deliveries: z.array(outboxDelivery),
  }),
);

/** `POST /admin-api/v1/outbox/deliveries/:eventId/:handler/retry`: the dead delivery is queued again. */
export const outboxRetryResponse = envelope(z.object({ eventId: z.string(), handler: z.string(), status: z.literal('queued') }));

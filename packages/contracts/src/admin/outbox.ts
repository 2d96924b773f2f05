import { z } from 'zod';

/** The most deliveries one page of `GET /admin-api/v1/outbox/deliveries` lists. */
export const OUTBOX_DELIVERIES_MAX_PAGE = 200;

/** `GET /admin-api/v1/outbox/deliveries?status=&limit=` (docs/adr/0017). */
export const outboxDeliveriesQuery = z.object({
  status: z.enum(['queued', 'retrying', 'done', 'dead']).optional(),
  limit: z.coerce.number().int().min(1).max(OUTBOX_DELIVERIES_MAX_PAGE).default(50),
});
/** `POST /admin-api/v1/outbox/deliveries/:eventId/:handler/retry`: send a dead delivery again. */
export const outboxDeliveryParams = z.object({ eventId: z.string().regex(/^\d{1,18}$/), handler: z.string().regex(/^[a-z][a-z-]{0,60}$/) });

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { outboxDeliveriesQuery, outboxDeliveriesResponse, outboxDeliveryParams, outboxRetryResponse } from '@sabai/contracts';
import type { AppContext } from '../../context.ts';
import { requireStaff } from '../../plugins/staff-auth.ts';
import { recordStaffAction } from '../../lib/audit.ts';
import { AppError } from '../../lib/app-error.ts';
import { listOutboxDeliveries, retryDeadDelivery } from './list-outbox-deliveries.ts';

const TAGS = ['back office'];

/**
 * Staff's window on the worker (issue 10 §3): deliveries by status (dead letters with their
 * reason), the relay's backlog, and sending a dead delivery again (audited).
 */
export function registerOutboxRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get('/admin-api/v1/outbox/deliveries', {
    schema: {
      tags: TAGS,
      summary: 'Outbox deliveries (dead letters: status=dead) and the relay backlog',
      querystring: outboxDeliveriesQuery,
      response: { 200: outboxDeliveriesResponse },
    },
  }, async (request) => {
    requireStaff(context, request);
    const result = await listOutboxDeliveries(context.db, request.query);
    return {
      success: true,
      message: 'ok',
      data: {
        counts: result.counts,
        undispatched: { count: result.undispatched.count, oldestAt: result.undispatched.oldestAt?.toISOString() ?? null },
        deliveries: result.deliveries.map((delivery) => ({ ...delivery, createdAt: delivery.createdAt.toISOString(), updatedAt: delivery.updatedAt.toISOString() })),
      },
    };
  });

  routes.post('/admin-api/v1/outbox/deliveries/:eventId/:handler/retry', {
    schema: { tags: TAGS, summary: 'Send a dead delivery again', params: outboxDeliveryParams, response: { 200: outboxRetryResponse } },
  }, async (request) => {
    const staff = requireStaff(context, request);
    const input = { eventId: BigInt(request.params.eventId), handler: request.params.handler };
    const retried = await context.db.transaction(async (tx) => {
      const ok = await retryDeadDelivery(tx, input);
      if (ok) await recordStaffAction(tx, { ...staff, action: 'outbox.retry', subjectType: 'outbox_delivery', subjectId: `${input.eventId}/${input.handler}`, details: {} });
      return ok;
    });
    if (!retried) throw new AppError('NOT_FOUND');
    return { success: true, message: 'ok', data: { eventId: request.params.eventId, handler: request.params.handler, status: 'queued' as const } };
  });
}

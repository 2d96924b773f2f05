import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelope, smsGatewayDeliveryAnswer } from '@sabai/contracts';
import type { AppContext } from '../../context.ts';
import { receiveSmsGatewayDelivery } from './receive-sms-gateway-delivery.ts';

/**
 * `POST /bank-feed/v1/sms-gateway/{sourceId}`: SMS Gateway for Android's webhook, taken exactly as
 * the app sends it (receive-sms-gateway-delivery.ts; the operator's setup:
 * docs/operations/sms-gateway.md). The body is kept as raw bytes: the signature covers them. The
 * source id is not validated by a schema: a bad one is an authentication failure (401), like
 * every other refusal before the signature is checked.
 */
export async function registerSmsGatewayRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.withTypeProvider<ZodTypeProvider>().post('/bank-feed/v1/sms-gateway/:sourceId', {
      schema: {
        tags: ['bank-feed'],
        summary: 'Incoming SMS Gateway for Android webhook (sms:received, system:ping), signed with the source key',
        response: { 200: smsGatewayDeliveryAnswer, 400: errorEnvelope, 401: errorEnvelope, 413: errorEnvelope },
      },
      handler: async (request) => {
        const header = (name: string) => {
          const value = request.headers[name];
          return typeof value === 'string' ? value : undefined;
        };
        const result = await receiveSmsGatewayDelivery(context, {
          sourceId: (request.params as { sourceId: string }).sourceId,
          timestamp: header('x-timestamp'),
          signature: header('x-signature'),
          rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        });
        if (!('eventId' in result)) return { success: true, message: 'received', data: { event: result.event, status: result.status } };
        return {
          success: true,
          message: 'received',
          data: { event: result.event, eventId: result.eventId, status: result.duplicate ? 'duplicate' : result.status, eventStatus: result.status, reason: result.reason },
        };
      },
    });
  });
}

import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { receiveFeedDelivery } from './receive-feed-delivery.ts';
import { FEED_KINDS } from '@sabai/contracts';
import { registerSmsGatewayRoutes } from './sms-gateway-routes.ts';

/**
 * `/bank-feed/v1/{sms|statement|truemoney}`: not member-facing. Connectors post here, signed
 * (receive-feed-delivery.ts). The raw body is kept as received: the signature covers its bytes.
 * SMS Gateway for Android posts its own webhook to `/bank-feed/v1/sms-gateway/{sourceId}`
 * (sms-gateway-routes.ts).
 */
export async function registerFeedRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  await registerSmsGatewayRoutes(app, context);
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    for (const kind of FEED_KINDS) {
      scope.post(`/bank-feed/v1/${kind}`, { schema: { tags: ['bank-feed'], summary: `Incoming ${kind} from a signed connector` } }, async (request) => {
        const header = (name: string) => {
          const value = request.headers[name];
          return typeof value === 'string' ? value : undefined;
        };
        const result = await receiveFeedDelivery(context, {
          kind,
          sourceId: header('x-feed-source'),
          timestamp: header('x-feed-timestamp'),
          signature: header('x-feed-signature'),
          rawBody: typeof request.body === 'string' ? request.body : '',
        });
        return { success: true, message: 'received', data: { eventId: result.eventId, status: result.duplicate ? 'duplicate' : result.status, eventStatus: result.status, reason: result.reason } };
      });
    }
  });
}

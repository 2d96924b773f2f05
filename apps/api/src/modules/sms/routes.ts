import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelope, smsDeliveryAnswer, smsMessagesQuery, smsMessagesResponse } from '@sabai/contracts';
import type { AppContext } from '../../context.ts';
import { requireStaff } from '../../plugins/staff-auth.ts';
import { listSmsMessages } from './list-sms-messages.ts';
import { receiveSmsDeliveryReport } from './receive-sms-delivery-report.ts';

/**
 * `POST /sms-gateway/v1/events`: the SMS Gateway app's delivery webhooks (raw bytes: the signature
 * covers them); `GET /admin-api/v1/sms/messages`: what was sent and what failed, for staff.
 */
export async function registerSmsRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.withTypeProvider<ZodTypeProvider>().post('/sms-gateway/v1/events', {
      schema: { tags: ['sms'], summary: 'SMS Gateway for Android delivery webhook (sms:sent, sms:delivered, sms:failed), signed', response: { 200: smsDeliveryAnswer, 400: errorEnvelope, 401: errorEnvelope } },
      handler: async (request) => {
        const header = (name: string) => (typeof request.headers[name] === 'string' ? request.headers[name] : undefined);
        const result = await receiveSmsDeliveryReport(context, {
          timestamp: header('x-timestamp'),
          signature: header('x-signature'),
          rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        });
        return { success: true, message: 'received', data: result };
      },
    });
  });
  app.withTypeProvider<ZodTypeProvider>().get('/admin-api/v1/sms/messages', {
    schema: { tags: ['back office'], summary: 'SMS sent to members (failed ones: state=failed); codes masked', querystring: smsMessagesQuery, response: { 200: smsMessagesResponse } },
  }, async (request) => {
    requireStaff(context, request);
    return { success: true, message: 'ok', data: await listSmsMessages(context.db, request.query, context.now()) };
  });
}

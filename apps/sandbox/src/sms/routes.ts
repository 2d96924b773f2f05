import type { FastifyInstance } from 'fastify';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { SANDBOX_SMS_USERNAME, type SandboxSmsGateway } from './sandbox-sms-gateway.ts';
import { renderSmsPage } from './sms-page.ts';

/** The app's API lives under this path of the sandbox (Sabai's sandbox SMS adapter points the library here). */
export const SMS_GATEWAY_API_PREFIX = '/sms-gateway/3rdparty/v1';

/** Routes without `x-sandbox-key`: the app's API (Basic auth of its own) and the pages / inspection list for people and e2e. */
export const isPublicSmsRoute = (routeUrl: string): boolean => routeUrl.startsWith(SMS_GATEWAY_API_PREFIX) || routeUrl === '/sms' || routeUrl === '/sms/v1/messages';

const sameText = (given: string, expected: string): boolean => {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * The SMS Gateway for Android API subset the `android-sms-gateway` client library calls (issue 27
 * §2), under SMS_GATEWAY_API_PREFIX, with the app's Basic authentication (user `sabai`, password
 * the sandbox API key): `POST /message` (202 + MessageState), `GET /message/:id`,
 * `GET|POST /webhooks`, `DELETE /webhooks/:id`, `GET /health`. Plus, for people and tests,
 * `GET /sms/v1/messages?to=0812345678` (JSON array, newest first) and the page `GET /sms`.
 */
export function registerSmsRoutes(app: FastifyInstance, gateway: SandboxSmsGateway, options: { password: string }): void {
  const expected = `Basic ${Buffer.from(`${SANDBOX_SMS_USERNAME}:${options.password}`).toString('base64')}`;
  app.register(async (scope) => {
    scope.addHook('onRequest', async (request, reply) => {
      if (!sameText(String(request.headers.authorization ?? ''), expected)) return reply.code(401).send({ message: 'Unauthorized' });
    });
    scope.post<{ Body: { id?: string | null; message?: string; textMessage?: { text?: string }; phoneNumbers?: unknown } }>('/message', async (request, reply) => {
      const body = request.body ?? {};
      const text = typeof body.message === 'string' ? body.message : body.textMessage?.text;
      const phoneNumbers = Array.isArray(body.phoneNumbers) ? body.phoneNumbers.filter((phone): phone is string => typeof phone === 'string') : [];
      if (!text || phoneNumbers.length === 0) return reply.code(400).send({ message: 'message and phoneNumbers are required' });
      return reply.code(202).send(await gateway.send({ id: body.id, text, phoneNumbers }));
    });
    scope.get<{ Params: { id: string } }>('/message/:id', async (request, reply) => {
      const state = gateway.state(request.params.id);
      return state ? state : reply.code(404).send({ message: 'message not found' });
    });
    scope.get('/webhooks', async () => [...gateway.webhooks.values()]);
    scope.post<{ Body: { id?: string | null; event?: string; url?: string; deviceId?: string | null } }>('/webhooks', async (request, reply) => {
      const { event, url } = request.body ?? {};
      if (!event || !url) return reply.code(400).send({ message: 'event and url are required' });
      const webhook = { id: request.body.id ?? randomBytes(8).toString('hex'), event, url, deviceId: request.body.deviceId ?? null };
      gateway.webhooks.set(webhook.id, webhook);
      return reply.code(201).send(webhook);
    });
    scope.delete<{ Params: { id: string } }>('/webhooks/:id', async (request, reply) => {
      gateway.webhooks.delete(request.params.id);
      return reply.code(204).send();
    });
    scope.get('/health', async () => ({ status: 'pass', version: 'sandbox', releaseId: 1, checks: {} }));
  }, { prefix: SMS_GATEWAY_API_PREFIX });

  app.get<{ Querystring: { to?: string } }>('/sms/v1/messages', async (request) =>
    gateway.list(request.query.to).map(({ id, to, text, state, createdAt }) => ({ id, to, text, state, createdAt })),
  );
  app.get<{ Querystring: { to?: string } }>('/sms', async (request, reply) => reply.type('text/html; charset=utf-8').send(renderSmsPage(gateway.list(request.query.to), request.query.to)));
}

import Fastify, { type FastifyInstance } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { registerNameInquiryRoutes } from './name-inquiry/routes.ts';

export interface SandboxConfig {
  /** Shared key the API sends as `x-sandbox-key` (a real provider has its own credentials). */
  apiKey: string;
  logger?: boolean;
}

/**
 * The sandbox: plays every outside provider over real HTTP for the demo and the tests. Today:
 * bank account name inquiry. Later: bank transfers and feeds, TrueMoney, payouts, game partner, LINE.
 */
export async function buildSandboxApp(config: SandboxConfig): Promise<FastifyInstance> {
  const app = Fastify({ logger: config.logger ?? false, bodyLimit: 64 * 1024 });
  const expectedKey = Buffer.from(config.apiKey, 'utf8');
  app.addHook('onRequest', async (request, reply) => {
    if (request.url === '/' || request.url === '/healthz') return;
    const given = Buffer.from(String(request.headers['x-sandbox-key'] ?? ''), 'utf8');
    if (given.length !== expectedKey.length || !timingSafeEqual(given, expectedKey)) {
      return reply.code(401).send({ error: 'bad sandbox key' });
    }
  });
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/', async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .send('<!doctype html><meta charset="utf-8"><title>Sabai sandbox</title><h1>Sabai sandbox</h1><p>Simulated providers: name inquiry (POST /name-inquiry/v1/lookup).</p>'),
  );
  registerNameInquiryRoutes(app);
  return app;
}

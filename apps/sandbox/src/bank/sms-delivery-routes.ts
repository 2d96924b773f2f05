import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxBank } from './sandbox-bank.ts';
import { listSmsDelivery, switchSmsDelivery } from './sms-delivery.ts';

const switchBody = z.object({ sourceId: z.string().max(44), format: z.enum(['sabai', 'sms-gateway']) });

/**
 * `GET /sandbox/v1/sms-delivery`: how each SMS house account forwards its bank SMS now.
 * `POST /sandbox/v1/sms-delivery` `{ sourceId: 'src_sms_kbank', format: 'sms-gateway' | 'sabai' }`:
 * switch one (sms-delivery.ts). Both need `x-sandbox-key` (the operator's phone is not public).
 */
export function registerSmsDeliveryRoutes(app: FastifyInstance, bank: SandboxBank): void {
  app.get('/sandbox/v1/sms-delivery', async () => ({ sources: listSmsDelivery(bank) }));
  app.post('/sandbox/v1/sms-delivery', async (request, reply) => {
    const parsed = switchBody.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ error: "body must be { sourceId, format: 'sabai' | 'sms-gateway' }" });
    const switched = await switchSmsDelivery(bank, parsed.data);
    if (!switched) return reply.code(404).send({ error: `not a switchable SMS source: ${parsed.data.sourceId}`, sources: listSmsDelivery(bank).map((source) => source.sourceId) });
    const { ping, ...setting } = switched;
    return { ...setting, ping: ping && { status: ping.status, httpStatus: ping.httpStatus, sabaiStatus: ping.sabaiStatus } };
  });
}

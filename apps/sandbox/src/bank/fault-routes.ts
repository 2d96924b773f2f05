import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PAYOUT_FAULTS } from './payout-faults.ts';
import type { SandboxBank } from './sandbox-bank.ts';

const faultBody = z.object({ payout: z.enum(PAYOUT_FAULTS) });

/** `GET|POST /sandbox/v1/faults` `{ payout }`: read or switch the payout fault mode (needs the key). */
export function registerFaultRoutes(app: FastifyInstance, bank: SandboxBank): void {
  app.get('/sandbox/v1/faults', async () => ({ ...bank.faults }));
  app.post('/sandbox/v1/faults', async (request, reply) => {
    const parsed = faultBody.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ error: `payout must be one of ${PAYOUT_FAULTS.join(', ')}` });
    bank.faults.payout = parsed.data.payout;
    return { ...bank.faults };
  });
}

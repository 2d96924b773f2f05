import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { lookUpHolder } from './holder-names.ts';

const lookupRequest = z.object({
  bankCode: z.string().regex(/^\d{3}$/),
  accountNumber: z.string().regex(/^\d{6,15}$/),
});

/**
 * `POST /name-inquiry/v1/lookup` {bankCode, accountNumber} → `{found: true, firstName, lastName}`
 * or `{found: false}`: the account-name inquiry a bank API offers an operator.
 */
export function registerNameInquiryRoutes(app: FastifyInstance): void {
  app.post('/name-inquiry/v1/lookup', async (request, reply) => {
    const parsed = lookupRequest.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ error: 'invalid request' });
    return lookUpHolder(parsed.data.bankCode, parsed.data.accountNumber);
  });
}

import type { FastifyInstance, FastifyReply } from 'fastify';
import { isRegistrationBankCode } from '@sabai/contracts';
import { parseBahtToSatang } from '@sabai/money';
import { z } from 'zod';
import { payOut, type PayoutOutcome } from './pay-out.ts';
import { isPayoutFault, PAYOUT_FAULTS, type PayoutFault } from './payout-faults.ts';
import type { SandboxBank } from './sandbox-bank.ts';

const payoutBody = z.object({
  reference: z.string().regex(/^[A-Za-z0-9_.:-]{1,100}$/),
  bankCode: z.string().refine(isRegistrationBankCode, 'not a registration bank'),
  accountNumber: z.string().regex(/^(\d{10}|\d{12})$/),
  accountName: z.string().trim().min(1).max(200),
  amount: z.union([z.string().max(32), z.number()]),
});

/**
 * The payout API Sabai's withdrawals call (needs `x-sandbox-key`), with the fault modes of
 * payout-faults.ts: global (POST /sandbox/v1/faults) or per request (`x-sandbox-fault`).
 */
export function registerPayoutRoutes(app: FastifyInstance, bank: SandboxBank): void {
  app.post('/bank/v1/payouts', async (request, reply) => {
    const fault = readFault(request.headers['x-sandbox-fault'], bank.faults.payout);
    if (fault === null) return reply.code(400).send({ error: `x-sandbox-fault must be one of ${PAYOUT_FAULTS.join(', ')}` });
    const parsed = payoutBody.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ error: 'invalid request', issues: z.flattenError(parsed.error).fieldErrors });
    const amount = parseBahtToSatang(parsed.data.amount);
    if (!amount.ok) return reply.code(400).send({ error: `invalid amount: ${amount.error}` });

    if (fault === 'timeout_before_applying') return holdThenTimeOut(bank, reply);
    const outcome = payOut(bank, { ...parsed.data, amountSatang: amount.amountSatang }, { isForcedFailure: fault === 'fail' });
    if (fault === 'error_after_applying') return reply.code(502).send({ error: 'bad gateway' });
    if (fault === 'timeout_after_applying') await bank.held.hold(bank.faultHoldMs);
    return outcomeToWire(outcome);
  });

  app.get<{ Params: { reference: string } }>('/bank/v1/payouts/:reference', async (request) => {
    const outcome = bank.payouts.get(request.params.reference);
    return outcome ? outcomeToWire(outcome) : { status: 'not_found' };
  });
}

async function holdThenTimeOut(bank: SandboxBank, reply: FastifyReply) {
  await bank.held.hold(bank.faultHoldMs);
  return reply.code(504).send({ error: 'gateway timeout' });
}

/** The header wins over the global setting; an unknown header value → null (400). */
function readFault(header: string | string[] | undefined, globalFault: PayoutFault): PayoutFault | null {
  if (header === undefined) return globalFault;
  return isPayoutFault(header) ? header : null;
}

function outcomeToWire(outcome: PayoutOutcome) {
  return {
    status: outcome.status,
    providerRef: outcome.providerRef,
    ...(outcome.failureReason === undefined ? {} : { failureReason: outcome.failureReason }),
  };
}

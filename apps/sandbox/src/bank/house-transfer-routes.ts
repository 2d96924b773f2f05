import type { FastifyInstance } from 'fastify';
import { satangToDecimalString } from '@sabai/money';
import { HOUSE_TRANSFER_ERRORS, payFromHouse, type HouseTransferRequest } from './pay-from-house.ts';
import type { SandboxBank } from './sandbox-bank.ts';

/**
 * `POST /sandbox/v1/house-transfer` `{ fromChannel, toBankCode, toAccount, amount }` (needs
 * `x-sandbox-key`: it is the operator's own banking app): pays from a house bank account and sends
 * the house account's debit notification to Sabai (pay-from-house.ts). Answers the bank reference
 * finance records in the back office, and the delivery (with Sabai's answer).
 */
export function registerHouseTransferRoutes(app: FastifyInstance, bank: SandboxBank): void {
  app.post('/sandbox/v1/house-transfer', async (request, reply) => {
    const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as HouseTransferRequest;
    const result = await payFromHouse(bank, body);
    if (!result.ok) return reply.code(result.error === 'INVALID_REQUEST' ? 400 : 422).send({ ok: false, error: { code: result.error, message: HOUSE_TRANSFER_ERRORS[result.error] } });
    const { transfer } = result;
    return {
      ok: true,
      bankReference: transfer.bankReference,
      fromChannel: transfer.fromChannel,
      toBankCode: transfer.toBankCode,
      toAccount: transfer.toAccount,
      amount: satangToDecimalString(transfer.amountSatang),
      occurredAt: transfer.occurredAt.toISOString(),
      houseBalanceAfter: satangToDecimalString(transfer.houseBalanceAfterSatang),
      delivered: {
        kind: transfer.delivery.kind,
        format: transfer.delivery.format ?? 'sabai',
        sourceId: transfer.delivery.sourceId,
        body: transfer.delivery.body,
        status: transfer.delivery.status,
        httpStatus: transfer.delivery.httpStatus,
        sabaiStatus: transfer.delivery.sabaiStatus,
        response: transfer.delivery.response,
      },
    };
  });
}

import type { FastifyInstance } from 'fastify';
import { satangToDecimalString } from '@sabai/money';
import { bankLedgerKey } from './house-accounts.ts';
import { makeTransfer } from './make-transfer.ts';
import { readTransferRequest } from './read-transfer-request.ts';
import { redeliverNotification } from './redeliver-notification.ts';
import { slipQrPayloadOf } from './slips.ts';
import type { SandboxBank } from './sandbox-bank.ts';
import type { Transfer } from './transfer-book.ts';
import { describeTransferError, type TransferErrorCode } from './transfer-errors.ts';

/**
 * The JSON face of the member's banking app (tests, Playwright), public like the page: transfers,
 * their notifications (and sending one again), and an account's sandbox balance.
 */
export function registerTransferRoutes(app: FastifyInstance, bank: SandboxBank): void {
  app.post('/bank/v1/transfers', async (request, reply) => {
    const transferRequest = readTransferRequest(request.body);
    if (!transferRequest) return reply.code(400).send(refusal('INVALID_REQUEST'));
    const result = await makeTransfer(bank, transferRequest);
    if (!result.ok) return reply.code(422).send(refusal(result.error, result.availableSatang));
    return transferToWire(result.transfer);
  });

  app.get<{ Params: { transferId: string } }>('/bank/v1/transfers/:transferId', async (request, reply) => {
    const transfer = bank.transfers.find(request.params.transferId);
    return transfer ? transferToWire(transfer) : reply.code(404).send({ ok: false, error: { code: 'NOT_FOUND', message: 'ไม่พบรายการ' } });
  });

  app.get<{ Params: { bankCode: string; accountNumber: string } }>('/bank/v1/accounts/:bankCode/:accountNumber', async (request, reply) => {
    const { bankCode, accountNumber } = request.params;
    if (!/^\d{3}$/.test(bankCode) || !/^(\d{10}|\d{12})$/.test(accountNumber)) {
      return reply.code(400).send(refusal('INVALID_REQUEST'));
    }
    return { bankCode, accountNumber, balance: satangToDecimalString(bank.ledger.balanceOf(bankLedgerKey(bankCode, accountNumber))) };
  });

  app.post<{ Params: { transferId: string } }>('/bank/v1/transfers/:transferId/redeliver', async (request, reply) => {
    const transfer = await redeliverNotification(bank, request.params.transferId);
    return transfer ? transferToWire(transfer) : reply.code(404).send({ ok: false, error: { code: 'NOT_FOUND', message: 'ไม่พบรายการ' } });
  });
}

const refusal = (code: TransferErrorCode, availableSatang?: bigint) => ({
  ok: false,
  error: {
    code,
    message: describeTransferError(code, availableSatang),
    ...(availableSatang === undefined ? {} : { availableBalance: satangToDecimalString(availableSatang) }),
  },
});

export function transferToWire(transfer: Transfer) {
  const { delivery } = transfer;
  return {
    ok: true,
    transferId: transfer.transferId,
    amount: satangToDecimalString(transfer.amountSatang),
    channelId: transfer.destination.channelId,
    occurredAt: transfer.occurredAt.toISOString(),
    delivered: {
      kind: delivery.kind,
      format: delivery.format ?? 'sabai',
      sourceId: delivery.sourceId,
      url: delivery.url,
      body: delivery.body,
      status: delivery.status,
      httpStatus: delivery.httpStatus,
      sabaiStatus: delivery.sabaiStatus,
      response: delivery.response,
      attempts: delivery.attempts,
    },
    /** The paying customer's sandbox balance after the transfer. */
    balanceAfter: satangToDecimalString(transfer.sourceBalanceAfterSatang),
    houseBalanceAfter: satangToDecimalString(transfer.houseBalanceAfterSatang),
    /** The slip's mini-QR text (issue 28 §2); null for a wallet transfer. Its image: GET /bank/v1/transfers/{transferId}/slip. */
    slipQrPayload: slipQrPayloadOf(transfer),
  };
}

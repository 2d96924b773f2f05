import type { FastifyInstance } from 'fastify';
import { renderNotFound, renderTransferForm, renderTransferResult, type TransferFormValues } from './bank-page.ts';
import { makeTransfer, type MakeTransferResult } from './make-transfer.ts';
import { readTransferRequest } from './read-transfer-request.ts';
import { redeliverNotification } from './redeliver-notification.ts';
import type { SandboxBank } from './sandbox-bank.ts';
import { describeTransferError } from './transfer-errors.ts';

/** Recent transfers listed under the form. */
const RECENT_ON_PAGE = 10;

/**
 * The pages people use (no sandbox key): GET /bank, the form post, the result page
 * (post → 303 → GET, so a reload does not pay twice) and "send the notification again".
 */
export function registerBankPageRoutes(app: FastifyInstance, bank: SandboxBank): void {
  const html = 'text/html; charset=utf-8';

  app.get('/bank', async (_request, reply) => reply.type(html).send(renderTransferForm({ recent: bank.transfers.recent(RECENT_ON_PAGE) })));

  app.post('/bank/ui/transfers', async (request, reply) => {
    const values = formValues(request.body);
    const transferRequest = readTransferRequest(values);
    const result: MakeTransferResult = transferRequest ? await makeTransfer(bank, transferRequest) : { ok: false, error: 'INVALID_REQUEST' };
    if (!result.ok) {
      const page = renderTransferForm({ values, error: describeTransferError(result.error, result.availableSatang), recent: bank.transfers.recent(RECENT_ON_PAGE) });
      return reply.code(422).type(html).send(page);
    }
    return reply.redirect(`/bank/ui/transfers/${result.transfer.transferId}`, 303);
  });

  app.get<{ Params: { transferId: string } }>('/bank/ui/transfers/:transferId', async (request, reply) => {
    const transfer = bank.transfers.find(request.params.transferId);
    return transfer ? reply.type(html).send(renderTransferResult(transfer)) : reply.code(404).type(html).send(renderNotFound());
  });

  app.post<{ Params: { transferId: string } }>('/bank/ui/transfers/:transferId/redeliver', async (request, reply) => {
    const transfer = await redeliverNotification(bank, request.params.transferId);
    if (!transfer) return reply.code(404).type(html).send(renderNotFound());
    return reply.redirect(`/bank/ui/transfers/${transfer.transferId}`, 303);
  });
}

/** The posted form's string fields (anything else is dropped). */
function formValues(body: unknown): TransferFormValues {
  if (typeof body !== 'object' || body === null) return {};
  return Object.fromEntries(Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxBank } from './sandbox-bank.ts';
import { drawSlipPng, findSlipTransfer, slipRecordOf } from './slips.ts';

const verifyBody = z.object({ sendingBank: z.string().regex(/^\d{3}$/), transRef: z.string().min(1).max(40) });

/**
 * Slips (issue 28 §2): `GET /bank/v1/transfers/{transferId}/slip` draws a transfer's slip (PNG with its
 * mini QR; public like the banking app), and `POST /bank/v1/slips/verify` `{ sendingBank, transRef }`
 * (needs `x-sandbox-key`) answers as a bank's slip verification does: `{ found: true, data: {ITMX record} }`
 * or 404 `{ found: false }` — what Sabai's sandbox slip-verify adapter reads.
 */
export function registerSlipRoutes(app: FastifyInstance, bank: SandboxBank): void {
  app.get<{ Params: { transferId: string } }>('/bank/v1/transfers/:transferId/slip', async (request, reply) => {
    const transfer = bank.transfers.find(request.params.transferId);
    const png = transfer ? await drawSlipPng(transfer) : null;
    if (!png) return reply.code(404).send({ ok: false, error: { code: 'NOT_FOUND', message: 'ไม่พบสลิปของรายการนี้' } });
    return reply.type('image/png').header('cache-control', 'no-store').send(png);
  });

  app.post('/bank/v1/slips/verify', async (request, reply) => {
    const parsed = verifyBody.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ error: 'body must be { sendingBank: 3 digits, transRef }' });
    const transfer = findSlipTransfer(bank, parsed.data.sendingBank, parsed.data.transRef);
    if (!transfer) return reply.code(404).send({ found: false });
    return { found: true, data: slipRecordOf(transfer) };
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelope, slipDepositRequest, slipDepositResponse } from '@sabai/contracts';
import { satangToBahtNumber } from '@sabai/money';
import type { AppContext } from '../../../../context.ts';
import { AppError } from '../../../../lib/app-error.ts';
import { RATE_LIMITS } from '../../../../lib/rate-limiter.ts';
import { requireMemberWithinLimit } from '../../../auth/index.ts';
import { MAX_SLIP_IMAGE_BYTES, decodeSlipImage, readMultipartFile } from './decode-slip-image.ts';
import { submitSlipDeposit } from './submit-slip-deposit.ts';

const refusals = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 409: errorEnvelope, 413: errorEnvelope, 422: errorEnvelope, 429: errorEnvelope, 503: errorEnvelope };
/** Room for the multipart framing around a 2 MB image. */
const MULTIPART_OVERHEAD_BYTES = 16 * 1024;

/**
 * `POST /fund-composite/v1/deposit/slip` (issue 28 §2, docs/adr/0055): a member's deposit by transfer
 * slip. Body: JSON `{ "qrPayload": "…" }` (the QR read in the browser or pasted), or
 * `multipart/form-data` with the slip image in field `slip` (decoded here; at most 2 MB → SLIP_TOO_LARGE).
 * Rate: RATE_LIMITS.slipPerMember (every attempt counts, also refused ones) and slipPerIp.
 */
export function registerSlipDepositRoutes(app: FastifyInstance, context: AppContext): void {
  void app.register(async (scope) => {
    scope.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: MAX_SLIP_IMAGE_BYTES + MULTIPART_OVERHEAD_BYTES }, (request, body, done) => {
      const file = readMultipartFile(body as Buffer, request.headers['content-type'] ?? '');
      done(null, { image: file });
    });
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    routes.post('/fund-composite/v1/deposit/slip', {
      schema: { tags: ['wallet'], summary: 'Deposit by transfer slip: its mini-QR text (JSON) or its image (multipart, field slip, ≤ 2 MB)', response: { 200: slipDepositResponse, ...refusals } },
      bodyLimit: MAX_SLIP_IMAGE_BYTES + MULTIPART_OVERHEAD_BYTES,
      config: { ipRateLimit: RATE_LIMITS.slipPerIp, memberOnly: true },
      errorHandler: (error) => {
        if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new AppError('SLIP_TOO_LARGE');
        throw error;
      },
      handler: async (request) => {
        const session = await requireMemberWithinLimit(context, request, RATE_LIMITS.slipPerMember);
        const qrPayload = await readQrPayload(request.body);
        const outcome = await submitSlipDeposit(context, { memberId: session.memberId, qrPayload });
        return {
          success: true,
          message: outcome.status === 'credited' ? 'ตรวจสอบสลิปแล้ว เติมเงินเข้ากระเป๋าเรียบร้อย' : 'ได้รับสลิปแล้ว รายการนี้รอเจ้าหน้าที่ตรวจสอบ',
          data: {
            slipId: outcome.slipId,
            depositId: outcome.depositId,
            status: outcome.status,
            Amount: satangToBahtNumber(outcome.amountSatang),
            reason: outcome.reason,
            transferredAt: outcome.transferredAt.toISOString(),
          },
        };
      },
    });
  });
}

async function readQrPayload(body: unknown): Promise<string> {
  if (body && typeof body === 'object' && 'image' in body) {
    const image = (body as { image: Buffer | null }).image;
    if (!image || image.length === 0) throw new AppError('SLIP_IMAGE_UNREADABLE');
    if (image.length > MAX_SLIP_IMAGE_BYTES) throw new AppError('SLIP_TOO_LARGE');
    const text = await decodeSlipImage(image);
    if (!text) throw new AppError('SLIP_IMAGE_UNREADABLE');
    return text;
  }
  const parsed = slipDepositRequest.safeParse(body);
  if (!parsed.success) throw new AppError('SLIP_QR_INVALID');
  return parsed.data.qrPayload;
}

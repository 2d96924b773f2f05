import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { depositChannelsResponse, errorEnvelope, promptPayDepositRequest, promptPayDepositResponse } from '@sabai/contracts';
import { satangToBahtNumber } from '@sabai/money';
import type { AppContext } from '../../context.ts';
import { requireMember, requireMemberWithinLimit } from '../auth/index.ts';
import { RATE_LIMITS } from '../../lib/rate-limiter.ts';
import { listMemberDepositChannels } from './list-member-deposit-channels.ts';
import { requestPromptPayDeposit } from './request-promptpay-deposit.ts';

const refusals = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 422: errorEnvelope, 429: errorEnvelope };

/** Member deposit calls: the house accounts (spec §7 info/deposit) and PromptPay requests (ours). */
export function registerDepositRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get('/user-profile-composite/v1/info/deposit', {
    schema: { tags: ['wallet'], summary: 'House accounts to deposit into (spec §3 Deposit channel)', response: { 200: depositChannelsResponse, ...refusals } },
    handler: async (request) => {
      await requireMember(context, request);
      return { success: true, message: 'สำเร็จ', data: await listMemberDepositChannels(context.db) };
    },
  });

  routes.post('/user-profile-composite/v1/deposit/promptpay', {
    schema: { tags: ['wallet'], summary: 'PromptPay QR deposit request (unique satang amount)', body: promptPayDepositRequest, response: { 200: promptPayDepositResponse, ...refusals } },
    config: { validationErrorCode: 'INVALID_AMOUNT', ipRateLimit: RATE_LIMITS.promptPayPerIp, memberOnly: true },
    handler: async (request) => {
      const session = await requireMemberWithinLimit(context, request, RATE_LIMITS.promptPayPerMember);
      const created = await requestPromptPayDeposit(context, { memberId: session.memberId, requestedSatang: request.body.Amount });
      return {
        success: true,
        message: 'สร้างคิวอาร์พร้อมเพย์แล้ว กรุณาโอนตามยอดที่แสดงภายในเวลาที่กำหนด',
        data: {
          requestId: created.requestId,
          Amount: satangToBahtNumber(created.requestedSatang),
          amountToPay: satangToBahtNumber(created.amountSatang),
          payload: created.payload,
          promptPayName: created.promptPayName,
          expiresAt: created.expiresAt.toISOString(),
        },
      };
    },
  });
}

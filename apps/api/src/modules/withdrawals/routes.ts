import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bonusCancelRequest, bonusCancelResponse, errorEnvelope, withdrawalConditionResponse, withdrawalRequest, withdrawalResponse, withdrawalHeaders } from '@sabai/contracts';
import { satangToBahtNumber } from '@sabai/money';
import type { AppContext } from '../../context.ts';
import { requireMember, requireMemberWithinLimit } from '../auth/index.ts';
import { RATE_LIMITS } from '../../lib/rate-limiter.ts';
import { AppError } from '../../lib/app-error.ts';
import { getWithdrawalCondition } from './get-withdrawal-condition.ts';
import { requestWithdrawal } from './request-withdrawal.ts';
import { registerManualPayoutRoutes } from './manual-payout-routes.ts';
import { cancelBonus } from './cancel-bonus.ts';
import { registerFailedPayoutRoutes } from './failed-payout-routes.ts';

const refusals = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope, 429: errorEnvelope };

/** Withdrawal calls of spec §7, the back office's payouts by staff (manual-payout-routes.ts) and failed payouts (failed-payout-routes.ts). */
export function registerWithdrawalRoutes(app: FastifyInstance, context: AppContext): void {
  registerManualPayoutRoutes(app, context);
  registerFailedPayoutRoutes(app, context);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get('/fund-composite/v1/withdrawal/condition', {
    schema: { tags: ['wallet'], summary: 'What the member may withdraw now, and why not', response: { 200: withdrawalConditionResponse, ...refusals } },
    handler: async (request) => {
      const session = await requireMember(context, request);
      return { success: true, message: 'สำเร็จ', data: await getWithdrawalCondition(context, session.memberId) };
    },
  });

  routes.post('/fund-composite/v1/withdrawal', {
    schema: {
      tags: ['wallet'],
      summary: 'Withdraw to the bound bank account',
      headers: withdrawalHeaders,
      body: withdrawalRequest,
      response: { 200: withdrawalResponse, ...refusals },
    },
    config: { validationErrorCode: 'INVALID_AMOUNT', ipRateLimit: RATE_LIMITS.withdrawalPerIp, memberOnly: true },
    handler: async (request) => {
      const session = await requireMemberWithinLimit(context, request, RATE_LIMITS.withdrawalPerMember);
      const withdrawal = await requestWithdrawal(context, {
        memberId: session.memberId,
        amountSatang: request.body.Amount,
        requestKey: request.headers['idempotency-key'],
      });
      if (withdrawal.wireStatus === 3) throw new AppError('WITHDRAW_FAILED');
      const message = withdrawal.wireStatus === 2 ? 'ส่งคำขอถอนเงินแล้ว รอดำเนินการ' : 'ถอนเงินสำเร็จ';
      return {
        success: true,
        message,
        data: {
          withdrawalId: withdrawal.withdrawalId,
          Amount: satangToBahtNumber(withdrawal.amountSatang),
          Status: withdrawal.wireStatus,
          createdAt: withdrawal.createdAt.toISOString(),
        },
      };
    },
  });

  routes.post('/user-profile-composite/v1/bonus/cancel', {
    schema: {
      tags: ['wallet'],
      summary: 'Cancel the active bonus (ours, issue 26 §1): forfeits only the bonus and its winnings, the amount the page showed',
      body: bonusCancelRequest,
      response: { 200: bonusCancelResponse, ...refusals },
    },
    config: { validationErrorCode: 'INVALID_AMOUNT', memberOnly: true },
    handler: async (request) => {
      const session = await requireMember(context, request);
      const result = await cancelBonus(context, { memberId: session.memberId, expectedForfeitSatang: request.body.expectedForfeit });
      return { success: true, message: 'ยกเลิกโบนัสแล้ว', data: { forfeited: satangToBahtNumber(result.forfeitedSatang), balance: satangToBahtNumber(result.balanceSatang) } };
    },
  });
}

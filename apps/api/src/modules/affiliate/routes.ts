import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SUCCESS_VALUE, affiliateIncomeWithdrawalResponse, affiliateSummaryResponse, errorEnvelope } from '@sabai/contracts';
import { satangToBahtNumber } from '@sabai/money';
import type { AppContext } from '../../context.ts';
import { requireMember, requireMemberWithinLimit } from '../auth/index.ts';
import { RATE_LIMITS } from '../../lib/rate-limiter.ts';
import { getAffiliateSummary } from './get-affiliate-summary.ts';
import { withdrawAffiliateIncome } from './withdraw-affiliate-income.ts';

const refusals = { 401: errorEnvelope, 403: errorEnvelope, 422: errorEnvelope };

/** Affiliate calls of spec §7 ("vertify" is the spec's spelling). */
export function registerAffiliateRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get('/user-profile-composite/v1/users/affiliate', {
    schema: {
      tags: ['rewards'],
      summary: 'Affiliate income, referred members and settings',
      response: {
        200: affiliateSummaryResponse,
        ...refusals,
      },
    },
    handler: async (request) => {
      const session = await requireMember(context, request);
      return { success: true, message: 'สำเร็จ', data: await getAffiliateSummary(context, session.memberId) };
    },
  });
  routes.get('/user-profile-composite/v1/users/affiliate/vertify', {
    schema: {
      tags: ['rewards'],
      summary: 'Move affiliate income into play money (Status 1), or ask staff above the auto-withdraw maximum (Status 2); success: 1 (spec §7)',
      response: {
        200: affiliateIncomeWithdrawalResponse,
        409: errorEnvelope,
        429: errorEnvelope,
        ...refusals,
      },
    },
    config: { ipRateLimit: RATE_LIMITS.claimPerIp, memberOnly: true },
    handler: async (request) => {
      const session = await requireMemberWithinLimit(context, request, RATE_LIMITS.claimPerMember);
      const outcome = await withdrawAffiliateIncome(context, session.memberId);
      const Amount = satangToBahtNumber(outcome.amountSatang);
      // Spec §7: 1 is this call's success value (docs/adr/0004); Status tells a queued request from a done one.
      const success = SUCCESS_VALUE.affiliateIncomeWithdrawal;
      if (outcome.status === 'pending_approval') return { success, message: 'ส่งคำขอถอนรายได้แล้ว รอเจ้าหน้าที่อนุมัติ', data: { Amount, Status: 2 as const } };
      return { success, message: 'ถอนรายได้สำเร็จ', data: { Amount, Status: 1 as const } };
    },
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cashbackClaimResponse, errorEnvelope } from '@sabai/contracts';
import { satangToBahtNumber } from '@sabai/money';
import type { AppContext } from '../../context.ts';
import { requireMemberWithinLimit } from '../auth/index.ts';
import { RATE_LIMITS } from '../../lib/rate-limiter.ts';
import { claimCashback } from './claim-cashback.ts';

/** `GET /user-profile-composite/v1/users/cashback/vertify` (spec §7; "vertify" is the spec's spelling). */
export function registerCashbackRoutes(app: FastifyInstance, context: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().get('/user-profile-composite/v1/users/cashback/vertify', {
    schema: {
      tags: ['rewards'],
      summary: 'Claim the cashback wallet into play money',
      response: { 200: cashbackClaimResponse, 401: errorEnvelope, 403: errorEnvelope, 422: errorEnvelope, 429: errorEnvelope },
    },
    config: { ipRateLimit: RATE_LIMITS.claimPerIp, memberOnly: true },
    handler: async (request) => {
      const session = await requireMemberWithinLimit(context, request, RATE_LIMITS.claimPerMember);
      const claimed = await claimCashback(context, session.memberId);
      return { success: true, message: 'รับยอดเสียคืนสำเร็จ', data: { Amount: satangToBahtNumber(claimed.amountSatang) } };
    },
  });
}

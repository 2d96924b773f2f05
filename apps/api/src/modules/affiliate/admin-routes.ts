import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminDecisionBody, affiliateWithdrawalDecisionParams, affiliateWithdrawalDecisionResponse, affiliateWithdrawalsQuery, affiliateWithdrawalsResponse } from '@sabai/contracts';
import type { AppContext } from '../../context.ts';
import { requireStaff } from '../../plugins/staff-auth.ts';
import { decideAffiliateWithdrawal } from './decide-affiliate-withdrawal.ts';
import { listAffiliateWithdrawals } from './list-affiliate-withdrawals.ts';

const TAGS = ['admin'];

/**
 * Affiliate income withdrawals above the auto maximum in the back office
 * (`/admin-api/v1/affiliate-withdrawals…`): the list by status, approve, reject with a reason.
 * Permissions: modules/staff/staff-roles.ts; each decision is audited by its use case.
 */
export function registerAffiliateAdminRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/admin-api/v1/affiliate-withdrawals', {
    schema: { tags: TAGS, querystring: affiliateWithdrawalsQuery, response: { 200: affiliateWithdrawalsResponse } },
  }, async (request) => {
    requireStaff(context, request);
    return { success: true, message: 'ok', data: await listAffiliateWithdrawals(context.db, request.query) };
  });

  for (const decision of ['approve', 'reject'] as const) {
    routes.post(`/admin-api/v1/affiliate-withdrawals/:affiliateWithdrawalId/${decision}`, {
      schema: { tags: TAGS, params: affiliateWithdrawalDecisionParams, body: adminDecisionBody, response: { 200: affiliateWithdrawalDecisionResponse } },
    }, async (request) => {
      const staff = requireStaff(context, request);
      const result = await decideAffiliateWithdrawal(context, { affiliateWithdrawalId: request.params.affiliateWithdrawalId, decision, ...staff, reason: request.body?.reason });
      return { success: true, message: 'ok', data: result };
    });
  }
}

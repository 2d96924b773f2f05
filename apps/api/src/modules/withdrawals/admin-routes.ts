import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminDecisionBody, withdrawalDecisionParams, withdrawalDecisionResponse, withdrawalsQuery, withdrawalsResponse } from '@sabai/contracts';
import type { AppContext } from '../../context.ts';
import { requireStaff } from '../../plugins/staff-auth.ts';
import { decideWithdrawal } from './decide-withdrawal.ts';
import { listStaffWithdrawals } from './list-staff-withdrawals.ts';

const TAGS = ['admin'];

/** What the staff member reads after a decision: an approval whose payout failed says so at once, with the bank's reason (issue 25 §2). */
function decisionMessage(result: { status: string; failureReason?: string | null }): string {
  if (result.status === 'failed') return `อนุมัติแล้ว แต่ธนาคารโอนไม่สำเร็จ: ${result.failureReason ?? 'ไม่ทราบเหตุผล'} เงินคืนเข้ากระเป๋าหลักของสมาชิก ดูที่รายการโอนไม่สำเร็จ`;
  if (result.status === 'paid') return 'อนุมัติแล้ว โอนสำเร็จ';
  if (result.status === 'rejected') return 'ปฏิเสธแล้ว คืนเงินให้สมาชิก';
  if (result.status === 'awaiting_payout') return 'อนุมัติแล้ว รอเจ้าหน้าที่โอน';
  return 'อนุมัติแล้ว กำลังโอน รอผลจากธนาคาร';
}

/**
 * Withdrawals above the auto maximum in the back office (`/admin-api/v1/withdrawals…`): the list
 * by status, approve, reject with a reason. Permissions: modules/staff/staff-roles.ts; each
 * decision is audited by decide-withdrawal.ts. Failed and manual payouts: their own routes files.
 */
export function registerWithdrawalAdminRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/admin-api/v1/withdrawals', {
    schema: { tags: TAGS, querystring: withdrawalsQuery, response: { 200: withdrawalsResponse } },
  }, async (request) => {
    requireStaff(context, request);
    return { success: true, message: 'ok', data: await listStaffWithdrawals(context.db, request.query) };
  });

  for (const decision of ['approve', 'reject'] as const) {
    routes.post(`/admin-api/v1/withdrawals/:withdrawalId/${decision}`, {
      schema: { tags: TAGS, params: withdrawalDecisionParams, body: adminDecisionBody, response: { 200: withdrawalDecisionResponse } },
    }, async (request) => {
      const staff = requireStaff(context, request);
      const result = await decideWithdrawal(context, { withdrawalId: request.params.withdrawalId, decision, ...staff, reason: request.body?.reason });
      return { success: true, message: decisionMessage(result), data: result };
    });
  }
}

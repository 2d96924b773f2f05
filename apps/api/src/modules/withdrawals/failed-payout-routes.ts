import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { failedPayoutActionResponse, failedPayoutsQuery, failedPayoutsResponse, payFailedByHandBody, payoutParams, returnFailedPayoutBody } from '@sabai/contracts';
import type { AppContext } from '../../context.ts';
import { requireStaffPrincipal } from '../../plugins/staff-auth.ts';
import { listFailedPayouts } from './list-failed-payouts.ts';
import { requestFailedPayoutAction, type FailedPayoutAction, type FailedPayoutOutcome, type PaidByHand } from './resolve-failed-payout.ts';

const TAGS = ['back office: failed payouts'];

/** What staff read after an action, in Thai: a retry that failed again says so at once. */
function outcomeMessage(outcome: FailedPayoutOutcome): string {
  if (outcome.status === 'pending_approval') return 'ส่งขออนุมัติแล้ว รอเจ้าหน้าที่อีกคนอนุมัติ';
  if (outcome.action === 'return') return 'ปิดรายการแล้ว เงินอยู่ในกระเป๋าหลักของสมาชิก';
  if (outcome.status === 'paid') return 'โอนสำเร็จแล้ว';
  if (outcome.status === 'failed') return 'โอนซ้ำไม่สำเร็จ ธนาคารปฏิเสธอีกครั้ง ดูเหตุผลในรายการโอนไม่สำเร็จ';
  if (outcome.status === 'paid_unconfirmed') return 'บันทึกการโอนด้วยมือแล้ว รอ SMS จากธนาคารหรือเจ้าหน้าที่อีกคนยืนยัน';
  return 'กำลังโอน รอผลจากธนาคาร';
}

/**
 * Failed payouts (issue 25 §2, docs/adr/0049): the queue with the bank's reason, and finance's three
 * actions, each a maker-checker money action (approvals module). Permissions (staff-roles.ts):
 * payouts.view to read, payouts.resolve to retry or return, payouts.record to record a payment by
 * hand; who may request and approve each kind: the approvals policy.
 */
export function registerFailedPayoutRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get('/admin-api/v1/payouts/failed', { schema: { tags: TAGS, querystring: failedPayoutsQuery, response: { 200: failedPayoutsResponse } } }, async (request) => ({
    success: true,
    message: 'ok',
    data: await listFailedPayouts(context.db, request.query),
  }));
  const act = (request: FastifyRequest, action: FailedPayoutAction, extra: { note?: string | undefined; paidByHand?: PaidByHand } = {}) => {
    const staff = requireStaffPrincipal(request);
    const { withdrawalId } = request.params as { withdrawalId: string };
    return requestFailedPayoutAction(context, { withdrawalId, action, staff: { staffId: staff.staffId, role: staff.role }, address: request.ip, ...extra });
  };
  routes.post('/admin-api/v1/payouts/failed/:withdrawalId/retry', { schema: { tags: TAGS, params: payoutParams, body: returnFailedPayoutBody, response: { 200: failedPayoutActionResponse } } }, async (request) => {
    const outcome = await act(request, 'retry', { note: request.body?.note });
    return { success: true, message: outcomeMessage(outcome), data: outcome };
  });
  routes.post('/admin-api/v1/payouts/failed/:withdrawalId/manual', {
    schema: { tags: TAGS, params: payoutParams, body: payFailedByHandBody, response: { 200: failedPayoutActionResponse } },
  }, async (request) => {
    const paidByHand = { channelId: request.body.channelId, bankReference: request.body.bankReference, paidAt: new Date(request.body.paidAt) };
    const outcome = await act(request, 'manual', { paidByHand });
    return { success: true, message: outcomeMessage(outcome), data: outcome };
  });
  routes.post('/admin-api/v1/payouts/failed/:withdrawalId/return', {
    schema: { tags: TAGS, params: payoutParams, body: returnFailedPayoutBody, response: { 200: failedPayoutActionResponse } },
  }, async (request) => {
    const outcome = await act(request, 'return', { note: request.body?.note });
    return { success: true, message: outcomeMessage(outcome), data: outcome };
  });
}

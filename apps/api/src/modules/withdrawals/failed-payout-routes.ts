import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { failedPayoutActionResponse, failedPayoutsQuery, failedPayoutsResponse, payFailedByHandBody, payoutParams, returnFailedPayoutBody } from '@sabai/contracts';
import type { AppContext } from '../../context.ts';
import { requireStaff } from '../../plugins/staff-auth.ts';
import { listFailedPayouts } from './list-failed-payouts.ts';
import { payFailedPayoutByHand, retryFailedPayout, returnFailedPayout, type FailedPayoutOutcome } from './resolve-failed-payout.ts';

const TAGS = ['back office: failed payouts'];

/** What staff read after an action, in Thai: a retry that failed again says so at once. */
function outcomeMessage(outcome: FailedPayoutOutcome): string {
  if (outcome.action === 'return') return 'ปิดรายการแล้ว เงินอยู่ในกระเป๋าหลักของสมาชิก';
  if (outcome.status === 'paid') return 'โอนสำเร็จแล้ว';
  if (outcome.status === 'failed') return 'โอนซ้ำไม่สำเร็จ ธนาคารปฏิเสธอีกครั้ง ดูเหตุผลในรายการโอนไม่สำเร็จ';
  if (outcome.status === 'paid_unconfirmed') return 'บันทึกการโอนด้วยมือแล้ว รอ SMS จากธนาคารหรือเจ้าหน้าที่อีกคนยืนยัน';
  return 'กำลังโอน รอผลจากธนาคาร';
}

/**
 * Failed payouts (issue 25 §2, docs/adr/0049): the queue with the bank's reason, and finance's three
 * actions. Permissions (staff-roles.ts): payouts.view to read, payouts.resolve to retry or return,
 * payouts.record to record a payment by hand.
 */
export function registerFailedPayoutRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get('/admin-api/v1/payouts/failed', { schema: { tags: TAGS, querystring: failedPayoutsQuery, response: { 200: failedPayoutsResponse } } }, async (request) => ({
    success: true,
    message: 'ok',
    data: await listFailedPayouts(context.db, request.query),
  }));
  routes.post('/admin-api/v1/payouts/failed/:withdrawalId/retry', { schema: { tags: TAGS, params: payoutParams, response: { 200: failedPayoutActionResponse } } }, async (request) => {
    const outcome = await retryFailedPayout(context, { ...requireStaff(context, request), withdrawalId: request.params.withdrawalId });
    return { success: true, message: outcomeMessage(outcome), data: outcome };
  });
  routes.post('/admin-api/v1/payouts/failed/:withdrawalId/manual', {
    schema: { tags: TAGS, params: payoutParams, body: payFailedByHandBody, response: { 200: failedPayoutActionResponse } },
  }, async (request) => {
    const outcome = await payFailedPayoutByHand(context, {
      ...requireStaff(context, request),
      withdrawalId: request.params.withdrawalId,
      channelId: request.body.channelId,
      bankReference: request.body.bankReference,
      paidAt: new Date(request.body.paidAt),
    });
    return { success: true, message: outcomeMessage(outcome), data: outcome };
  });
  routes.post('/admin-api/v1/payouts/failed/:withdrawalId/return', {
    schema: { tags: TAGS, params: payoutParams, body: returnFailedPayoutBody, response: { 200: failedPayoutActionResponse } },
  }, async (request) => {
    const outcome = await returnFailedPayout(context, { ...requireStaff(context, request), withdrawalId: request.params.withdrawalId, note: request.body?.note });
    return { success: true, message: outcomeMessage(outcome), data: outcome };
  });
}

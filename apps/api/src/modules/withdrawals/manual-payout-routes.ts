import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminListQuery,
  houseDebitsQuery,
  houseDebitsResponse,
  payoutActionResponse,
  payoutParams,
  payoutReasonBody,
  payoutsToPayResponse,
  recordPayoutBody,
  unconfirmedPayoutsResponse,
} from '@sabai/contracts';
import type { AppContext } from '../../context.ts';
import { requireStaff } from '../../plugins/staff-auth.ts';
import { confirmManualPayout } from './confirm-manual-payout.ts';
import { listHouseDebits, listPayoutsToPay, listUnconfirmedPayouts } from './list-manual-payouts.ts';
import { recordManualPayout } from './record-manual-payout.ts';
import { reverseManualPayout } from './reverse-manual-payout.ts';

const TAGS = ['back office: payouts by staff'];

/**
 * Payouts by staff (PAYOUT_PROVIDER=manual, docs/adr/0039): the "to pay" queue, recording a
 * payment, confirming one without a debit notification or reversing it, and the house debits
 * read. Permissions (staff-roles.ts): payouts.view, payouts.record, payouts.resolve.
 */
export function registerManualPayoutRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get('/admin-api/v1/payouts/to-pay', { schema: { tags: TAGS, querystring: adminListQuery, response: { 200: payoutsToPayResponse } } }, async (request) => ({
    success: true,
    message: 'ok',
    data: await listPayoutsToPay(context.db, request.query.limit),
  }));
  routes.get('/admin-api/v1/payouts/unconfirmed', { schema: { tags: TAGS, querystring: adminListQuery, response: { 200: unconfirmedPayoutsResponse } } }, async (request) => {
    const confirmWithinMs = context.config.MANUAL_PAYOUT_CONFIRM_WITHIN_MS;
    const listed = await listUnconfirmedPayouts(context.db, { limit: request.query.limit, now: context.now(), confirmWithinMs });
    return { success: true, message: 'ok', data: { ...listed, confirmWithinMs } };
  });
  routes.get('/admin-api/v1/payouts/house-debits', { schema: { tags: TAGS, querystring: houseDebitsQuery, response: { 200: houseDebitsResponse } } }, async (request) => ({
    success: true,
    message: 'ok',
    data: await listHouseDebits(context.db, request.query),
  }));
  routes.post('/admin-api/v1/payouts/:withdrawalId/record', {
    schema: { tags: TAGS, params: payoutParams, body: recordPayoutBody, response: { 200: payoutActionResponse } },
  }, async (request) => {
    const result = await recordManualPayout(context, {
      ...requireStaff(context, request),
      withdrawalId: request.params.withdrawalId,
      channelId: request.body.channelId,
      bankReference: request.body.bankReference,
      paidAt: new Date(request.body.paidAt),
    });
    const status: 'paid' | 'paid_unconfirmed' = result.status === 'paid' ? 'paid' : 'paid_unconfirmed';
    return { success: true, message: status === 'paid' ? 'บันทึกแล้ว ธนาคารยืนยันการโอนแล้ว' : 'บันทึกแล้ว รอ SMS ยืนยันจากธนาคาร', data: { status } };
  });
  routes.post('/admin-api/v1/payouts/:withdrawalId/confirm', {
    schema: { tags: TAGS, params: payoutParams, body: payoutReasonBody, response: { 200: payoutActionResponse } },
  }, async (request) => ({
    success: true,
    message: 'ยืนยันการโอนแล้ว',
    data: await confirmManualPayout(context, { ...requireStaff(context, request), withdrawalId: request.params.withdrawalId, reason: request.body.reason }),
  }));
  routes.post('/admin-api/v1/payouts/:withdrawalId/reverse', {
    schema: { tags: TAGS, params: payoutParams, body: payoutReasonBody, response: { 200: payoutActionResponse } },
  }, async (request) => ({
    success: true,
    message: 'บันทึกว่าโอนไม่สำเร็จ คืนเงินให้สมาชิกแล้ว',
    data: await reverseManualPayout(context, { ...requireStaff(context, request), withdrawalId: request.params.withdrawalId, reason: request.body.reason }),
  }));
}

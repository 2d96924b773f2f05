import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createItemCodeBatchRequest,
  disabledItemCodeResponse,
  disableItemCodeRequest,
  itemCodeBatchResponse,
  itemCodeParams,
  saveWheelPrizeRequest,
  staffJobRunResponse,
  staffWheelPrizeResponse,
  staffWheelPrizesResponse,
  wheelPrizeParams,
} from '@sabai/contracts';
import { satangToBahtNumber } from '@sabai/money';
import type { AppContext } from '../../context.ts';
import { requireStaff, requireStaffPrincipal } from '../../plugins/staff-auth.ts';
import { createItemCodeBatch, disableItemCode } from './manage-item-codes.ts';
import { createWheelPrize, listWheelPrizesForStaff, updateWheelPrize } from './manage-wheel-prizes.ts';
import { runRewardJobNow } from './run-reward-job-now.ts';

const TAGS = ['back office: rewards'];
const who = (request: FastifyRequest) => {
  const staff = requireStaffPrincipal(request);
  return { actor: `staff:${staff.username}`, actorRole: staff.role, address: request.ip };
};

/**
 * Rewards for staff beyond the single item code (routes.ts): wheel prizes and weights (list, add,
 * change), item-code batches and disabling a code (owner and marketing), and the paying reward
 * jobs run now (cashback, affiliate: the maker-checker policy on their payout). Audited.
 */
export function registerRewardAdminRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get('/admin-api/v1/wheel-prizes', { schema: { tags: TAGS, response: { 200: staffWheelPrizesResponse } } }, async () => ({ success: true, message: 'ok', data: await listWheelPrizesForStaff(context.db) }));
  routes.post('/admin-api/v1/wheel-prizes', { schema: { tags: TAGS, body: saveWheelPrizeRequest, response: { 200: staffWheelPrizeResponse } } }, async (request) => {
    const data = await createWheelPrize(context, { ...who(request), fields: request.body.prize, reason: request.body.reason });
    return { success: true, message: 'เพิ่มรางวัลแล้ว', data };
  });
  routes.post('/admin-api/v1/wheel-prizes/:prizeId', { schema: { tags: TAGS, params: wheelPrizeParams, body: saveWheelPrizeRequest, response: { 200: staffWheelPrizeResponse } } }, async (request) => {
    const data = await updateWheelPrize(context, { ...who(request), id: request.params.prizeId, fields: request.body.prize, reason: request.body.reason });
    return { success: true, message: 'บันทึกรางวัลแล้ว', data };
  });
  routes.post('/admin-api/v1/item-codes/batch', { schema: { tags: TAGS, body: createItemCodeBatchRequest, response: { 200: itemCodeBatchResponse } } }, async (request) => {
    const { prefix, count, amount, usesPerCode, expiresAt, reason, turnoverMultiple } = request.body;
    const { codes, approval } = await createItemCodeBatch(context, { ...who(request), staffId: requireStaffPrincipal(request).staffId, prefix, count, amountSatang: amount, usesPerCode, expiresAt: new Date(expiresAt), reason, turnoverMultiple });
    const message = approval.status === 'executed' ? `สร้างโค้ด ${codes.length} รายการแล้ว` : `สร้างโค้ด ${codes.length} รายการแล้ว ส่งขออนุมัติยอดรวมแล้ว โค้ดจะใช้ได้เมื่อฝ่ายการเงินหรือเจ้าของอนุมัติ`;
    return { success: true, message, data: { codes, Amount: satangToBahtNumber(amount), usesPerCode, expiresAt, turnoverMultiple, approvalStatus: approval.status, approvalId: approval.approvalId } };
  });
  routes.post('/admin-api/v1/item-codes/:code/disable', { schema: { tags: TAGS, params: itemCodeParams, body: disableItemCodeRequest, response: { 200: disabledItemCodeResponse } } }, async (request) => {
    const row = await disableItemCode(context, { ...who(request), code: request.params.code, reason: request.body.reason });
    return { success: true, message: 'ปิดโค้ดแล้ว', data: { code: row.code, expiresAt: row.expiresAt.toISOString(), isExpired: true as const } };
  });
  // Staff can run the scheduled jobs now (each is idempotent; the scheduler runs them anyway).
  // The paying ones go through the maker-checker policy (issue 25 §1).
  for (const name of ['cashback', 'affiliate'] as const) {
    routes.post(`/admin-api/v1/jobs/${name}`, { schema: { tags: ['admin'], summary: `Run the ${name} job now (maker-checker on its payout)`, response: { 200: staffJobRunResponse } } }, async (request) => {
      const staff = requireStaff(context, request);
      const principal = requireStaffPrincipal(request);
      const run = await runRewardJobNow(context, { job: name, staff, staffId: principal.staffId, role: principal.role });
      const message = run.status === 'pending' ? 'รอผู้อนุมัติคนที่สอง' : 'ok';
      return { success: true, message, data: { job: name, count: run.count, status: run.status, approvalId: run.approvalId, total: satangToBahtNumber(run.totalSatang) } };
    });
  }
}

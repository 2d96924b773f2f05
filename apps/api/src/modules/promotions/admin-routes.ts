import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  closePromotionRequest,
  createPromotionRequest,
  promotionBudgetRequest,
  promotionParams,
  moneyActionOutcomeResponse,
  staffPromotionResponse,
  staffPromotionsResponse,
  updatePromotionRequest,
} from '@sabai/contracts';
import type { AppContext } from '../../context.ts';
import { requireStaffPrincipal } from '../../plugins/staff-auth.ts';
import { closePromotion, createPromotion, listPromotionsForStaff, updatePromotion } from './manage-promotions.ts';
import { requestPromotionBudget } from './request-promotion-budget.ts';

const TAGS = ['back office: promotions'];

/**
 * Promotions for staff (issue 11 "Promotions"; owner, marketing): list, create, edit, close. The
 * admin guard authenticates and authorizes before the body is validated; every change is audited.
 */
export function registerPromotionAdminRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const who = (request: Parameters<typeof requireStaffPrincipal>[0]) => {
    const staff = requireStaffPrincipal(request);
    return { actor: `staff:${staff.username}`, actorRole: staff.role, address: request.ip };
  };
  routes.get('/admin-api/v1/promotions', { schema: { tags: TAGS, response: { 200: staffPromotionsResponse } } }, async () => ({ success: true, message: 'ok', data: await listPromotionsForStaff(context.db) }));
  routes.post('/admin-api/v1/promotions', { schema: { tags: TAGS, body: createPromotionRequest, response: { 200: staffPromotionResponse } } }, async (request) => {
    const data = await createPromotion(context, { ...who(request), id: request.body.id, fields: request.body.promotion, reason: request.body.reason });
    return { success: true, message: 'สร้างโปรโมชั่นแล้ว', data };
  });
  routes.post('/admin-api/v1/promotions/:promotionId', { schema: { tags: TAGS, params: promotionParams, body: updatePromotionRequest, response: { 200: staffPromotionResponse } } }, async (request) => {
    const data = await updatePromotion(context, { ...who(request), id: request.params.promotionId, fields: request.body.promotion, reason: request.body.reason });
    return { success: true, message: 'บันทึกโปรโมชั่นแล้ว', data };
  });
  routes.post('/admin-api/v1/promotions/:promotionId/close', { schema: { tags: TAGS, params: promotionParams, body: closePromotionRequest, response: { 200: staffPromotionResponse } } }, async (request) => {
    const data = await closePromotion(context, { ...who(request), id: request.params.promotionId, reason: request.body.reason });
    return { success: true, message: 'ปิดโปรโมชั่นแล้ว', data };
  });
  routes.post('/admin-api/v1/promotions/:promotionId/budget', { schema: { tags: TAGS, params: promotionParams, body: promotionBudgetRequest, response: { 200: moneyActionOutcomeResponse } } }, async (request) => {
    const staff = requireStaffPrincipal(request);
    const outcome = await requestPromotionBudget(context, { promotionId: request.params.promotionId, budgetSatang: request.body.budget, staffId: staff.staffId, role: staff.role, reason: request.body.reason, address: request.ip });
    const message = outcome.status === 'executed' ? 'อนุมัติงบโปรโมชั่นแล้ว' : 'ส่งขออนุมัติงบแล้ว รอฝ่ายการเงินหรือเจ้าของอนุมัติ';
    return { success: true, message, data: { status: outcome.status, approvalId: outcome.approvalId } };
  });
}

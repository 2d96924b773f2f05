import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminListQuery,
  assignHeldDepositBody,
  heldDepositCreditedResponse,
  heldDepositParams,
  heldDepositRefundResponse,
  heldDepositsResponse,
  refundCheckBody,
  refundCheckResponse,
  refundHeldDepositBody,
  releaseHeldDepositBody,
} from '@sabai/contracts';
import { satangToBahtNumber } from '@sabai/money';
import type { AppContext } from '../../context.ts';
import { requireStaff, requireStaffPrincipal } from '../../plugins/staff-auth.ts';
import { listHeldDeposits } from './list-held-deposits.ts';
import { requestHeldDepositCredit } from './request-held-deposit-credit.ts';
import { checkHeldDepositRefund, requestHeldDepositRefund, type RefundNameCheck } from './request-held-deposit-refund.ts';

const TAGS = ['admin'];
const APPROVAL_REQUESTED = 'ส่งขออนุมัติแล้ว รอเจ้าหน้าที่อีกคนอนุมัติ';
const REFUND_MESSAGES = { refunded: 'คืนเงินให้ผู้โอนแล้ว', held: 'ธนาคารปฏิเสธการโอนคืน รายการกลับไปรอตรวจสอบ', refunding: 'กำลังโอนคืน รอผลจากธนาคาร', pending_approval: 'ส่งขออนุมัติการคืนเงินแล้ว รอเจ้าหน้าที่อีกคนอนุมัติ' };

const refundCheckToWire = ({ amountSatang, ...check }: RefundNameCheck) => ({ ...check, Amount: satangToBahtNumber(amountSatang) });

/**
 * Held deposits in the back office (`/admin-api/v1/deposits/…`): the list, assigning one to a
 * member, releasing one held for the AML review, refunding the sender (with the name check
 * first). Permissions: modules/staff/staff-roles.ts; the money actions go through the
 * maker-checker policy and are audited by their use cases.
 */
export function registerDepositAdminRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/admin-api/v1/deposits/held', { schema: { tags: TAGS, querystring: adminListQuery, response: { 200: heldDepositsResponse } } }, async (request) => {
    requireStaff(context, request);
    return { success: true, message: 'ok', data: await listHeldDeposits(context.db, request.query) };
  });

  routes.post('/admin-api/v1/deposits/:depositId/assign', {
    schema: { tags: TAGS, params: heldDepositParams, body: assignHeldDepositBody, response: { 200: heldDepositCreditedResponse } },
  }, async (request) => {
    const staff = requireStaffPrincipal(request);
    const result = await requestHeldDepositCredit(context, { action: 'assign', depositId: request.params.depositId, staffId: staff.staffId, role: staff.role, address: request.ip, memberPhoneNumber: request.body.memberPhoneNumber, ...(request.body.note ? { note: request.body.note } : {}) });
    return { success: true, message: result.status === 'credited' ? 'ok' : APPROVAL_REQUESTED, data: result };
  });

  // Issue 12: a deposit held for the AML review (AML_REVIEW) released to the member it was matched
  // to, credited like an automatic credit; a second release changes nothing.
  routes.post('/admin-api/v1/deposits/:depositId/release', {
    schema: { tags: TAGS, params: heldDepositParams, body: releaseHeldDepositBody, response: { 200: heldDepositCreditedResponse } },
  }, async (request) => {
    const staff = requireStaffPrincipal(request);
    const result = await requestHeldDepositCredit(context, { action: 'release', depositId: request.params.depositId, staffId: staff.staffId, role: staff.role, address: request.ip, note: request.body.note });
    return { success: true, message: result.status === 'credited' ? 'ปล่อยเงินฝากให้สมาชิกแล้ว' : APPROVAL_REQUESTED, data: result };
  });

  // A refund pays the sender back through the payout adapter (refund-held-deposit.ts): the
  // sender's account as the bank statement shows it, checked by name inquiry.
  routes.post('/admin-api/v1/deposits/:depositId/refund', {
    schema: { tags: TAGS, params: heldDepositParams, body: refundHeldDepositBody, response: { 200: heldDepositRefundResponse } },
  }, async (request) => {
    const staff = requireStaffPrincipal(request);
    const result = await requestHeldDepositRefund(context, { ...request.body, depositId: request.params.depositId, staffId: staff.staffId, role: staff.role, address: request.ip });
    return { success: true, message: REFUND_MESSAGES[result.status], data: { ...result, check: refundCheckToWire(result.check) } };
  });

  // Issue 25 §1: the statement's sender name beside the destination's looked-up name, before a refund.
  routes.post('/admin-api/v1/deposits/:depositId/refund-check', {
    schema: { tags: TAGS, params: heldDepositParams, body: refundCheckBody, response: { 200: refundCheckResponse } },
  }, async (request) => ({ success: true, message: 'ok', data: refundCheckToWire(await checkHeldDepositRefund(context, { ...request.body, depositId: request.params.depositId })) }));
}

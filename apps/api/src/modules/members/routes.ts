import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requireStaffPrincipal } from '../../plugins/staff-auth.ts';
import { searchMembers } from './search-members.ts';
import { getMemberProfile } from './get-member-profile.ts';
import { setMemberStatus, signMemberOutEverywhere } from './set-member-status.ts';
import { resetMemberPassword } from './reset-member-password.ts';
import { confirmBankAccount } from './confirm-bank-account.ts';
import { listMemberRelations } from './list-member-relations.ts';
import { decideAdjustment, listPendingAdjustments, requestAdjustment, type AdjustmentView } from './adjust-member-wallet.ts';
import { decidePhoneChange, listPhoneChanges, requestPhoneChange } from './change-member-phone.ts';
import {
  adjustmentDecisionBody,
  adjustmentParams,
  adjustmentRequestBody,
  memberAdjustmentResponse,
  memberBankVerificationResponse,
  memberParams,
  memberPasswordResetResponse,
  memberProfileResponse,
  memberReasonBody,
  memberRelationsResponse,
  memberSearchQuery,
  memberSearchResponse,
  memberSessionsEndedResponse,
  memberStatusResponse,
  pendingAdjustmentsResponse,
  phoneChangeDecisionRequest,
  phoneChangeParams,
  phoneChangeRequestResponse,
  phoneChangesQuery,
  phoneChangesResponse,
  staffPhoneChangeRequest,
  type MemberAdjustmentWire,
} from '@sabai/contracts';
import { satangToBahtNumber } from '@sabai/money';
import { getBalance } from '../history/index.ts';
import { registerMemberDirectoryRoutes } from './routes-directory.ts';

const TAGS = ['back office: members'];

/** Staff's member tools (issue 11 "Members"): search, the member page, suspend / reactivate, sign out everywhere, reset password, confirm the bank account (docs/adr/0040). */
export function registerMemberRoutes(app: FastifyInstance, context: AppContext): void {
  registerMemberDirectoryRoutes(app, context);
  registerMemberAccountRoutes(app, context);
  registerAdjustmentRoutes(app, context);
  registerPhoneChangeRoutes(app, context);
}

/** One member for staff: search, the member page and relations, suspend / reactivate, sign out everywhere, confirm the bank account, reset the password. */
function registerMemberAccountRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get('/admin-api/v1/members', { schema: { tags: TAGS, querystring: memberSearchQuery, response: { 200: memberSearchResponse } } }, async (request) => {
    const rows = await searchMembers(context.db, request.query.q);
    return { success: true, message: 'ok', data: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
  });
  routes.get('/admin-api/v1/members/:memberId', { schema: { tags: TAGS, params: memberParams, response: { 200: memberProfileResponse } } }, async (request) => {
    const profile = await getMemberProfile(context.db, request.params.memberId);
    // The game account as the partner sees it now (our books follow as rounds are booked), with
    // when it was read; the ledger's figure when the partner cannot be read.
    const balance = await getBalance(context, request.params.memberId);
    const liveGameWallet = { amount: balance.gameWallet, source: balance.gameWalletSource, readAt: balance.gameWalletReadAt, ledgerAmount: balance.ledgerGameWallet };
    return { success: true, message: 'ok', data: { ...profile, liveGameWallet } };
  });
  routes.get('/admin-api/v1/members/:memberId/relations', { schema: { tags: TAGS, params: memberParams, response: { 200: memberRelationsResponse } } }, async (request) => ({
    success: true,
    message: 'ok',
    data: await listMemberRelations(context.db, request.params.memberId, context.now()),
  }));
  for (const [action, status] of [['suspend', 'suspended'], ['reactivate', 'active']] as const) {
    routes.post(`/admin-api/v1/members/:memberId/${action}`, { schema: { tags: TAGS, params: memberParams, body: memberReasonBody, response: { 200: memberStatusResponse } } }, async (request) => {
      const staff = requireStaffPrincipal(request);
      const result = await setMemberStatus(context, { memberId: request.params.memberId, status, reason: request.body.reason, actor: `staff:${staff.username}`, actorRole: staff.role, address: request.ip });
      return { success: true, message: status === 'suspended' ? 'ระงับบัญชีแล้ว' : 'เปิดใช้บัญชีแล้ว', data: result };
    });
  }
  routes.post('/admin-api/v1/members/:memberId/sign-out', { schema: { tags: TAGS, params: memberParams, body: memberReasonBody, response: { 200: memberSessionsEndedResponse } } }, async (request) => {
    const staff = requireStaffPrincipal(request);
    const ended = await signMemberOutEverywhere(context, { memberId: request.params.memberId, reason: request.body.reason, actor: `staff:${staff.username}`, actorRole: staff.role, address: request.ip });
    return { success: true, message: 'ออกจากระบบทุกอุปกรณ์แล้ว', data: { sessionsEnded: ended } };
  });
  routes.post('/admin-api/v1/members/:memberId/verify-bank', { schema: { tags: TAGS, params: memberParams, body: memberReasonBody, response: { 200: memberBankVerificationResponse } } }, async (request) => {
    const staff = requireStaffPrincipal(request);
    const result = await confirmBankAccount(context, { memberId: request.params.memberId, reason: request.body.reason, actor: `staff:${staff.username}`, actorRole: staff.role, address: request.ip });
    return { success: true, message: 'ยืนยันบัญชีธนาคารแล้ว สมาชิกถอนเงินเข้าบัญชีนี้ได้', data: { verifiedAt: result.verifiedAt.toISOString(), verifiedBy: result.verifiedBy } };
  });
  routes.post('/admin-api/v1/members/:memberId/reset-password', { schema: { tags: TAGS, params: memberParams, body: memberReasonBody, response: { 200: memberPasswordResetResponse } } }, async (request, reply) => {
    const staff = requireStaffPrincipal(request);
    const result = await resetMemberPassword(context, { memberId: request.params.memberId, reason: request.body.reason, actor: `staff:${staff.username}`, actorRole: staff.role, address: request.ip });
    // The one-time password is in this answer only: no cache may keep it.
    void reply.header('cache-control', 'no-store');
    return { success: true, message: 'ตั้งรหัสผ่านชั่วคราวแล้ว แจ้งสมาชิกครั้งเดียว และให้เปลี่ยนรหัสผ่านหลังเข้าสู่ระบบ', data: result };
  });
}

/** Balance adjustments: requested by one staff member, applied within the role's limit or decided by another. */
function registerAdjustmentRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const toWire = ({ amountSatang, ...view }: AdjustmentView): MemberAdjustmentWire => ({ ...view, amount: satangToBahtNumber(amountSatang) });
  routes.post('/admin-api/v1/members/:memberId/adjustments', {
    schema: { tags: TAGS, params: memberParams, body: adjustmentRequestBody, response: { 200: memberAdjustmentResponse } },
  }, async (request) => {
    const staff = requireStaffPrincipal(request);
    const view = await requestAdjustment(context, { memberId: request.params.memberId, direction: request.body.direction, amountSatang: request.body.amount, reason: request.body.reason, staffId: staff.staffId, actor: `staff:${staff.username}`, actorRole: staff.role, address: request.ip });
    return { success: true, message: view.status === 'applied' ? 'ปรับยอดแล้ว' : 'ส่งขออนุมัติแล้ว รอเจ้าหน้าที่อีกคนอนุมัติ', data: toWire(view) };
  });
  routes.get('/admin-api/v1/adjustments', { schema: { tags: TAGS, response: { 200: pendingAdjustmentsResponse } } }, async () => ({ success: true, message: 'ok', data: (await listPendingAdjustments(context.db)).map(toWire) }));
  for (const decision of ['approve', 'reject'] as const) {
    routes.post(`/admin-api/v1/adjustments/:adjustmentId/${decision}`, {
      schema: { tags: TAGS, params: adjustmentParams, body: adjustmentDecisionBody, response: { 200: memberAdjustmentResponse } },
    }, async (request) => {
      const staff = requireStaffPrincipal(request);
      const view = await decideAdjustment(context, { adjustmentId: request.params.adjustmentId, decision, reason: request.body.reason, staffId: staff.staffId, actorRole: staff.role, address: request.ip });
      return { success: true, message: 'ok', data: toWire(view) };
    });
  }
}

/** Issue 27 §3: the phone of a member who lost it, changed by one staff member and approved by another. */
function registerPhoneChangeRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.post('/admin-api/v1/members/:memberId/phone-change', { schema: { tags: TAGS, params: memberParams, body: staffPhoneChangeRequest, response: { 200: phoneChangeRequestResponse } } }, async (request) => {
    const staff = requireStaffPrincipal(request);
    const data = await requestPhoneChange(context, { memberId: request.params.memberId, newPhoneNumber: request.body.newPhoneNumber, reason: request.body.reason, actor: `staff:${staff.username}`, actorRole: staff.role, address: request.ip });
    return { success: true, message: 'ส่งคำขอเปลี่ยนเบอร์แล้ว รอเจ้าหน้าที่อีกคนอนุมัติ', data };
  });
  routes.get('/admin-api/v1/phone-changes', { schema: { tags: TAGS, querystring: phoneChangesQuery, response: { 200: phoneChangesResponse } } }, async (request) => {
    requireStaffPrincipal(request);
    return { success: true, message: 'ok', data: await listPhoneChanges(context.db, request.query.status) };
  });
  routes.post('/admin-api/v1/phone-changes/:changeId/decide', { schema: { tags: TAGS, params: phoneChangeParams, body: phoneChangeDecisionRequest, response: { 200: phoneChangeRequestResponse } } }, async (request) => {
    const staff = requireStaffPrincipal(request);
    const data = await decidePhoneChange(context, { changeId: request.params.changeId, approve: request.body.approve, note: request.body.note, actor: `staff:${staff.username}`, actorRole: staff.role, address: request.ip });
    return { success: true, message: request.body.approve ? 'เปลี่ยนเบอร์โทรศัพท์ของสมาชิกแล้ว และแจ้งสมาชิกทาง SMS' : 'ปฏิเสธคำขอเปลี่ยนเบอร์แล้ว', data };
  });
}

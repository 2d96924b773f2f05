import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  moneyActionOutcomeResponse,
  moneyApprovalDecisionBody,
  moneyApprovalParams,
  moneyApprovalResponse,
  moneyApprovalsQuery,
  moneyApprovalsResponse,
  roleDailyLimitBody,
  roleDailyLimitsResponse,
  type MoneyApprovalWire,
} from '@sabai/contracts';
import { satangToBahtNumber } from '@sabai/money';
import { inLedgerTransaction } from '@sabai/ledger';
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { requireStaffPrincipal } from '../../plugins/staff-auth.ts';
import type { StaffPrincipal } from '../staff/index.ts';
import { approveMoneyAction, rejectMoneyAction } from './decide-money-action.ts';
import { afterMoneyActionCommitted } from './money-action-handlers.ts';
import { roleApprovesAny, roleMayApprove } from './money-action-policy.ts';
import { listMoneyApprovals, readMoneyApproval, type MoneyApproval } from './money-approval-rows.ts';
import { requestMoneyAction } from './request-money-action.ts';
import { assertRoleLimit, listRoleDailyLimits } from './role-daily-limits.ts';

const TAGS = ['back office: approvals'];

/** A money approval on the wire, with whether `staff` may decide it. */
export function moneyApprovalToWire(approval: MoneyApproval, staff: Pick<StaffPrincipal, 'staffId' | 'role'>): MoneyApprovalWire {
  return {
    approvalId: approval.approvalId, kind: approval.kind, status: approval.status, amount: satangToBahtNumber(approval.amountSatang),
    subjectType: approval.subject.type, subjectId: approval.subject.id, reason: approval.reason, payload: approval.payload,
    requester: approval.requester.username, requesterRole: approval.requester.role, withinLimit: approval.withinLimit,
    decidedBy: approval.decidedBy?.username ?? null, decisionReason: approval.decisionReason,
    createdAt: approval.createdAt.toISOString(), decidedAt: approval.decidedAt?.toISOString() ?? null,
    canDecide: approval.status === 'pending' && approval.requester.staffId !== staff.staffId && roleMayApprove(approval.kind, staff.role),
  };
}

/**
 * The approvals queue (issue 25 §1): pending money requests for approvers, one's own requests for
 * everyone; approve / reject (a second person, never the requester); the roles' daily limits and
 * a request to change one (four-eyes itself).
 */
export function registerApprovalRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get('/admin-api/v1/approvals', { schema: { tags: TAGS, querystring: moneyApprovalsQuery, response: { 200: moneyApprovalsResponse } } }, async (request) => {
    const staff = requireStaffPrincipal(request);
    const mine = request.query.scope === 'mine' || !roleApprovesAny(staff.role);
    const rows = await listMoneyApprovals(context.db, { ...(mine ? { requesterStaffId: staff.staffId } : {}), now: context.now() });
    return { success: true, message: 'ok', data: rows.map((row) => moneyApprovalToWire(row, staff)) };
  });
  for (const decision of ['approve', 'reject'] as const) {
    routes.post(`/admin-api/v1/approvals/:approvalId/${decision}`, {
      schema: { tags: TAGS, params: moneyApprovalParams, body: moneyApprovalDecisionBody, response: { 200: moneyApprovalResponse } },
    }, async (request) => {
      const staff = requireStaffPrincipal(request);
      const approval = await inLedgerTransaction(context.db, async (tx) => {
        const input = { approvalId: request.params.approvalId, approver: { staffId: staff.staffId, role: staff.role }, reason: request.body.reason ?? null, address: request.ip, now: context.now() };
        await (decision === 'approve' ? approveMoneyAction(tx, input) : rejectMoneyAction(tx, input));
        return readMoneyApproval(tx, request.params.approvalId);
      });
      if (decision === 'approve') await afterMoneyActionCommitted(context, approval.kind, { status: approval.status, approvalId: approval.approvalId, ...(approval.result ? { result: approval.result } : {}) });
      return { success: true, message: decision === 'approve' ? 'อนุมัติแล้ว' : 'ปฏิเสธแล้ว', data: moneyApprovalToWire(approval, staff) };
    });
  }
  routes.get('/admin-api/v1/approvals/limits', { schema: { tags: TAGS, response: { 200: roleDailyLimitsResponse } } }, async () => ({
    success: true,
    message: 'ok',
    data: (await listRoleDailyLimits(context.db)).map((row) => ({ role: row.role, limit: satangToBahtNumber(row.limitSatang) })),
  }));
  routes.post('/admin-api/v1/approvals/limits', { schema: { tags: TAGS, body: roleDailyLimitBody, response: { 200: moneyActionOutcomeResponse } } }, async (request) => {
    const staff = requireStaffPrincipal(request);
    const limitSatang = typeof request.body.limit === 'bigint' ? request.body.limit : 0n;
    assertRoleLimit(request.body.role, limitSatang);
    const outcome = await inLedgerTransaction(context.db, (tx) => requestMoneyAction(tx, {
      kind: 'role-limit.set', requester: { staffId: staff.staffId, role: staff.role }, amountSatang: limitSatang,
      subject: { type: 'role', id: request.body.role }, payload: { role: request.body.role, limitSatang: limitSatang.toString() },
      idempotencyKey: `role-limit:${randomUUID()}`, reason: request.body.reason, address: request.ip, now: context.now(),
    }));
    return { success: true, message: 'ส่งขออนุมัติแล้ว รอเจ้าหน้าที่อีกคนอนุมัติ', data: { status: outcome.status, approvalId: outcome.approvalId } };
  });
}

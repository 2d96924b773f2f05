import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminDecisionBody,
  adminListQuery,
  affiliateWithdrawalDecisionParams,
  affiliateWithdrawalDecisionResponse,
  affiliateWithdrawalsQuery,
  affiliateWithdrawalsResponse,
  assignHeldDepositBody,
  gameCaseParams,
  gameCasesQuery,
  gameCasesResponse,
  gameReconciliationQuery,
  gameReconciliationResponse,
  hub88ReconcileDayQuery,
  hub88ReconcileDayResponse,
  hub88RoundQuery,
  hub88RoundResponse,
  heldDepositCreditedResponse,
  heldDepositParams,
  heldDepositRefundResponse,
  heldDepositsResponse,
  refundHeldDepositBody,
  refundCheckBody,
  refundCheckResponse,
  releaseHeldDepositBody,
  resolvedGameCaseResponse,
  resolveGameCaseBody,
  staffJobRunResponse,
  withdrawalDecisionParams,
  withdrawalDecisionResponse,
  withdrawalsQuery,
  withdrawalsResponse,
  type AdminAffiliateWithdrawal,
  type AdminWithdrawal,
} from '@sabai/contracts';
import { satangToBahtNumber } from '@sabai/money';
import type { AppContext } from '../context.ts';
import { requireStaff } from '../plugins/staff-auth.ts';
import { checkHeldDepositRefund, requestHeldDepositCredit, requestHeldDepositRefund, type RefundNameCheck } from './deposits/index.ts';
import { requireStaffPrincipal } from '../plugins/staff-auth.ts';

const refundCheckToWire = ({ amountSatang, ...check }: RefundNameCheck) => ({ ...check, Amount: satangToBahtNumber(amountSatang) });
import { decideWithdrawal } from './withdrawals/index.ts';
import { toWireStatus, payoutFailureText } from './withdrawals/index.ts';
import { gameReconciliationReport } from './play/index.ts';
import { reconcileHub88Day } from './play/index.ts';
import { readHub88Round } from './seamless-hub88/index.ts';
import { AppError } from '../lib/app-error.ts';
import { pullBetRecords } from './play/index.ts';
import { listGameCases } from './play/index.ts';
import { resolveGameCase } from './play/index.ts';
import { requestRewardJobRun } from './rewards/index.ts';
import { decideAffiliateWithdrawal } from './affiliate/index.ts';
import { recordStaffAction } from '../lib/audit.ts';
import { registerFeedSourceRoutes } from './deposits/index.ts';

/**
 * The back-office API for money (`/admin-api/v1/…`): held deposits (list, assign to a member,
 * refund), withdrawals and affiliate income withdrawals above the auto maximum (list, approve,
 * reject with a reason), period jobs. Staff auth: plugins/staff-auth.ts.
 * Every action is audited by its use case.
 */
export function registerAdminRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const TAGS = ['admin'];

  routes.get('/admin-api/v1/deposits/held', { schema: { tags: TAGS, querystring: adminListQuery, response: { 200: heldDepositsResponse } } }, async (request) => {
    requireStaff(context, request);
    const { rows } = await context.db.query<{
      id: string; channel_id: string; amount_satang: bigint; occurred_at: Date; sender_bank_code: string | null;
      sender_account_masked: string | null; sender_phone: string | null; sender_name: string | null; hold_reason: string | null; created_at: Date;
      member_phone: string | null;
    }>(
      `SELECT d.id, d.channel_id, d.amount_satang, d.occurred_at, d.sender_bank_code, d.sender_account_masked, d.sender_phone, d.sender_name, d.hold_reason, d.created_at,
              m.phone_number AS member_phone
       FROM deposits d LEFT JOIN members m ON m.id = d.member_id WHERE d.status = 'held' ORDER BY d.created_at LIMIT $1`,
      [request.query.limit],
    );
    return {
      success: true,
      message: 'ok',
      data: rows.map((row) => ({
        id: row.id,
        channelId: row.channel_id,
        Amount: satangToBahtNumber(row.amount_satang),
        occurredAt: row.occurred_at.toISOString(),
        senderBankCode: row.sender_bank_code,
        senderAccountMasked: row.sender_account_masked,
        senderPhone: row.sender_phone,
        senderName: row.sender_name,
        holdReason: row.hold_reason,
        memberPhoneNumber: row.member_phone,
        createdAt: row.created_at.toISOString(),
      })),
    };
  });

  routes.post('/admin-api/v1/deposits/:depositId/assign', {
    schema: { tags: TAGS, params: heldDepositParams, body: assignHeldDepositBody, response: { 200: heldDepositCreditedResponse } },
  }, async (request) => {
    const staff = requireStaffPrincipal(request);
    const result = await requestHeldDepositCredit(context, { action: 'assign', depositId: request.params.depositId, staffId: staff.staffId, role: staff.role, address: request.ip, memberPhoneNumber: request.body.memberPhoneNumber, ...(request.body.note ? { note: request.body.note } : {}) });
    return { success: true, message: result.status === 'credited' ? 'ok' : 'ส่งขออนุมัติแล้ว รอเจ้าหน้าที่อีกคนอนุมัติ', data: result };
  });

  // Issue 12: a deposit held for the AML review (AML_REVIEW) released to the member it was matched
  // to, credited like an automatic credit; a second release changes nothing.
  routes.post('/admin-api/v1/deposits/:depositId/release', {
    schema: { tags: TAGS, params: heldDepositParams, body: releaseHeldDepositBody, response: { 200: heldDepositCreditedResponse } },
  }, async (request) => {
    const staff = requireStaffPrincipal(request);
    const result = await requestHeldDepositCredit(context, { action: 'release', depositId: request.params.depositId, staffId: staff.staffId, role: staff.role, address: request.ip, note: request.body.note });
    return { success: true, message: result.status === 'credited' ? 'ปล่อยเงินฝากให้สมาชิกแล้ว' : 'ส่งขออนุมัติแล้ว รอเจ้าหน้าที่อีกคนอนุมัติ', data: result };
  });

  // A refund pays the sender back through the payout adapter (refund-held-deposit.ts): the
  // sender's account as the bank statement shows it, checked by name inquiry.
  routes.post('/admin-api/v1/deposits/:depositId/refund', {
    schema: {
      tags: TAGS,
      params: heldDepositParams,
      body: refundHeldDepositBody,
      response: { 200: heldDepositRefundResponse },
    },
  }, async (request) => {
    const staff = requireStaffPrincipal(request);
    const result = await requestHeldDepositRefund(context, { ...request.body, depositId: request.params.depositId, staffId: staff.staffId, role: staff.role, address: request.ip });
    const messages = { refunded: 'คืนเงินให้ผู้โอนแล้ว', held: 'ธนาคารปฏิเสธการโอนคืน รายการกลับไปรอตรวจสอบ', refunding: 'กำลังโอนคืน รอผลจากธนาคาร', pending_approval: 'ส่งขออนุมัติการคืนเงินแล้ว รอเจ้าหน้าที่อีกคนอนุมัติ' };
    return { success: true, message: messages[result.status], data: { ...result, check: refundCheckToWire(result.check) } };
  });
  // Issue 25 §1: the statement's sender name beside the destination's looked-up name, before a refund.
  routes.post('/admin-api/v1/deposits/:depositId/refund-check', {
    schema: { tags: TAGS, params: heldDepositParams, body: refundCheckBody, response: { 200: refundCheckResponse } },
  }, async (request) => ({ success: true, message: 'ok', data: refundCheckToWire(await checkHeldDepositRefund(context, { ...request.body, depositId: request.params.depositId })) }));

  routes.get('/admin-api/v1/withdrawals', {
    schema: { tags: TAGS, querystring: withdrawalsQuery, response: { 200: withdrawalsResponse } },
  }, async (request) => {
    requireStaff(context, request);
    // A work queue (waiting, approved, being paid) oldest first; finished ones (paid, failed,
    // rejected) newest first — the history staff look back through.
    const isQueue = request.query.status === 'pending_approval' || request.query.status === 'approved' || request.query.status === 'paying';
    const { rows } = await context.db.query<{ id: string; member_id: string; phone_number: string; amount_satang: bigint; bank_code: string; account_number: string; account_name: string; status: AdminWithdrawal['status']; created_at: Date; failure_reason: string | null; decision_reason: string | null }>(
      `SELECT w.id, w.member_id, m.phone_number, w.amount_satang, w.bank_code, w.account_number, w.account_name, w.status, w.created_at, w.failure_reason, w.decision_reason
       FROM withdrawals w JOIN members m ON m.id = w.member_id WHERE w.status = $1 ORDER BY w.created_at ${isQueue ? 'ASC' : 'DESC'}, w.id LIMIT $2`,
      [request.query.status, request.query.limit],
    );
    return {
      success: true,
      message: 'ok',
      data: rows.map((row) => ({
        id: row.id,
        memberId: row.member_id,
        phoneNumber: row.phone_number,
        Amount: satangToBahtNumber(row.amount_satang),
        bankCode: row.bank_code,
        accountNumber: row.account_number,
        accountName: row.account_name,
        status: row.status,
        Status: toWireStatus(row.status),
        createdAt: row.created_at.toISOString(),
        reason: row.status === 'failed' ? payoutFailureText(row.failure_reason) : row.status === 'rejected' ? row.decision_reason : null,
      })),
    };
  });

  routes.get('/admin-api/v1/game/reconciliation', { schema: { tags: TAGS, querystring: gameReconciliationQuery, response: { 200: gameReconciliationResponse } } }, async (request) => {
    requireStaff(context, request);
    return { success: true, message: 'ok', data: await gameReconciliationReport(context, request.query) };
  });

  // On demand: a quiet look at each member of the page; differences nothing explains open cases (issue 15).
  routes.post('/admin-api/v1/game/reconciliation/run', { schema: { tags: TAGS, querystring: gameReconciliationQuery, response: { 200: gameReconciliationResponse } } }, async (request) => {
    const staff = requireStaff(context, request);
    const report = await gameReconciliationReport(context, { ...request.query, isRun: true });
    await context.db.transaction((tx) =>
      recordStaffAction(tx, { ...staff, action: 'game_reconciliation.run', subjectType: 'job', subjectId: 'game-reconciliation', details: { ...request.query, withDifference: report.withDifference, unknown: report.unknown } }),
    );
    return { success: true, message: 'ok', data: report };
  });

  // Hub88 sites (docs/adr/0046): a round's details for support, and the day reconciliation on demand.
  routes.get('/admin-api/v1/game/hub88/round', { schema: { tags: TAGS, querystring: hub88RoundQuery, response: { 200: hub88RoundResponse } } }, async (request) => {
    requireStaff(context, request);
    return { success: true, message: 'ok', data: { round: await readHub88Round(context, request.query) } };
  });

  routes.post('/admin-api/v1/game/hub88/reconcile-day', { schema: { tags: TAGS, querystring: hub88ReconcileDayQuery, response: { 200: hub88ReconcileDayResponse } } }, async (request) => {
    const staff = requireStaff(context, request);
    if (context.config.GAME_PARTNER_PROVIDER !== 'hub88') throw new AppError('GAME_PROVIDER_UNAVAILABLE');
    const report = await reconcileHub88Day(context, request.query.day);
    await context.db.transaction((tx) =>
      recordStaffAction(tx, { ...staff, action: 'hub88_reconciliation.run', subjectType: 'job', subjectId: 'hub88-day-reconciliation', details: { ...report } }),
    );
    return { success: true, message: 'ok', data: report };
  });

  routes.get('/admin-api/v1/game/cases', {
    schema: { tags: TAGS, querystring: gameCasesQuery, response: { 200: gameCasesResponse } },
  }, async (request) => {
    requireStaff(context, request);
    const rows = await listGameCases(context.db, request.query);
    return {
      success: true,
      message: 'ok',
      data: rows.map((row) => ({
        id: row.id,
        memberId: row.member_id,
        phoneNumber: row.phone_number,
        status: row.status,
        difference: satangToBahtNumber(row.difference_satang),
        suspense: satangToBahtNumber(row.suspense_satang),
        evidence: row.evidence,
        resolution: row.resolution,
        resolvedBy: row.resolved_by,
        resolutionReason: row.resolution_reason,
        createdAt: row.created_at.toISOString(),
        updatedAt: row.updated_at.toISOString(),
        resolvedAt: row.resolved_at?.toISOString() ?? null,
      })),
    };
  });

  routes.post('/admin-api/v1/game/cases/:caseId/resolve', {
    schema: {
      tags: TAGS,
      params: gameCaseParams,
      body: resolveGameCaseBody,
      response: { 200: resolvedGameCaseResponse },
    },
  }, async (request) => {
    const staff = requireStaff(context, request);
    const result = await resolveGameCase(context, { caseId: request.params.caseId, resolution: request.body.resolution, ...staff, reason: request.body.reason });
    return {
      success: true,
      message: 'ok',
      data: { caseId: result.caseId, status: result.status, partnerMoved: satangToBahtNumber(result.partnerMovedSatang), writtenOff: satangToBahtNumber(result.writtenOffSatang) },
    };
  });

  // Staff can run the scheduled jobs now (each is idempotent; the scheduler runs them anyway).
  // The paying ones (cashback, affiliate) go through the maker-checker policy (issue 25 §1).
  routes.post('/admin-api/v1/jobs/pull-bet-records', { schema: { tags: TAGS, summary: 'Run the pull-bet-records job now', response: { 200: staffJobRunResponse } } }, async (request) => {
    const staff = requireStaff(context, request);
    const count = await pullBetRecords(context);
    await context.db.transaction((tx) => recordStaffAction(tx, { ...staff, action: 'job.pull-bet-records', subjectType: 'job', subjectId: 'pull-bet-records', details: { count } }));
    return { success: true, message: 'ok', data: { job: 'pull-bet-records', count } };
  });
  for (const name of ['cashback', 'affiliate'] as const) {
    routes.post(`/admin-api/v1/jobs/${name}`, { schema: { tags: TAGS, summary: `Run the ${name} job now (maker-checker on its payout)`, response: { 200: staffJobRunResponse } } }, async (request) => {
      const staff = requireStaff(context, request);
      const principal = requireStaffPrincipal(request);
      const run = await requestRewardJobRun(context, { job: name, staffId: principal.staffId, role: principal.role, address: request.ip });
      await context.db.transaction((tx) => recordStaffAction(tx, { ...staff, action: `job.${name}`, subjectType: 'job', subjectId: name, details: { count: run.count, status: run.status, approvalId: run.approvalId, totalSatang: run.totalSatang } }));
      const message = run.status === 'pending' ? 'รอผู้อนุมัติคนที่สอง' : 'ok';
      return { success: true, message, data: { job: name, count: run.count, status: run.status, approvalId: run.approvalId, total: satangToBahtNumber(run.totalSatang) } };
    });
  }

  for (const decision of ['approve', 'reject'] as const) {
    routes.post(`/admin-api/v1/withdrawals/:withdrawalId/${decision}`, {
      schema: { tags: TAGS, params: withdrawalDecisionParams, body: adminDecisionBody, response: { 200: withdrawalDecisionResponse } },
    }, async (request) => {
      const staff = requireStaff(context, request);
      const result = await decideWithdrawal(context, { withdrawalId: request.params.withdrawalId, decision, ...staff, reason: request.body?.reason });
      return { success: true, message: decisionMessage(result), data: result };
    });
  }

  routes.get('/admin-api/v1/affiliate-withdrawals', {
    schema: { tags: TAGS, querystring: affiliateWithdrawalsQuery, response: { 200: affiliateWithdrawalsResponse } },
  }, async (request) => {
    requireStaff(context, request);
    const { rows } = await context.db.query<{ id: string; member_id: string; phone_number: string; amount_satang: bigint; status: AdminAffiliateWithdrawal['status']; created_at: Date; decided_by: string | null; decision_reason: string | null }>(
      // The waiting queue oldest first; decided ones newest first (as the withdrawals list).
      `SELECT w.id, w.member_id, m.phone_number, w.amount_satang, w.status, w.created_at, w.decided_by, w.decision_reason
       FROM affiliate_withdrawals w JOIN members m ON m.id = w.member_id WHERE w.status = $1
       ORDER BY w.created_at ${request.query.status === 'pending_approval' ? 'ASC' : 'DESC'}, w.id LIMIT $2`,
      [request.query.status, request.query.limit],
    );
    return {
      success: true,
      message: 'ok',
      data: rows.map((row) => ({
        id: row.id,
        memberId: row.member_id,
        phoneNumber: row.phone_number,
        Amount: satangToBahtNumber(row.amount_satang),
        status: row.status,
        createdAt: row.created_at.toISOString(),
        decidedBy: row.decided_by,
        reason: row.decision_reason,
      })),
    };
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

  // Bank-feed sources: health and silence alarm, secret rotation, monitoring (docs/adr/0013).
  registerFeedSourceRoutes(app, context);
}

/** What the staff member reads after a decision: an approval whose payout failed says so at once, with the bank's reason (issue 25 §2). */
function decisionMessage(result: { status: string; failureReason?: string | null }): string {
  if (result.status === 'failed') return `อนุมัติแล้ว แต่ธนาคารโอนไม่สำเร็จ: ${result.failureReason ?? 'ไม่ทราบเหตุผล'} เงินคืนเข้ากระเป๋าหลักของสมาชิก ดูที่รายการโอนไม่สำเร็จ`;
  if (result.status === 'paid') return 'อนุมัติแล้ว โอนสำเร็จ';
  if (result.status === 'rejected') return 'ปฏิเสธแล้ว คืนเงินให้สมาชิก';
  if (result.status === 'awaiting_payout') return 'อนุมัติแล้ว รอเจ้าหน้าที่โอน';
  return 'อนุมัติแล้ว กำลังโอน รอผลจากธนาคาร';
}

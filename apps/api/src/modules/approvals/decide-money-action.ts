import type { Queryable } from '@sabai/db';
import { AppError } from '../../lib/app-error.ts';
import { recordStaffAction } from '../../lib/audit.ts';
import type { StaffRole } from '../staff/index.ts';
import { moneyActionRejectHandler } from './money-action-handlers.ts';
import { roleMayApprove } from './money-action-policy.ts';
import { readMoneyApproval, staffUsername, type MoneyApproval } from './money-approval-rows.ts';
import { executeMoneyAction, outcomeOf, type MoneyActionOutcome } from './request-money-action.ts';

export interface MoneyActionDecision {
  approvalId: string;
  approver: { staffId: string; role: StaffRole };
  /** Required to reject; optional to approve. */
  reason?: string | null;
  address?: string | null;
  now?: Date;
}

/** Locks the request and checks the second person: pending, not the requester, role allowed to approve the kind. */
async function lockForDecision(tx: Queryable, input: MoneyActionDecision): Promise<MoneyApproval> {
  const approval = await readMoneyApproval(tx, input.approvalId, { forUpdate: true });
  if (approval.requester.staffId === input.approver.staffId) {
    throw new AppError('STAFF_FORBIDDEN', { message: 'ผู้ขออนุมัติรายการของตนเองไม่ได้ ต้องเป็นเจ้าหน้าที่อีกคน' });
  }
  if (!roleMayApprove(approval.kind, input.approver.role)) throw new AppError('STAFF_FORBIDDEN');
  return approval;
}

/**
 * A second staff member approves a pending money request (four-eyes, issue 25 §1): never the
 * requester, only a role the policy allows for the kind. The kind's handler executes it inside
 * this transaction; two approvals at once execute it once (the row is locked; the later one gets
 * STATE_CONFLICT). Audited with both names.
 * @throws AppError NOT_FOUND, STAFF_FORBIDDEN, STATE_CONFLICT (decided already), and the handler's errors (the request stays pending).
 */
export async function approveMoneyAction(tx: Queryable, input: MoneyActionDecision): Promise<MoneyActionOutcome> {
  const approval = await lockForDecision(tx, input);
  if (approval.status !== 'pending') throw new AppError('STATE_CONFLICT');
  const now = input.now ?? new Date();
  const username = await staffUsername(tx, input.approver.staffId);
  await tx.query(
    `UPDATE money_approvals SET decided_by_staff_id = $2, decided_role = $3, decision_reason = $4, decided_at = $5 WHERE id = $1`,
    [input.approvalId, input.approver.staffId, input.approver.role, input.reason?.trim() || null, now],
  );
  await executeMoneyAction(tx, input.approvalId, { staffId: input.approver.staffId, role: input.approver.role, username }, now);
  await recordStaffAction(tx, {
    actor: `staff:${username}`, actorRole: input.approver.role, action: 'money-action.approve', subjectType: approval.subject.type, subjectId: approval.subject.id,
    reason: input.reason?.trim() || null, address: input.address ?? null,
    details: { approvalId: input.approvalId, kind: approval.kind, amountSatang: approval.amountSatang, requester: approval.requester.username, approver: username },
  });
  return outcomeOf(await readMoneyApproval(tx, input.approvalId));
}

/**
 * A second staff member rejects a pending money request, with a reason: nothing moves. Same
 * checks as approval. Audited with both names.
 * @throws AppError NOT_FOUND, STAFF_FORBIDDEN, STATE_CONFLICT, VALIDATION_FAILED (no reason).
 */
export async function rejectMoneyAction(tx: Queryable, input: MoneyActionDecision): Promise<MoneyActionOutcome> {
  const reason = input.reason?.trim() ?? '';
  if (reason.length === 0) throw new AppError('VALIDATION_FAILED', { message: 'กรุณาระบุเหตุผลที่ปฏิเสธ' });
  const approval = await lockForDecision(tx, input);
  if (approval.status !== 'pending') throw new AppError('STATE_CONFLICT');
  const username = await staffUsername(tx, input.approver.staffId);
  await tx.query(
    `UPDATE money_approvals SET status = 'rejected', decided_by_staff_id = $2, decided_role = $3, decision_reason = $4, decided_at = $5 WHERE id = $1`,
    [input.approvalId, input.approver.staffId, input.approver.role, reason, input.now ?? new Date()],
  );
  const onReject = moneyActionRejectHandler(approval.kind);
  if (onReject) {
    await onReject(tx, {
      approvalId: approval.approvalId, kind: approval.kind, amountSatang: approval.amountSatang, subject: approval.subject, payload: approval.payload,
      requester: approval.requester, rejectedBy: { staffId: input.approver.staffId, role: input.approver.role, username }, reason, now: input.now ?? new Date(),
    });
  }
  await recordStaffAction(tx, {
    actor: `staff:${username}`, actorRole: input.approver.role, action: 'money-action.reject', subjectType: approval.subject.type, subjectId: approval.subject.id,
    reason, address: input.address ?? null,
    details: { approvalId: input.approvalId, kind: approval.kind, amountSatang: approval.amountSatang, requester: approval.requester.username, approver: username },
  });
  return outcomeOf(await readMoneyApproval(tx, input.approvalId));
}

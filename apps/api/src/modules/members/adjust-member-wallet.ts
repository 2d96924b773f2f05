import { HOUSE_ACCOUNTS, expectPosted, inLedgerTransaction, postTransfer, requireAccountId, requireMemberAccountId } from '@sabai/ledger';
import type { Queryable } from '@sabai/db';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { newPrefixedId } from '../../lib/ids.ts';
import { recordStaffAction } from '../../lib/audit.ts';
import { notifyBalanceChanged } from '../../lib/balance-notifications.ts';
import type { StaffRole } from '../staff/index.ts';
import { approveMoneyAction, findMoneyApprovalByKey, registerMoneyActionHandler, rejectMoneyAction, requestMoneyAction, type MoneyActionHandler, type MoneyActionRejectHandler } from '../approvals/index.ts';

export interface AdjustmentView {
  adjustmentId: string;
  memberId: string;
  direction: 'credit' | 'debit';
  amountSatang: bigint;
  status: 'pending_approval' | 'applied' | 'rejected';
  requestedBy: string;
  decidedBy: string | null;
}

/**
 * Staff adjust a member's main wallet (issue 11 "Members": "manual adjustment with a reason"), in
 * satang, with a reason, under the maker-checker policy (issue 25 §1, docs/adr/0048): a money
 * action 'adjustment.credit' / 'adjustment.debit' of the approvals module. Within the requester's
 * role daily limit (their lone actions today, this one included; 0 by default) it applies at
 * once; otherwise it waits for a second staff member (decideAdjustment or the approvals queue).
 * Applied as ADJUSTMENT house:expense:adjustment → member main (credit) or the reverse (debit:
 * never below zero, the ledger refuses). Audited.
 * @throws AppError VALIDATION_FAILED, NOT_FOUND, INSUFFICIENT_BALANCE, STAFF_FORBIDDEN.
 */
export async function requestAdjustment(
  context: AppContext,
  input: { memberId: string; direction: 'credit' | 'debit'; amountSatang: bigint; reason: string; staffId: string; actor: string; actorRole: StaffRole; address: string | null },
): Promise<AdjustmentView> {
  const reason = input.reason.trim();
  if (reason.length < 3) throw new AppError('VALIDATION_FAILED', { message: 'กรุณาระบุเหตุผลการปรับยอด' });
  if (input.amountSatang <= 0n) throw new AppError('INVALID_AMOUNT');
  return inLedgerTransaction(context.db, async (tx) => {
    const member = await tx.query('SELECT 1 FROM members WHERE id = $1', [input.memberId]);
    if (member.rowCount === 0) throw new AppError('NOT_FOUND');
    const adjustmentId = newPrefixedId('adj');
    await tx.query(
      `INSERT INTO member_adjustments (id, member_id, direction, amount_satang, reason, requested_by, status) VALUES ($1, $2, $3, $4, $5, $6, 'pending_approval')`,
      [adjustmentId, input.memberId, input.direction, input.amountSatang, reason, input.actor],
    );
    await recordStaffAction(tx, {
      actor: input.actor, actorRole: input.actorRole, action: 'adjustment.request', subjectType: 'member', subjectId: input.memberId, reason, address: input.address,
      details: { adjustmentId, direction: input.direction, amountSatang: input.amountSatang },
    });
    await requestMoneyAction(tx, {
      kind: input.direction === 'credit' ? 'adjustment.credit' : 'adjustment.debit', requester: { staffId: input.staffId, role: input.actorRole },
      amountSatang: input.amountSatang, subject: { type: 'member', id: input.memberId }, payload: { adjustmentId, direction: input.direction },
      idempotencyKey: adjustmentApprovalKey(adjustmentId), reason, address: input.address, now: context.now(),
    });
    return readAdjustment(tx, adjustmentId);
  });
}

const adjustmentApprovalKey = (adjustmentId: string) => `adjustment:${adjustmentId}`;

/**
 * A second staff member approves or rejects a waiting adjustment (four-eyes, through the
 * approvals module): never the one who asked, only a role allowed to approve adjustments. Two
 * approvals at once apply it once (the approval row is locked; the ledger key is the
 * adjustment's). Audited with both names.
 * @throws AppError NOT_FOUND, STATE_CONFLICT (decided already), STAFF_FORBIDDEN (own request, role), INSUFFICIENT_BALANCE.
 */
export async function decideAdjustment(
  context: AppContext,
  input: { adjustmentId: string; decision: 'approve' | 'reject'; reason?: string; staffId: string; actorRole: StaffRole; address: string | null },
): Promise<AdjustmentView> {
  return inLedgerTransaction(context.db, async (tx) => {
    const approval = await findMoneyApprovalByKey(tx, adjustmentApprovalKey(input.adjustmentId));
    if (!approval) throw new AppError('NOT_FOUND');
    const decision = { approvalId: approval.approvalId, approver: { staffId: input.staffId, role: input.actorRole }, reason: input.reason ?? null, address: input.address, now: context.now() };
    if (input.decision === 'approve') await approveMoneyAction(tx, decision);
    else await rejectMoneyAction(tx, decision);
    return readAdjustment(tx, input.adjustmentId);
  });
}

/** The approvals module's handler of 'adjustment.credit' / 'adjustment.debit': applies the adjustment once (ledger key `adjustment:<id>`). */
const executeAdjustment: MoneyActionHandler = async (tx, action) => {
  const adjustmentId = String(action.payload.adjustmentId);
  await applyAdjustment(tx, adjustmentId, { decidedBy: `staff:${action.executedBy.username}`, now: action.now });
  return { adjustmentId };
};

const rejectAdjustment: MoneyActionRejectHandler = async (tx, action) => {
  await tx.query(
    `UPDATE member_adjustments SET status = 'rejected', decided_by = $2, decision_reason = $3, decided_at = $4 WHERE id = $1 AND status = 'pending_approval'`,
    [String(action.payload.adjustmentId), `staff:${action.rejectedBy.username}`, action.reason, action.now],
  );
};

registerMoneyActionHandler('adjustment.credit', executeAdjustment, { onReject: rejectAdjustment });
registerMoneyActionHandler('adjustment.debit', executeAdjustment, { onReject: rejectAdjustment });

async function applyAdjustment(tx: Queryable, adjustmentId: string, input: { decidedBy: string; now: Date }): Promise<void> {
  const { rows } = await tx.query<{ member_id: string; direction: 'credit' | 'debit'; amount_satang: bigint; status: string }>('SELECT member_id, direction, amount_satang, status FROM member_adjustments WHERE id = $1 FOR UPDATE', [adjustmentId]);
  const adjustment = rows[0];
  if (!adjustment) throw new AppError('NOT_FOUND');
  if (adjustment.status !== 'pending_approval') throw new AppError('STATE_CONFLICT');
  const main = await requireMemberAccountId(tx, adjustment.member_id, 'main');
  const house = await requireAccountId(tx, HOUSE_ACCOUNTS.adjustmentExpense);
  const outcome = await postTransfer(tx, {
    idempotencyKey: `adjustment:${adjustmentId}`,
    code: 'ADJUSTMENT',
    debitAccountId: adjustment.direction === 'credit' ? house : main,
    creditAccountId: adjustment.direction === 'credit' ? main : house,
    amountSatang: adjustment.amount_satang,
    source: { type: 'member_adjustment', id: adjustmentId },
  });
  if (outcome.status === 'refused') throw new AppError('INSUFFICIENT_BALANCE');
  const transferId = expectPosted(outcome);
  await tx.query(`UPDATE member_adjustments SET status = 'applied', decided_by = $2, decided_at = $3, transfer_id = $4 WHERE id = $1`, [adjustmentId, input.decidedBy, input.now, transferId]);
  await notifyBalanceChanged(tx, adjustment.member_id, 'adjustment');
}

async function readAdjustment(tx: Queryable, adjustmentId: string): Promise<AdjustmentView> {
  const { rows } = await tx.query<{ id: string; member_id: string; direction: 'credit' | 'debit'; amount_satang: bigint; status: AdjustmentView['status']; requested_by: string; decided_by: string | null }>(
    'SELECT id, member_id, direction, amount_satang, status, requested_by, decided_by FROM member_adjustments WHERE id = $1',
    [adjustmentId],
  );
  const row = rows[0]!;
  return { adjustmentId: row.id, memberId: row.member_id, direction: row.direction, amountSatang: row.amount_satang, status: row.status, requestedBy: row.requested_by, decidedBy: row.decided_by };
}

/** Adjustments waiting for a second approval, oldest first. */
export async function listPendingAdjustments(db: Queryable): Promise<AdjustmentView[]> {
  const { rows } = await db.query<{ id: string }>(`SELECT id FROM member_adjustments WHERE status = 'pending_approval' ORDER BY created_at LIMIT 200`);
  return Promise.all(rows.map((row) => readAdjustment(db, row.id)));
}

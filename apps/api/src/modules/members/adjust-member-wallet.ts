import { HOUSE_ACCOUNTS, expectPosted, inLedgerTransaction, postTransfer, requireAccountId, requireMemberAccountId } from '@sabai/ledger';
import type { Queryable } from '@sabai/db';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { newPrefixedId } from '../../lib/ids.ts';
import { recordStaffAction } from '../../lib/audit.ts';
import { notifyBalanceChanged } from '../../lib/balance-notifications.ts';

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
 * satang, with a reason. Up to ADJUSTMENT_SECOND_APPROVAL_ABOVE_SATANG it applies at once; above,
 * it waits for a second staff member (four-eyes, approveAdjustment). Applied as ADJUSTMENT
 * house:expense:adjustment → member main (credit) or the reverse (debit: never below zero, the
 * ledger refuses). Audited. @throws AppError VALIDATION_FAILED, NOT_FOUND, INSUFFICIENT_BALANCE.
 */
export async function requestAdjustment(
  context: AppContext,
  input: { memberId: string; direction: 'credit' | 'debit'; amountSatang: bigint; reason: string; actor: string; actorRole: string; address: string | null },
): Promise<AdjustmentView> {
  const reason = input.reason.trim();
  if (reason.length < 3) throw new AppError('VALIDATION_FAILED', { message: 'กรุณาระบุเหตุผลการปรับยอด' });
  if (input.amountSatang <= 0n) throw new AppError('INVALID_AMOUNT');
  const needsSecondApproval = input.amountSatang > context.config.ADJUSTMENT_SECOND_APPROVAL_ABOVE_SATANG;
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
      details: { adjustmentId, direction: input.direction, amountSatang: input.amountSatang, needsSecondApproval },
    });
    if (!needsSecondApproval) await applyAdjustment(tx, adjustmentId, { decidedBy: input.actor, now: context.now() });
    return readAdjustment(tx, adjustmentId);
  });
}

/**
 * A second staff member approves a waiting adjustment (four-eyes): never the one who asked. Two
 * approvals at once apply it once (the row is locked; the ledger key is the adjustment's). Audited.
 * @throws AppError NOT_FOUND, STATE_CONFLICT (decided already), STAFF_FORBIDDEN (own request), INSUFFICIENT_BALANCE.
 */
export async function decideAdjustment(
  context: AppContext,
  input: { adjustmentId: string; decision: 'approve' | 'reject'; reason?: string; actor: string; actorRole: string; address: string | null },
): Promise<AdjustmentView> {
  return inLedgerTransaction(context.db, async (tx) => {
    const { rows } = await tx.query<{ member_id: string; requested_by: string; status: string }>('SELECT member_id, requested_by, status FROM member_adjustments WHERE id = $1 FOR UPDATE', [input.adjustmentId]);
    const adjustment = rows[0];
    if (!adjustment) throw new AppError('NOT_FOUND');
    if (adjustment.status !== 'pending_approval') throw new AppError('STATE_CONFLICT');
    if (adjustment.requested_by === input.actor) throw new AppError('STAFF_FORBIDDEN', { message: 'ผู้ขอปรับยอดอนุมัติรายการของตนเองไม่ได้ ต้องเป็นเจ้าหน้าที่อีกคน' });
    if (input.decision === 'approve') {
      await applyAdjustment(tx, input.adjustmentId, { decidedBy: input.actor, now: context.now() });
    } else {
      if (!input.reason?.trim()) throw new AppError('VALIDATION_FAILED', { message: 'กรุณาระบุเหตุผลที่ปฏิเสธ' });
      await tx.query(`UPDATE member_adjustments SET status = 'rejected', decided_by = $2, decision_reason = $3, decided_at = $4 WHERE id = $1`, [input.adjustmentId, input.actor, input.reason.trim(), context.now()]);
    }
    await recordStaffAction(tx, {
      actor: input.actor, actorRole: input.actorRole, action: `adjustment.${input.decision}`, subjectType: 'member', subjectId: adjustment.member_id,
      reason: input.reason?.trim() || null, address: input.address, details: { adjustmentId: input.adjustmentId },
    });
    return readAdjustment(tx, input.adjustmentId);
  });
}

async function applyAdjustment(tx: Queryable, adjustmentId: string, input: { decidedBy: string; now: Date }): Promise<void> {
  const { rows } = await tx.query<{ member_id: string; direction: 'credit' | 'debit'; amount_satang: bigint }>('SELECT member_id, direction, amount_satang FROM member_adjustments WHERE id = $1', [adjustmentId]);
  const adjustment = rows[0]!;
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

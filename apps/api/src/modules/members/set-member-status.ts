import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordStaffAction } from '../../lib/audit.ts';
import { notifySessionsEnded } from '../../lib/balance-notifications.ts';

/**
 * Support suspends or reactivates a member (issue 11 "Members"), with a required reason. A
 * suspended member's sessions end at once (their open event streams close); their next sign-in
 * gets ACCOUNT_SUSPENDED ("บัญชีนี้ถูกระงับ กรุณาติดต่อเจ้าหน้าที่") and no money call is
 * accepted. Money already in flight (a payout) settles as usual. Audited with before / after.
 * @throws AppError NOT_FOUND, STATE_CONFLICT (already in that state), VALIDATION_FAILED (no reason).
 */
export async function setMemberStatus(
  context: AppContext,
  input: { memberId: string; status: 'active' | 'suspended'; reason: string; actor: string; actorRole: string; address: string | null },
): Promise<{ status: 'active' | 'suspended' }> {
  const reason = input.reason.trim();
  if (!reason) throw new AppError('VALIDATION_FAILED', { message: 'กรุณาระบุเหตุผล' });
  return context.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ status: string }>('SELECT status FROM members WHERE id = $1 FOR UPDATE', [input.memberId]);
    const before = rows[0]?.status;
    if (!before) throw new AppError('NOT_FOUND');
    if (before === input.status) throw new AppError('STATE_CONFLICT');
    await tx.query('UPDATE members SET status = $2 WHERE id = $1', [input.memberId, input.status]);
    if (input.status === 'suspended') {
      await tx.query(`UPDATE member_sessions SET revoked_at = $2, revoked_reason = 'staff' WHERE member_id = $1 AND revoked_at IS NULL`, [input.memberId, context.now()]);
      await notifySessionsEnded(tx, input.memberId);
    }
    await recordStaffAction(tx, {
      actor: input.actor,
      actorRole: input.actorRole,
      action: input.status === 'suspended' ? 'member.suspend' : 'member.reactivate',
      subjectType: 'member',
      subjectId: input.memberId,
      reason,
      address: input.address,
      before: { status: before },
      after: { status: input.status },
    });
    return { status: input.status };
  });
}

/** Support signs a member out everywhere (a lost phone): every session ends. Audited. @returns how many ended. */
export async function signMemberOutEverywhere(
  context: AppContext,
  input: { memberId: string; reason: string; actor: string; actorRole: string; address: string | null },
): Promise<number> {
  if (!input.reason.trim()) throw new AppError('VALIDATION_FAILED', { message: 'กรุณาระบุเหตุผล' });
  return context.db.transaction(async (tx) => {
    const exists = await tx.query('SELECT 1 FROM members WHERE id = $1', [input.memberId]);
    if (exists.rowCount === 0) throw new AppError('NOT_FOUND');
    const ended = await tx.query(`UPDATE member_sessions SET revoked_at = $2, revoked_reason = 'staff' WHERE member_id = $1 AND revoked_at IS NULL`, [input.memberId, context.now()]);
    await notifySessionsEnded(tx, input.memberId);
    await recordStaffAction(tx, { actor: input.actor, actorRole: input.actorRole, action: 'member.sign_out_everywhere', subjectType: 'member', subjectId: input.memberId, reason: input.reason.trim(), address: input.address, details: { sessions: ended.rowCount } });
    return ended.rowCount;
  });
}

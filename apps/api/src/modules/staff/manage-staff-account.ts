import type { Queryable } from '@sabai/db';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword } from '../../lib/password.ts';
import { recordStaffAction } from '../../lib/audit.ts';
import { newOneTimePassword } from './create-staff-account.ts';
import { revokeAllStaffSessions } from './staff-sessions.ts';
import type { StaffRole } from './staff-roles.ts';
import { newTotpSecret } from './totp.ts';

interface StaffActor {
  /** The owner acting (`staff:<username>`) and their own account id. */
  actor: string;
  actorStaffId: string;
  actorRole: string;
  address: string | null;
  reason: string;
  now: Date;
}

interface AccountRow {
  id: string;
  username: string;
  role: StaffRole;
  status: 'active' | 'disabled';
  totp_enrolled_at: Date | null;
  must_change_password: boolean;
  created_at: Date;
}

/** A staff account as the staff screen lists it (contracts `staffAccountRow`). */
export interface StaffAccountView {
  id: string;
  username: string;
  role: StaffRole;
  status: 'active' | 'disabled';
  totpEnrolled: boolean;
  mustChangePassword: boolean;
  createdAt: string;
}

const toView = (row: AccountRow): StaffAccountView => ({
  id: row.id,
  username: row.username,
  role: row.role,
  status: row.status,
  totpEnrolled: row.totp_enrolled_at !== null,
  mustChangePassword: row.must_change_password,
  createdAt: row.created_at.toISOString(),
});

/**
 * Locks the target account, and every active owner first (one order: owners by id, then the
 * target), so two owners demoting each other at once cannot both pass the "one active owner is
 * left" check. @throws AppError NOT_FOUND, STATE_CONFLICT (the owner's own account).
 */
async function lockTarget(tx: Queryable, staffId: string, actorStaffId: string): Promise<AccountRow> {
  if (staffId === actorStaffId) throw new AppError('STATE_CONFLICT', { message: 'เปลี่ยนบัญชีของตัวเองจากหน้านี้ไม่ได้ ให้เจ้าของอีกคนทำ' });
  await tx.query(`SELECT id FROM staff_accounts WHERE role = 'owner' AND status = 'active' ORDER BY id FOR UPDATE`);
  const { rows } = await tx.query<AccountRow>(
    'SELECT id, username, role, status, totp_enrolled_at, must_change_password, created_at FROM staff_accounts WHERE id = $1 FOR UPDATE',
    [staffId],
  );
  if (!rows[0]) throw new AppError('NOT_FOUND', { message: 'ไม่พบบัญชีเจ้าหน้าที่' });
  return rows[0];
}

/**
 * Changes a staff account's role and / or status (issue 11 "staff management", owner only), in the
 * caller's transaction, audited with before / after and the reason. A disabled account's sessions
 * end at once; a role change takes effect on the account's next call (the guard reads the role on
 * every request). The last active owner can be neither demoted nor disabled, and an owner cannot
 * change their own account here.
 * @throws AppError NOT_FOUND, STATE_CONFLICT (own account, last owner), VALIDATION_FAILED (no change, no reason).
 */
export async function changeStaffAccount(
  tx: Queryable,
  input: StaffActor & { staffId: string; change: { role?: StaffRole | undefined; status?: 'active' | 'disabled' | undefined } },
): Promise<StaffAccountView> {
  if (!input.reason.trim()) throw new AppError('VALIDATION_FAILED', { message: 'กรุณาระบุเหตุผล' });
  const before = await lockTarget(tx, input.staffId, input.actorStaffId);
  const after: AccountRow = { ...before, role: input.change.role ?? before.role, status: input.change.status ?? before.status };
  if (after.role === before.role && after.status === before.status) throw new AppError('VALIDATION_FAILED', { message: 'ไม่มีการเปลี่ยนแปลง' });
  const wasActiveOwner = before.role === 'owner' && before.status === 'active';
  const staysActiveOwner = after.role === 'owner' && after.status === 'active';
  if (wasActiveOwner && !staysActiveOwner) {
    const { rows } = await tx.query<{ count: bigint }>(`SELECT count(*) AS count FROM staff_accounts WHERE role = 'owner' AND status = 'active' AND id <> $1`, [before.id]);
    if ((rows[0]?.count ?? 0n) === 0n) throw new AppError('STATE_CONFLICT', { message: 'ต้องมีเจ้าของที่ใช้งานอยู่อย่างน้อยหนึ่งบัญชี' });
  }
  await tx.query('UPDATE staff_accounts SET role = $2, status = $3, updated_at = $4 WHERE id = $1', [before.id, after.role, after.status, input.now]);
  if (after.status === 'disabled' && before.status === 'active') await revokeAllStaffSessions(tx, before.id, input.now);
  await recordStaffAction(tx, {
    actor: input.actor,
    actorRole: input.actorRole,
    action: 'staff.update',
    subjectType: 'staff',
    subjectId: before.id,
    address: input.address,
    reason: input.reason.trim(),
    before: { role: before.role, status: before.status },
    after: { role: after.role, status: after.status },
  });
  return toView(after);
}

/**
 * Resets a staff member's credentials (a lost phone or password; owner only): a new one-time
 * password (returned once, stored hashed), the authenticator enrolled again at the next sign-in
 * (new secret, not enrolled), the password to be changed, the lockout cleared and every session
 * ended. Audited without the password. @throws AppError NOT_FOUND, STATE_CONFLICT (own account).
 */
export async function resetStaffCredentials(tx: Queryable, input: StaffActor & { staffId: string }): Promise<{ username: string; oneTimePassword: string }> {
  if (!input.reason.trim()) throw new AppError('VALIDATION_FAILED', { message: 'กรุณาระบุเหตุผล' });
  const account = await lockTarget(tx, input.staffId, input.actorStaffId);
  const oneTimePassword = newOneTimePassword();
  await tx.query(
    `UPDATE staff_accounts SET password_hash = $2, must_change_password = true, totp_secret = $3, totp_enrolled_at = NULL, totp_last_step = NULL,
       failed_attempts = 0, locked_until = NULL, updated_at = $4 WHERE id = $1`,
    [account.id, await hashPassword(oneTimePassword), newTotpSecret(), input.now],
  );
  await revokeAllStaffSessions(tx, account.id, input.now);
  await recordStaffAction(tx, {
    actor: input.actor,
    actorRole: input.actorRole,
    action: 'staff.reset_credentials',
    subjectType: 'staff',
    subjectId: account.id,
    address: input.address,
    reason: input.reason.trim(),
    after: { mustChangePassword: true, totpEnrolled: false },
  });
  return { username: account.username, oneTimePassword };
}

import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { isCommonPassword } from '../../lib/common-passwords.ts';
import { recordStaffAction } from '../../lib/audit.ts';
import type { StaffPrincipal } from './staff-sessions.ts';

/** Staff passwords: at least 12 characters, not a common password (NIST SP 800-63B §5.1.1). */
export const STAFF_MIN_PASSWORD_LENGTH = 12;

/**
 * A staff member sets their own password (`POST /admin-api/v1/auth/password`): required after a
 * one-time password. Other sessions of theirs end; this one stays. Audited.
 * A wrong current password is STAFF_WRONG_CURRENT_PASSWORD (400, field `currentPassword`), never a
 * 401: the client must not read it as the end of the session (issue 25 §4); the session stays.
 * @throws AppError STAFF_WRONG_CURRENT_PASSWORD, VALIDATION_FAILED (weak), SAME_PASSWORD.
 */
export async function changeStaffPassword(
  context: AppContext,
  staff: StaffPrincipal,
  input: { currentPassword: string; newPassword: string; address: string | null },
): Promise<void> {
  if (input.newPassword.length < STAFF_MIN_PASSWORD_LENGTH || input.newPassword.length > 200 || isCommonPassword(input.newPassword)) {
    throw new AppError('VALIDATION_FAILED', { message: `รหัสผ่านต้องยาวอย่างน้อย ${STAFF_MIN_PASSWORD_LENGTH} ตัวและไม่ใช่รหัสผ่านที่พบบ่อย` });
  }
  if (input.newPassword === input.currentPassword) throw new AppError('SAME_PASSWORD');
  const { rows } = await context.db.query<{ password_hash: string }>('SELECT password_hash FROM staff_accounts WHERE id = $1', [staff.staffId]);
  if (!rows[0] || !(await verifyPassword(rows[0].password_hash, input.currentPassword))) throw new AppError('STAFF_WRONG_CURRENT_PASSWORD', { field: 'currentPassword' });
  const passwordHash = await hashPassword(input.newPassword);
  const now = context.now();
  await context.db.transaction(async (tx) => {
    await tx.query('UPDATE staff_accounts SET password_hash = $2, must_change_password = false, updated_at = $3 WHERE id = $1', [staff.staffId, passwordHash, now]);
    await tx.query('UPDATE staff_sessions SET revoked_at = $3 WHERE staff_id = $1 AND token_hash <> $2 AND revoked_at IS NULL', [staff.staffId, staff.sessionHash, now]);
    await recordStaffAction(tx, { actor: `staff:${staff.username}`, actorRole: staff.role, action: 'staff.change_password', subjectType: 'staff', subjectId: staff.staffId, address: input.address });
  });
}

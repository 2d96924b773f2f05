import { randomBytes } from 'node:crypto';
import { postgresErrorCode, type Queryable } from '@sabai/db';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword } from '../../lib/password.ts';
import { newPrefixedId } from '../../lib/ids.ts';
import { recordStaffAction } from '../../lib/audit.ts';
import { isStaffRole, type StaffRole } from './staff-roles.ts';
import { newTotpSecret, totpEnrolmentUri } from './totp.ts';

export const STAFF_USERNAME_PATTERN = /^[a-z0-9._-]{3,32}$/;

/** A one-time password: 18 random bytes, base64url (24 characters). Shown once; must be changed. */
export const newOneTimePassword = (): string => randomBytes(18).toString('base64url');

/**
 * Creates a staff account with a one-time password and a TOTP secret to enrol (issue 11): the
 * owner's staff screen, and `npm run staff:create` for the first owner. The account signs in
 * with it, proves a code from its authenticator (enrolment) and must set its own password before
 * anything else. Audited.
 * @returns the account id, the one-time password (never stored in clear) and the enrolment URI.
 * @throws AppError VALIDATION_FAILED (username, role), STATE_CONFLICT (username taken).
 */
export async function createStaffAccount(
  tx: Queryable,
  input: { username: string; role: string; actor: string; actorRole: string | null; address?: string | null },
): Promise<{ staffId: string; username: string; role: StaffRole; oneTimePassword: string; otpauthUri: string }> {
  const username = input.username.trim().toLowerCase();
  if (!STAFF_USERNAME_PATTERN.test(username)) throw new AppError('VALIDATION_FAILED', { message: 'ชื่อผู้ใช้ต้องเป็น a-z 0-9 . _ - ยาว 3 ถึง 32 ตัว' });
  if (!isStaffRole(input.role)) throw new AppError('VALIDATION_FAILED', { message: 'ไม่มีบทบาทนี้' });
  const role = input.role;
  const oneTimePassword = newOneTimePassword();
  const totpSecret = newTotpSecret();
  const staffId = newPrefixedId('stf');
  try {
    await tx.query(
      `INSERT INTO staff_accounts (id, username, role, password_hash, must_change_password, totp_secret, created_by) VALUES ($1, $2, $3, $4, true, $5, $6)`,
      [staffId, username, role, await hashPassword(oneTimePassword), totpSecret, input.actor],
    );
  } catch (error) {
    if (postgresErrorCode(error) === '23505') throw new AppError('STATE_CONFLICT', { message: 'มีชื่อผู้ใช้นี้แล้ว' });
    throw error;
  }
  await recordStaffAction(tx, {
    actor: input.actor,
    actorRole: input.actorRole,
    action: 'staff.create',
    subjectType: 'staff',
    subjectId: staffId,
    address: input.address ?? null,
    after: { username, role },
  });
  return { staffId, username, role, oneTimePassword, otpauthUri: totpEnrolmentUri(username, totpSecret) };
}

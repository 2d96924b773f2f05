import { isValidPassword } from '@sabai/contracts';
import { AppError } from '../../lib/app-error.ts';
import { isCommonPassword } from '../../lib/common-passwords.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { RATE_LIMITS } from '../../lib/rate-limiter.ts';
import type { AppContext } from '../../context.ts';
import { revokeOtherSessions, type ActiveSession } from './sessions.ts';

/**
 * Password change (`PUT /auth-service/v1/change-password`, spec §5 and dialog 13). The old
 * password must verify (wrong guesses are limited per member); new and confirmation must match
 * and follow the password rules; every other session of the member is revoked, the current one
 * stays. `phone_number`, when sent, must be the signed-in member's own.
 *
 * @throws AppError INCOMPLETE_FORM, FORBIDDEN (phone of another member), PASSWORD_RULES, COMMON_PASSWORD,
 *   PASSWORD_MISMATCH, RATE_LIMITED, WRONG_OLD_PASSWORD, SAME_PASSWORD.
 */
export async function changePassword(
  context: AppContext,
  session: ActiveSession,
  input: { phoneNumber?: string | undefined; oldPassword: string; newPassword: string; confirmPassword: string },
): Promise<{ revokedSessions: number }> {
  if (input.oldPassword === '' || input.newPassword === '' || input.confirmPassword === '') throw new AppError('INCOMPLETE_FORM');
  if (input.phoneNumber !== undefined && input.phoneNumber !== '' && input.phoneNumber !== session.phoneNumber) {
    throw new AppError('FORBIDDEN');
  }
  if (!isValidPassword(input.newPassword)) throw new AppError('PASSWORD_RULES');
  if (isCommonPassword(input.newPassword)) throw new AppError('COMMON_PASSWORD');
  if (input.newPassword !== input.confirmPassword) throw new AppError('PASSWORD_MISMATCH');
  await context.rateLimiter.assertNotExceeded(RATE_LIMITS.changePasswordFailuresPerMember, session.memberId);

  const { rows } = await context.db.query<{ password_hash: string }>('SELECT password_hash FROM members WHERE id = $1', [
    session.memberId,
  ]);
  const currentHash = rows[0]?.password_hash;
  if (!currentHash || !(await verifyPassword(currentHash, input.oldPassword))) {
    await context.rateLimiter.hit(RATE_LIMITS.changePasswordFailuresPerMember, session.memberId).catch(() => undefined);
    throw new AppError('WRONG_OLD_PASSWORD');
  }
  if (input.newPassword === input.oldPassword) throw new AppError('SAME_PASSWORD');

  const newHash = await hashPassword(input.newPassword);
  const now = context.now();
  return context.db.transaction(async (tx) => {
    await tx.query('UPDATE members SET password_hash = $2, password_changed_at = $3 WHERE id = $1', [
      session.memberId,
      newHash,
      now,
    ]);
    const revokedSessions = await revokeOtherSessions(tx, {
      memberId: session.memberId,
      keepSessionId: session.sessionId,
      now,
      reason: 'password_changed',
    });
    return { revokedSessions };
  });
}

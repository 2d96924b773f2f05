import { isValidPassword, isValidPhoneNumber } from '@sabai/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { notifySessionsEnded } from '../../lib/balance-notifications.ts';
import { clientAddressKey } from '../../lib/client-address.ts';
import { isCommonPassword } from '../../lib/common-passwords.ts';
import { hashPassword } from '../../lib/password.ts';
import { RATE_LIMITS } from '../../lib/rate-limiter.ts';
import { recordOutboxEvent } from '../outbox/index.ts';
import { consumePhoneCode } from './phone-codes.ts';
import { resetOwnerKey } from './start-password-reset.ts';

/**
 * Forgot password, step 2 (`POST /auth-service/v1/password-reset/finish`, issue 27 §3): the SMS
 * code and a new password under sign-up's rules (6–64 characters, not a common password). The
 * password changes, every session of the member ends (their event streams close), and a
 * `member.password-reset` event tells the member by LINE; the phone's login locks are lifted. Wrong codes count like wrong passwords:
 * 5 per phone and address in 15 minutes, besides the code's own 5 tries and the phone's 10 an hour.
 * @throws AppError INVALID_PHONE, PASSWORD_RULES, COMMON_PASSWORD, RATE_LIMITED, CODE_INVALID, CODE_EXPIRED.
 */
export async function finishPasswordReset(
  context: AppContext,
  input: { phoneNumber: string; code: string; newPassword: string; ipAddress: string },
): Promise<{ sessionsEnded: number }> {
  if (!isValidPhoneNumber(input.phoneNumber)) throw new AppError('INVALID_PHONE');
  if (!isValidPassword(input.newPassword)) throw new AppError('PASSWORD_RULES');
  if (isCommonPassword(input.newPassword)) throw new AppError('COMMON_PASSWORD');
  const pair = `${input.phoneNumber}|${clientAddressKey(input.ipAddress)}`;
  await context.rateLimiter.assertNotExceeded(RATE_LIMITS.passwordResetFailuresPerPhoneAddress, pair);
  let proved: { memberId: string | null };
  try {
    proved = await consumePhoneCode(context, { purpose: 'password_reset', ownerKey: resetOwnerKey(input.phoneNumber), code: input.code });
  } catch (error) {
    if (error instanceof AppError && error.code === 'CODE_INVALID') {
      await context.rateLimiter.hit(RATE_LIMITS.passwordResetFailuresPerPhoneAddress, pair).catch(ignoreLimit);
    }
    throw error;
  }
  // A code recorded for a phone that is no member's was never sent: nobody can hold it.
  if (!proved.memberId) throw new AppError('CODE_INVALID');
  const memberId = proved.memberId;
  const passwordHash = await hashPassword(input.newPassword);
  const now = context.now();
  const result = await context.db.transaction(async (tx) => {
    await tx.query('UPDATE members SET password_hash = $2, password_changed_at = $3 WHERE id = $1', [memberId, passwordHash, now]);
    const ended = await tx.query(
      `UPDATE member_sessions SET revoked_at = $2, revoked_reason = 'password_changed' WHERE member_id = $1 AND revoked_at IS NULL`,
      [memberId, now],
    );
    await notifySessionsEnded(tx, memberId);
    await recordOutboxEvent(tx, {
      kind: 'member.password-reset',
      eventKey: `member.password-reset:${memberId}:${now.getTime()}`,
      memberId,
      payload: { memberId, by: 'member', at: now.toISOString() },
    });
    return { sessionsEnded: ended.rowCount };
  });
  // The member proved the phone: the login locks of that phone (at every address) end with it.
  await context.rateLimiter.clear(RATE_LIMITS.loginFailuresPerPhoneAddress, `${input.phoneNumber}|`);
  return result;
}

/** A wrong code is answered CODE_INVALID whether or not counting it reached the pair's limit. */
const ignoreLimit = (error: unknown): void => {
  if (!(error instanceof AppError)) throw error;
};

import { isValidPhoneNumber } from '@sabai/contracts';
import { AppError } from '../../lib/app-error.ts';
import { getDecoyPasswordHash, verifyPassword } from '../../lib/password.ts';
import { RATE_LIMITS } from '../../lib/rate-limiter.ts';
import type { AppContext } from '../../context.ts';
import { createSession } from './sessions.ts';
import { getUserInfo } from './get-user-info.ts';
import type { UserInfo } from '@sabai/contracts';

/**
 * Login (`POST /auth-service/v1/login`, spec §5): exact 10-digit phone and password. A wrong phone
 * and a wrong password give the same message and take the same time. Limits: every attempt
 * counts per IP; failures count per phone, and a phone over its failure limit is locked for the
 * rest of the window even with the right password (LOGIN_LOCKED).
 *
 * @throws AppError RATE_LIMITED, LOGIN_LOCKED, INVALID_CREDENTIALS, ACCOUNT_SUSPENDED, SITE_CLOSED.
 */
export async function logIn(
  context: AppContext,
  input: { phoneNumber: string; password: string; ipAddress: string; userAgent: string | undefined },
): Promise<{ authToken: string; userInfo: UserInfo }> {
  if (!isValidPhoneNumber(input.phoneNumber) || input.password.length === 0) throw new AppError('INVALID_CREDENTIALS');
  await context.rateLimiter.assertNotExceeded(RATE_LIMITS.loginFailuresPerPhone, input.phoneNumber);

  const { rows } = await context.db.query<{ id: string; password_hash: string; status: string }>(
    'SELECT id, password_hash, status FROM members WHERE phone_number = $1',
    [input.phoneNumber],
  );
  const member = rows[0];
  const isPasswordRight = await verifyPassword(member?.password_hash ?? (await getDecoyPasswordHash()), input.password);
  if (!member || !isPasswordRight) {
    await context.rateLimiter.hit(RATE_LIMITS.loginFailuresPerPhone, input.phoneNumber).catch(() => undefined);
    throw new AppError('INVALID_CREDENTIALS');
  }
  if (member.status !== 'active') throw new AppError('ACCOUNT_SUSPENDED');

  const session = await createSession(context.db, {
    memberId: member.id,
    now: context.now(),
    ttlMs: context.config.SESSION_TTL_MS,
    ipAddress: input.ipAddress,
    userAgent: input.userAgent,
  });
  return { authToken: session.token, userInfo: await getUserInfo(context.db, member.id) };
}

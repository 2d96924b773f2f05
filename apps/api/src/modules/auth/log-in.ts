import { isValidPhoneNumber } from '@sabai/contracts';
import { AppError } from '../../lib/app-error.ts';
import { getDecoyPasswordHash, verifyPassword } from '../../lib/password.ts';
import { RATE_LIMITS } from '../../lib/rate-limiter.ts';
import { clientAddressKey } from '../../lib/client-address.ts';
import type { AppContext } from '../../context.ts';
import { createSession } from './sessions.ts';
import { getUserInfo } from './get-user-info.ts';
import type { UserInfo } from '@sabai/contracts';

/**
 * Login (`POST /auth-service/v1/login`, spec §5): exact 10-digit phone and password. A wrong phone
 * and a wrong password give the same message and take the same time. Limits: every attempt
 * counts per address (route); failures count per phone and address — five lock that pair for 15
 * minutes, even with the right password (LOGIN_LOCKED), the same count, message and lock for a
 * registered phone and an unknown one (issue 27 §4: the member's own address once had a one-minute
 * lock, which told a neighbour behind the same address that the phone was registered; a member
 * locked at home now gets back in by password reset, which lifts the lock) — and per phone over
 * all addresses, a brake on distributed guessing that never applies at an address the member
 * signed in from in the last 30 days: strangers cannot lock a member out everywhere (issue 13 §3.5).
 *
 * @throws AppError RATE_LIMITED, LOGIN_LOCKED, INVALID_CREDENTIALS, ACCOUNT_SUSPENDED, SITE_CLOSED.
 */
export async function logIn(
  context: AppContext,
  input: { phoneNumber: string; password: string; ipAddress: string; userAgent: string | undefined },
): Promise<{ authToken: string; userInfo: UserInfo }> {
  if (!isValidPhoneNumber(input.phoneNumber) || input.password.length === 0) throw new AppError('INVALID_CREDENTIALS');
  const address = clientAddressKey(input.ipAddress);
  const pair = `${input.phoneNumber}|${address}`;
  const isKnownAddress = await hasSignedInFrom(context, input.phoneNumber, address);
  const pairRule = RATE_LIMITS.loginFailuresPerPhoneAddress;
  await context.rateLimiter.assertNotExceeded(pairRule, pair);
  if (!isKnownAddress) await context.rateLimiter.assertNotExceeded(RATE_LIMITS.loginFailuresPerPhone, input.phoneNumber);

  const { rows } = await context.db.query<{ id: string; password_hash: string; status: string }>(
    'SELECT id, password_hash, status FROM members WHERE phone_number = $1',
    [input.phoneNumber],
  );
  const member = rows[0];
  const isPasswordRight = await verifyPassword(member?.password_hash ?? (await getDecoyPasswordHash()), input.password);
  if (!member || !isPasswordRight) {
    // Counting can itself go over the limit: that refusal is this failure's answer too.
    await context.rateLimiter.hit(pairRule, pair).catch(ignoreLimit);
    await context.rateLimiter.hit(RATE_LIMITS.loginFailuresPerPhone, input.phoneNumber).catch(ignoreLimit);
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
  return { authToken: session.token, userInfo: await getUserInfo(context, member.id) };
}

/** Whether the phone's member signed in from this address (IPv6: its /64) in the last 30 days. */
async function hasSignedInFrom(context: AppContext, phoneNumber: string, address: string): Promise<boolean> {
  const since = new Date(context.now().getTime() - KNOWN_ADDRESS_MS);
  const { rows } = await context.db.query<{ ip_address: string }>(
    `SELECT DISTINCT s.ip_address FROM member_sessions s JOIN members m ON m.id = s.member_id
     WHERE m.phone_number = $1 AND s.created_at > $2 AND s.ip_address IS NOT NULL LIMIT 50`,
    [phoneNumber, since],
  );
  return rows.some((row) => clientAddressKey(row.ip_address) === address);
}

const KNOWN_ADDRESS_MS = 30 * 86_400_000;

/** A failure is answered INVALID_CREDENTIALS whether or not counting it reached a limit. */
const ignoreLimit = (error: unknown): void => {
  if (!(error instanceof AppError)) throw error;
};

import { isValidPhoneNumber } from '@sabai/contracts';
import { AppError } from '../../lib/app-error.ts';
import { getDecoyPasswordHash, verifyPassword } from '../../lib/password.ts';
import { RATE_LIMITS } from '../../lib/rate-limiter.ts';
import { clientAddressKey } from '../../lib/client-address.ts';
import type { AppContext } from '../../context.ts';
import { sessionOpening } from './sessions.ts';
import { openSessionWithUserInfo } from './get-user-info.ts';
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
  const pairRule = RATE_LIMITS.loginFailuresPerPhoneAddress;
  const phoneRule = RATE_LIMITS.loginFailuresPerPhone;
  const read = await readLogin(context, input.phoneNumber, [
    context.rateLimiter.counterOf(pairRule, pair),
    context.rateLimiter.counterOf(phoneRule, input.phoneNumber),
  ]);
  const isKnownAddress = read.recent_addresses.some((recent) => clientAddressKey(recent) === address);
  context.rateLimiter.assertBelowLimit(pairRule, read.pair_hits);
  if (!isKnownAddress) context.rateLimiter.assertBelowLimit(phoneRule, read.phone_hits);

  const member = read.id === null || read.password_hash === null || read.status === null ? undefined : { id: read.id, passwordHash: read.password_hash, status: read.status };
  const isPasswordRight = await verifyPassword(member?.passwordHash ?? (await getDecoyPasswordHash()), input.password);
  if (!member || !isPasswordRight) {
    // Both failure counters in one statement; counting can itself go over a limit: that refusal
    // is this failure's answer too.
    await context.rateLimiter.hitAll([{ rule: pairRule, subject: pair }, { rule: phoneRule, subject: input.phoneNumber }]).catch(ignoreLimit);
    throw new AppError('INVALID_CREDENTIALS');
  }
  if (member.status !== 'active') throw new AppError('ACCOUNT_SUSPENDED');

  // The session's INSERT and the member card in one statement (docs/adr/0065).
  const opening = sessionOpening({
    memberId: member.id,
    now: context.now(),
    ttlMs: context.config.SESSION_TTL_MS,
    ipAddress: input.ipAddress,
    userAgent: input.userAgent,
  });
  return { authToken: opening.token, userInfo: await openSessionWithUserInfo(context, opening) };
}

interface LoginRead {
  /** The member of the phone, or null (all three) when the phone is unknown. */
  id: string | null;
  password_hash: string | null;
  status: string | null;
  /** Distinct addresses of the member's sessions created in the last 30 days (at most 50; none for an unknown phone). */
  recent_addresses: string[];
  /** The failure counters' hits in their current windows (0 without a row). */
  pair_hits: number;
  phone_hits: number;
}

/**
 * Everything login decides before the hash, in one statement (issue 29 §3, docs/adr/0065; it was
 * four): the member of the phone, whether they signed in from an address in the last 30 days (the
 * addresses of their sessions created since, revoked or not; IPv6 compared by /64 in
 * clientAddressKey, so the comparison stays here), and the two failure counters (rate-limiter.ts
 * counterOf: the rows assertNotExceeded reads). Always one row, an unknown phone's with nulls.
 * The sessions are reached by member_sessions (member_id, created_at) (migration 0057).
 */
async function readLogin(
  context: AppContext,
  phoneNumber: string,
  [pair, phone]: [{ bucketKey: string; windowStart: Date }, { bucketKey: string; windowStart: Date }],
): Promise<LoginRead> {
  const since = new Date(context.now().getTime() - KNOWN_ADDRESS_MS);
  const { rows } = await context.db.query<LoginRead>(
    `SELECT m.id, m.password_hash, m.status,
            ARRAY(SELECT DISTINCT s.ip_address FROM member_sessions s
                  WHERE s.member_id = m.id AND s.created_at > $2 AND s.ip_address IS NOT NULL LIMIT 50) AS recent_addresses,
            coalesce((SELECT c.hits FROM rate_limit_counters c WHERE c.bucket_key = $3 AND c.window_start = $4), 0) AS pair_hits,
            coalesce((SELECT c.hits FROM rate_limit_counters c WHERE c.bucket_key = $5 AND c.window_start = $6), 0) AS phone_hits
     FROM (VALUES (1)) AS one LEFT JOIN members m ON m.phone_number = $1`,
    [phoneNumber, since, pair.bucketKey, pair.windowStart, phone.bucketKey, phone.windowStart],
    { prepare: true },
  );
  const row = rows[0];
  if (!row || rows.length > 1) throw new Error(`readLogin: ${rows.length} rows, expected one`);
  return row;
}

const KNOWN_ADDRESS_MS = 30 * 86_400_000;

/** A failure is answered INVALID_CREDENTIALS whether or not counting it reached a limit. */
const ignoreLimit = (error: unknown): void => {
  if (!(error instanceof AppError)) throw error;
};

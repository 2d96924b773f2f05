import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { AppContext } from '../../context.ts';
import type { RateLimitRule } from '../../lib/rate-limiter.ts';
import { findActiveSession, type ActiveSession } from './sessions.ts';

/**
 * The session token of a request: `Authorization: Bearer <token>` (also accepted bare, and as a
 * `token` header, the spec's "{token}" header).
 */
export function readSessionToken(request: FastifyRequest): string | undefined {
  const authorization = request.headers.authorization;
  if (typeof authorization === 'string' && authorization.length > 0) {
    return authorization.replace(/^Bearer\s+/i, '').trim();
  }
  const token = request.headers.token;
  return typeof token === 'string' && token.length > 0 ? token.trim() : undefined;
}

/**
 * The signed-in member of a request, looked up now (an event stream asks again later to learn
 * that its session ended: never cached).
 * @throws AppError UNAUTHENTICATED (401) without a valid, unexpired, unrevoked session.
 */
export async function requireMember(context: AppContext, request: FastifyRequest): Promise<ActiveSession> {
  const token = readSessionToken(request);
  const session = token ? await findActiveSession(context.db, token, context.now()) : undefined;
  if (!session) throw new AppError('UNAUTHENTICATED');
  return session;
}

/** Sessions a `memberOnly` route's arrival check found, handed once to the handler's requireMemberWithinLimit. */
const arrivalSessions = new WeakMap<FastifyRequest, ActiveSession>();
/** The address hit a `memberOnly` route's arrival check left for requireMemberWithinLimit to count with the member's. */
const arrivalAddressHits = new WeakMap<FastifyRequest, { rule: RateLimitRule; subject: string }>();

/**
 * The arrival check of a money call (plugins/ip-rate-limit.ts, `memberOnly` routes; issue 27 §4):
 * 401 before the address is counted. The session found is kept for the handler's
 * requireMemberWithinLimit, so the call looks it up once. With `addressHit` the address is not
 * counted here: the handler's requireMemberWithinLimit counts it together with the member's hit, in
 * one statement, and refuses on the address first (issue 29 §1, docs/adr/0053); a request that never
 * reaches it (a refused body) is counted when it ends (countLeftAddressHit).
 * @throws AppError UNAUTHENTICATED.
 */
export async function authenticateOnArrival(context: AppContext, request: FastifyRequest, addressHit?: { rule: RateLimitRule; subject: string }): Promise<void> {
  arrivalSessions.set(request, await requireMember(context, request));
  if (addressHit) arrivalAddressHits.set(request, addressHit);
}

/** Counts an address hit the arrival check left that no handler counted (the request ended before it). */
export async function countLeftAddressHit(context: AppContext, request: FastifyRequest): Promise<void> {
  const left = arrivalAddressHits.get(request);
  if (!left) return;
  arrivalAddressHits.delete(request);
  await context.rateLimiter.hit(left.rule, left.subject).catch(() => undefined);
}

/**
 * The signed-in member, counted against a per-member limit of a money call (issue 13 §3.4), and
 * the address hit the arrival check left, in the same statement (address refused first).
 * @throws AppError UNAUTHENTICATED, RATE_LIMITED (429 with Retry-After).
 */
export async function requireMemberWithinLimit(context: AppContext, request: FastifyRequest, rule: RateLimitRule): Promise<ActiveSession> {
  const arrived = arrivalSessions.get(request);
  arrivalSessions.delete(request);
  const addressHit = arrivalAddressHits.get(request);
  arrivalAddressHits.delete(request);
  const session = arrived ?? (await requireMember(context, request));
  if (addressHit) await context.rateLimiter.hitAll([addressHit, { rule, subject: session.memberId }]);
  else await context.rateLimiter.hit(rule, session.memberId);
  return session;
}

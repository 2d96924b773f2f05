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

/** Sessions already found for a request (a `memberOnly` route checks it before its rate limit, the handler again). */
const sessionsOfRequests = new WeakMap<FastifyRequest, ActiveSession>();

/**
 * The signed-in member of a request (looked up once per request).
 * @throws AppError UNAUTHENTICATED (401) without a valid, unexpired, unrevoked session.
 */
export async function requireMember(context: AppContext, request: FastifyRequest): Promise<ActiveSession> {
  const known = sessionsOfRequests.get(request);
  if (known) return known;
  const token = readSessionToken(request);
  const session = token ? await findActiveSession(context.db, token, context.now()) : undefined;
  if (!session) throw new AppError('UNAUTHENTICATED');
  sessionsOfRequests.set(request, session);
  return session;
}

/**
 * The signed-in member, counted against a per-member limit of a money call (issue 13 §3.4).
 * @throws AppError UNAUTHENTICATED, RATE_LIMITED (429 with Retry-After).
 */
export async function requireMemberWithinLimit(context: AppContext, request: FastifyRequest, rule: RateLimitRule): Promise<ActiveSession> {
  const session = await requireMember(context, request);
  await context.rateLimiter.hit(rule, session.memberId);
  return session;
}

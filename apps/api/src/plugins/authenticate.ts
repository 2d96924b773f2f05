import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import type { AppContext } from '../context.ts';
import { findActiveSession, type ActiveSession } from '../modules/auth/sessions.ts';

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
 * The signed-in member of a request.
 * @throws AppError UNAUTHENTICATED (401) without a valid, unexpired, unrevoked session.
 */
export async function requireMember(context: AppContext, request: FastifyRequest): Promise<ActiveSession> {
  const token = readSessionToken(request);
  const session = token ? await findActiveSession(context.db, token, context.now()) : undefined;
  if (!session) throw new AppError('UNAUTHENTICATED');
  return session;
}

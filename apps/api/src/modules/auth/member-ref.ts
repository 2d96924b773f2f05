import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { AppContext } from '../../context.ts';
import { readSessionToken } from './authenticate.ts';
import { activeSessionRead } from './sessions.ts';

/**
 * Who a member read is about: a member known by id (login, staff, jobs), or whoever holds the
 * request's session token (refresh, balance: the session is checked by the read's own statement).
 */
export type MemberRef = { memberId: string } | { session: { sql: string; params: [Buffer, Date] } };

/**
 * The member a signed-in read is about, for a read that checks the session in its own statement
 * (issue 29 §3: refresh and balance are polled by every page; one round trip instead of two).
 * What is checked is requireMember's check, unchanged: the same SQL and conditions (sessions.ts
 * activeSessionRead), run as the statement's first part; a read that finds no row answers
 * memberNotFound's UNAUTHENTICATED, as requireMember does.
 * @throws AppError UNAUTHENTICATED without a token, or with one no session can have (no statement,
 *   as requireMember).
 */
export function requireSessionMember(context: Pick<AppContext, 'now'>, request: FastifyRequest): MemberRef {
  const token = readSessionToken(request);
  const session = token === undefined ? undefined : activeSessionRead(token, context.now());
  if (!session) throw new AppError('UNAUTHENTICATED');
  return { session };
}

/**
 * The member of `ref` as a SQL read yielding at most one row with its `member_id`, to open the
 * caller's one statement (as a CTE), and its parameters (`$1`, and `$2` for a session; the caller's
 * own start at `params.length + 1`). A session's read also yields `session_id` and `phone_number`.
 */
export function memberRefRead(ref: MemberRef): { sql: string; params: unknown[] } {
  if ('memberId' in ref) return { sql: 'SELECT $1::text AS member_id', params: [ref.memberId] };
  return { sql: ref.session.sql, params: [...ref.session.params] };
}

/**
 * What a read of `ref` that found no member throws: UNAUTHENTICATED for a session (expired,
 * revoked, its member suspended: requireMember's answer); for an id, an Error (callers pass a
 * member that exists).
 */
export function memberNotFound(ref: MemberRef): Error {
  return 'memberId' in ref ? new Error(`member ${ref.memberId} not found`) : new AppError('UNAUTHENTICATED');
}

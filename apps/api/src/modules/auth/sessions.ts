import { createHash } from 'node:crypto';
import type { Queryable } from '@sabai/db';
import { notifySessionsEnded } from '../../lib/balance-notifications.ts';
import { newSessionToken } from '../../lib/ids.ts';

/**
 * Member sessions (ARCHITECTURE.md "Security"): a random 256-bit token goes to the client once;
 * the database keeps only its SHA-256, an absolute expiry and a revocation mark.
 */
const sha256 = (token: string) => createHash('sha256').update(token, 'utf8').digest();

/** Creates a session and returns its token (shown to the client once, never stored). */
export async function createSession(
  db: Queryable,
  input: { memberId: string; now: Date; ttlMs: number; ipAddress: string; userAgent: string | undefined },
): Promise<{ token: string; expiresAt: Date }> {
  const opening = sessionOpening(input);
  await db.query(opening.sql, [input.memberId, ...opening.params]);
  return { token: opening.token, expiresAt: opening.expiresAt };
}

/**
 * A session to open inside a caller's statement (issue 29 §3, docs/adr/0065: login opens the
 * session and reads the member card in one round trip): a new random 256-bit token (for the
 * client, never stored) and the INSERT of its SHA-256, expiry (`now` + `ttlMs`), address and user
 * agent (first 512 characters). `sql` takes the member's id as `$1` and `params` as `$2`…`$6`, and
 * returns the new row's `member_id` (usable as a data-modifying CTE).
 */
export interface SessionOpening {
  memberId: string;
  token: string;
  expiresAt: Date;
  sql: string;
  params: [Buffer, Date, Date, string, string | null];
}

export function sessionOpening(input: { memberId: string; now: Date; ttlMs: number; ipAddress: string; userAgent: string | undefined }): SessionOpening {
  const token = newSessionToken();
  const expiresAt = new Date(input.now.getTime() + input.ttlMs);
  return {
    memberId: input.memberId,
    token,
    expiresAt,
    sql: `INSERT INTO member_sessions (member_id, token_sha256, created_at, expires_at, ip_address, user_agent)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING member_id`,
    params: [sha256(token), input.now, expiresAt, input.ipAddress, input.userAgent?.slice(0, 512) ?? null],
  };
}

export interface ActiveSession {
  sessionId: bigint;
  memberId: string;
  phoneNumber: string;
}

/**
 * The active-session check: the session of the token's SHA-256 (`$1`) exists, is not expired at
 * `$2` nor revoked, and its member is active. Yields session_id, member_id, phone_number, or no row.
 */
const ACTIVE_SESSION_SQL = `SELECT s.id AS session_id, s.member_id, m.phone_number
     FROM member_sessions s JOIN members m ON m.id = s.member_id
     WHERE s.token_sha256 = $1 AND s.revoked_at IS NULL AND s.expires_at > $2 AND m.status = 'active'`;

/** A token no session can have (empty or longer than any we issue): refused without a statement. */
const isWellFormedToken = (token: string) => token.length > 0 && token.length <= 128;

/**
 * findActiveSession's check as the opening read of a caller's statement (issue 29 §3: refresh and
 * balance check the session and read in one round trip): the same SQL text and conditions, its
 * parameters `$1` (the token's SHA-256) and `$2` (now); yields session_id, member_id, phone_number,
 * or no row when the session is not active.
 * @returns undefined for a token no session can have (the caller refuses it without a statement).
 */
export function activeSessionRead(token: string, now: Date): { sql: string; params: [Buffer, Date] } | undefined {
  return isWellFormedToken(token) ? { sql: ACTIVE_SESSION_SQL, params: [sha256(token), now] } : undefined;
}

/** The session of `token` when it exists, is not expired or revoked and its member is active. */
export async function findActiveSession(db: Queryable, token: string, now: Date): Promise<ActiveSession | undefined> {
  const read = activeSessionRead(token, now);
  if (!read) return undefined;
  const { rows } = await db.query<{ session_id: bigint; member_id: string; phone_number: string }>(
    read.sql,
    read.params,
    { prepare: true }, // every signed-in call asks it first
  );
  const row = rows[0];
  return row && { sessionId: row.session_id, memberId: row.member_id, phoneNumber: row.phone_number };
}

/** Revokes one session (logout). Revoking twice is harmless. */
export async function revokeSession(db: Queryable, sessionId: bigint, now: Date): Promise<void> {
  const { rows } = await db.query<{ member_id: string }>(
    `UPDATE member_sessions SET revoked_at = $2, revoked_reason = 'logout' WHERE id = $1 AND revoked_at IS NULL RETURNING member_id`,
    [sessionId, now],
  );
  if (rows[0]) await notifySessionsEnded(db, rows[0].member_id);
}

/** Revokes every session of the member except `keepSessionId` (password change). */
export async function revokeOtherSessions(
  db: Queryable,
  input: { memberId: string; keepSessionId: bigint; now: Date; reason: 'password_changed' | 'staff' },
): Promise<number> {
  const result = await db.query(
    `UPDATE member_sessions SET revoked_at = $3, revoked_reason = $4
     WHERE member_id = $1 AND id <> $2 AND revoked_at IS NULL`,
    [input.memberId, input.keepSessionId, input.now, input.reason],
  );
  if (result.rowCount > 0) await notifySessionsEnded(db, input.memberId);
  return result.rowCount;
}

/**
 * How long a session row is kept after it expired: 30 days, so the sign-in check "this phone
 * signed in from this address in the last 30 days" (log-in.ts) still sees every session it needs
 * (a session expired 30 days ago was created more than 30 days ago).
 */
export const SESSION_RETENTION_AFTER_EXPIRY_MS = 30 * 86_400_000;
/** Most rows one purge batch deletes (short transactions; the rest waits for the next batch or run). */
export const SESSION_PURGE_BATCH = 5_000;

/**
 * Deletes sessions expired more than SESSION_RETENTION_AFTER_EXPIRY_MS before `now`, oldest
 * expiry first, at most `batch` rows per statement and `maxBatches` statements per call (by the
 * index `member_sessions (expires_at)`, migration 0025). Revoked or not, an expired session can no
 * longer authenticate. Safe to run in several processes at once (SKIP LOCKED).
 * @returns the number of sessions deleted.
 */
export async function purgeExpiredSessions(db: Queryable, input: { now: Date; batch?: number; maxBatches?: number }): Promise<number> {
  const before = new Date(input.now.getTime() - SESSION_RETENTION_AFTER_EXPIRY_MS);
  const batch = input.batch ?? SESSION_PURGE_BATCH;
  let deleted = 0;
  for (let round = 0; round < (input.maxBatches ?? 10); round += 1) {
    const { rowCount } = await db.query(
      `DELETE FROM member_sessions WHERE id IN (
         SELECT id FROM member_sessions WHERE expires_at < $1 ORDER BY expires_at LIMIT $2 FOR UPDATE SKIP LOCKED)`,
      [before, batch],
    );
    deleted += rowCount ?? 0;
    if ((rowCount ?? 0) < batch) break;
  }
  return deleted;
}

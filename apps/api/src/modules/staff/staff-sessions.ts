import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '@sabai/db';
import { AppError } from '../../lib/app-error.ts';
import { isStaffRole, type StaffRole } from './staff-roles.ts';

/** A staff session ends after this long without a call (issue 11: idle timeout). */
export const STAFF_IDLE_TIMEOUT_MS = 30 * 60_000;
/** …and at the latest this long after sign-in, whatever the activity. */
export const STAFF_SESSION_MAX_MS = 12 * 60 * 60_000;

export interface StaffPrincipal {
  staffId: string;
  username: string;
  role: StaffRole;
  mustChangePassword: boolean;
  /** sha256 of the bearer token: identifies the session (sign-out). */
  sessionHash: string;
}

const tokenHashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * Opens a staff session (docs/adr/0018: bearer tokens, never cookies, so no CSRF surface): 32
 * random bytes, base64url; only its sha256 is stored. @returns the token, shown to the client once.
 */
export async function openStaffSession(db: Queryable, input: { staffId: string; now: Date; address: string | null }): Promise<{ token: string; expiresAt: Date }> {
  const token = `stf_${randomBytes(32).toString('base64url')}`;
  const expiresAt = new Date(input.now.getTime() + STAFF_SESSION_MAX_MS);
  await db.query(
    'INSERT INTO staff_sessions (token_hash, staff_id, created_at, last_seen_at, expires_at, address) VALUES ($1, $2, $3, $3, $4, $5)',
    [tokenHashOf(token), input.staffId, input.now, expiresAt, input.address],
  );
  return { token, expiresAt };
}

/** The request header a client sets on calls the staff member did not make (refetches, polls, the event stream): `1`. */
export const STAFF_BACKGROUND_HEADER = 'x-sabai-background';

/**
 * The staff member behind a bearer token. A call the staff member made refreshes the idle timer;
 * a background call (`touch: false`: a refetch, a poll, the event stream — header
 * `x-sabai-background: 1`) does not, so an unattended screen still signs out after
 * STAFF_IDLE_TIMEOUT_MS (issue 25 §4). A session that ended by itself (idle, past its maximum,
 * revoked) is STAFF_SESSION_EXPIRED, so the client can say "session expired" and keep the form;
 * no token, an unknown token, or a disabled account is UNAUTHENTICATED.
 * @throws AppError UNAUTHENTICATED, STAFF_SESSION_EXPIRED (both 401).
 */
export async function authenticateStaffToken(db: Queryable, token: string | undefined, now: Date, options: { touch?: boolean } = {}): Promise<StaffPrincipal> {
  if (!token || !/^stf_[A-Za-z0-9_-]{43}$/.test(token)) throw new AppError('UNAUTHENTICATED');
  const sessionHash = tokenHashOf(token);
  const idleSince = new Date(now.getTime() - STAFF_IDLE_TIMEOUT_MS);
  const { rows } = await db.query<{ staff_id: string; username: string; role: string; must_change_password: boolean }>(
    options.touch === false
      ? `SELECT a.id AS staff_id, a.username, a.role, a.must_change_password
         FROM staff_sessions s JOIN staff_accounts a ON a.id = s.staff_id
         WHERE s.token_hash = $1 AND a.status = 'active' AND a.totp_enrolled_at IS NOT NULL
           AND s.revoked_at IS NULL AND s.expires_at > $2 AND s.last_seen_at > $3`
      : `UPDATE staff_sessions s SET last_seen_at = $2
         FROM staff_accounts a
         WHERE s.token_hash = $1 AND a.id = s.staff_id AND a.status = 'active' AND a.totp_enrolled_at IS NOT NULL
           AND s.revoked_at IS NULL AND s.expires_at > $2 AND s.last_seen_at > $3
         RETURNING a.id AS staff_id, a.username, a.role, a.must_change_password`,
    [sessionHash, now, idleSince],
  );
  const row = rows[0];
  if (!row || !isStaffRole(row.role)) {
    const { rows: ended } = await db.query<{ one: number }>(
      `SELECT 1 AS one FROM staff_sessions s JOIN staff_accounts a ON a.id = s.staff_id
       WHERE s.token_hash = $1 AND a.status = 'active' AND (s.revoked_at IS NOT NULL OR s.expires_at <= $2 OR s.last_seen_at <= $3)`,
      [sessionHash, now, idleSince],
    );
    throw new AppError(ended.length > 0 ? 'STAFF_SESSION_EXPIRED' : 'UNAUTHENTICATED');
  }
  return { staffId: row.staff_id, username: row.username, role: row.role, mustChangePassword: row.must_change_password, sessionHash };
}

/** Ends one session (sign-out). */
export async function revokeStaffSession(db: Queryable, sessionHash: string, now: Date): Promise<void> {
  await db.query('UPDATE staff_sessions SET revoked_at = $2 WHERE token_hash = $1 AND revoked_at IS NULL', [sessionHash, now]);
}

/** Ends every session of a staff member (password change, disable). */
export async function revokeAllStaffSessions(db: Queryable, staffId: string, now: Date): Promise<void> {
  await db.query('UPDATE staff_sessions SET revoked_at = $2 WHERE staff_id = $1 AND revoked_at IS NULL', [staffId, now]);
}

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

/**
 * The staff member behind a bearer token, refreshing the idle timer. A missing, unknown, revoked,
 * idle or expired session, or a disabled account, is UNAUTHENTICATED.
 * @throws AppError UNAUTHENTICATED.
 */
export async function authenticateStaffToken(db: Queryable, token: string | undefined, now: Date): Promise<StaffPrincipal> {
  if (!token || !/^stf_[A-Za-z0-9_-]{43}$/.test(token)) throw new AppError('UNAUTHENTICATED');
  const sessionHash = tokenHashOf(token);
  const { rows } = await db.query<{ staff_id: string; username: string; role: string; must_change_password: boolean }>(
    `UPDATE staff_sessions s SET last_seen_at = $2
     FROM staff_accounts a
     WHERE s.token_hash = $1 AND a.id = s.staff_id AND a.status = 'active' AND a.totp_enrolled_at IS NOT NULL
       AND s.revoked_at IS NULL AND s.expires_at > $2 AND s.last_seen_at > $3
     RETURNING a.id AS staff_id, a.username, a.role, a.must_change_password`,
    [sessionHash, now, new Date(now.getTime() - STAFF_IDLE_TIMEOUT_MS)],
  );
  const row = rows[0];
  if (!row || !isStaffRole(row.role)) throw new AppError('UNAUTHENTICATED');
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

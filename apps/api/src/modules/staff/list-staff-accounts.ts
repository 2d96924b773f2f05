import type { StaffAccountRow } from '@sabai/contracts';
import type { Queryable } from '@sabai/db';

/**
 * Every staff account for the owner's list (`GET /admin-api/v1/staff`), oldest first: role,
 * status, whether the authenticator is enrolled and whether a one-time password waits to be changed.
 * @returns the accounts on the wire (times as ISO strings); never a password or TOTP secret.
 */
export async function listStaffAccounts(q: Queryable): Promise<StaffAccountRow[]> {
  const { rows } = await q.query<{ id: string; username: string; role: string; status: string; totp_enrolled_at: Date | null; must_change_password: boolean; created_at: Date }>(
    'SELECT id, username, role, status, totp_enrolled_at, must_change_password, created_at FROM staff_accounts ORDER BY created_at',
  );
  return rows.map((row) => ({ id: row.id, username: row.username, role: row.role, status: row.status, totpEnrolled: row.totp_enrolled_at !== null, mustChangePassword: row.must_change_password, createdAt: row.created_at.toISOString() }));
}

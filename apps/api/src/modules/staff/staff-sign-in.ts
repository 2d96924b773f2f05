import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { getDecoyPasswordHash, verifyPassword } from '../../lib/password.ts';
import { signToken, verifyToken } from '../../lib/signed-token.ts';
import { recordStaffAction } from '../../lib/audit.ts';
import { newTotpSecret, totpEnrolmentUri, verifyTotp } from './totp.ts';
import { openStaffSession } from './staff-sessions.ts';
import type { StaffRole } from './staff-roles.ts';

/** Wrong passwords or codes in a row before the account locks (issue 11: lockout). */
export const STAFF_MAX_FAILED_ATTEMPTS = 5;
export const STAFF_LOCK_MS = 15 * 60_000;
/** How long the password step's challenge waits for the code. */
const CHALLENGE_TTL_MS = 5 * 60_000;

export type SignInStep =
  /** First sign-in: enrol this secret in an authenticator app, then send a code with the challenge. */
  | { step: 'enrol_totp'; challenge: string; totpSecret: string; otpauthUri: string }
  /** Enrolled: send the app's current code with the challenge. */
  | { step: 'totp'; challenge: string };

interface StaffRow {
  id: string;
  username: string;
  role: StaffRole;
  password_hash: string;
  status: string;
  totp_secret: string | null;
  totp_enrolled_at: Date | null;
  totp_last_step: bigint | null;
  failed_attempts: number;
  locked_until: Date | null;
  must_change_password: boolean;
}

/**
 * Staff sign-in, step 1 of 2 (`POST /admin-api/v1/auth/login`): username and password. Mandatory
 * TOTP: the answer is always a challenge for step 2; at the first sign-in it also carries a new
 * TOTP secret to enrol. Unknown usernames take as long as wrong passwords. Five failures in a row
 * (password or code) lock the account for 15 minutes.
 * @throws AppError STAFF_INVALID_CREDENTIALS, STAFF_LOCKED.
 */
export async function startStaffSignIn(context: AppContext, input: { username: string; password: string; address: string | null }): Promise<SignInStep> {
  const now = context.now();
  const staff = await readStaff(context, input.username.trim().toLowerCase());
  if (!staff || staff.status !== 'active') {
    await verifyPassword(await getDecoyPasswordHash(), input.password);
    throw new AppError('STAFF_INVALID_CREDENTIALS');
  }
  if (staff.locked_until && staff.locked_until > now) throw new AppError('STAFF_LOCKED');
  if (!(await verifyPassword(staff.password_hash, input.password))) {
    await recordFailure(context, staff, 'password', input.address);
    throw new AppError('STAFF_INVALID_CREDENTIALS');
  }
  const challenge = signToken({ kind: 'staff-sign-in', staffId: staff.id, exp: now.getTime() + CHALLENGE_TTL_MS }, await staffTokenSecret(context));
  if (staff.totp_enrolled_at) return { step: 'totp', challenge };
  // Enrolment: the secret given at creation (staff:create prints its URI), or a new one; it is
  // enrolled once a code proves it.
  const totpSecret = staff.totp_secret ?? newTotpSecret();
  if (!staff.totp_secret) await context.db.query('UPDATE staff_accounts SET totp_secret = $2, updated_at = $3 WHERE id = $1 AND totp_secret IS NULL', [staff.id, totpSecret, now]);
  return { step: 'enrol_totp', challenge, totpSecret, otpauthUri: totpEnrolmentUri(staff.username, totpSecret) };
}

/**
 * Staff sign-in, step 2 (`POST /admin-api/v1/auth/totp`): the challenge and a TOTP code. A code
 * is accepted once (its time step must be newer than the last accepted one); the first accepted
 * code completes enrolment. Opens the session. Audited.
 * @throws AppError STAFF_INVALID_TOTP (wrong, reused, expired challenge), STAFF_LOCKED.
 */
export async function completeStaffSignIn(
  context: AppContext,
  input: { challenge: string; code: string; address: string | null },
): Promise<{ token: string; expiresAt: Date; staff: { username: string; role: StaffRole; mustChangePassword: boolean } }> {
  const now = context.now();
  const claims = verifyToken(input.challenge, await staffTokenSecret(context), now.getTime());
  if (!claims || claims.kind !== 'staff-sign-in' || typeof claims.staffId !== 'string') throw new AppError('STAFF_INVALID_TOTP');
  const staffId = claims.staffId;
  type Outcome =
    | { ok: { token: string; expiresAt: Date; staff: { username: string; role: StaffRole; mustChangePassword: boolean } } }
    | { failed: StaffRow };
  const outcome = await context.db.transaction(async (tx): Promise<Outcome> => {
    const { rows } = await tx.query<StaffRow>('SELECT * FROM staff_accounts WHERE id = $1 FOR UPDATE', [staffId]);
    const staff = rows[0];
    if (!staff || staff.status !== 'active' || !staff.totp_secret) throw new AppError('STAFF_INVALID_TOTP');
    if (staff.locked_until && staff.locked_until > now) throw new AppError('STAFF_LOCKED');
    const step = verifyTotp(staff.totp_secret, input.code, now);
    if (step === null || (staff.totp_last_step !== null && BigInt(step) <= staff.totp_last_step)) return { failed: staff };
    await tx.query(
      `UPDATE staff_accounts SET totp_last_step = $2, totp_enrolled_at = coalesce(totp_enrolled_at, $3), failed_attempts = 0, locked_until = NULL, updated_at = $3 WHERE id = $1`,
      [staff.id, step, now],
    );
    const session = await openStaffSession(tx, { staffId: staff.id, now, address: input.address });
    await recordStaffAction(tx, {
      actor: `staff:${staff.username}`,
      actorRole: staff.role,
      action: staff.totp_enrolled_at ? 'staff.sign_in' : 'staff.enrol_totp',
      subjectType: 'staff',
      subjectId: staff.id,
      address: input.address,
    });
    return { ok: { ...session, staff: { username: staff.username, role: staff.role, mustChangePassword: staff.must_change_password } } };
  });
  if ('failed' in outcome) {
    // Counted after the transaction that refused it (its own row lock is released by then).
    await recordFailure(context, outcome.failed, 'totp', input.address);
    throw new AppError('STAFF_INVALID_TOTP');
  }
  return outcome.ok;
}

async function readStaff(context: AppContext, username: string): Promise<StaffRow | undefined> {
  const { rows } = await context.db.query<StaffRow>('SELECT * FROM staff_accounts WHERE username = $1', [username]);
  return rows[0];
}

/** Counts a failed password or code in its own transaction; the fifth in a row locks the account. Audited. */
async function recordFailure(context: AppContext, staff: StaffRow, what: 'password' | 'totp', address: string | null): Promise<void> {
  const now = context.now();
  await context.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ failed_attempts: number }>(
      `UPDATE staff_accounts SET failed_attempts = failed_attempts + 1,
         locked_until = CASE WHEN failed_attempts + 1 >= $2 THEN $3::timestamptz ELSE locked_until END, updated_at = $4
       WHERE id = $1 RETURNING failed_attempts`,
      [staff.id, STAFF_MAX_FAILED_ATTEMPTS, new Date(now.getTime() + STAFF_LOCK_MS), now],
    );
    await recordStaffAction(tx, {
      actor: `staff:${staff.username}`,
      actorRole: staff.role,
      action: `staff.sign_in_failed`,
      subjectType: 'staff',
      subjectId: staff.id,
      address,
      details: { what, failedAttempts: rows[0]?.failed_attempts ?? null },
    });
  });
}

/** The secret staff sign-in challenges are signed with (config STAFF_TOKEN_SECRET; outside production one per database). */
async function staffTokenSecret(context: AppContext): Promise<string> {
  return context.staffTokenSecret;
}

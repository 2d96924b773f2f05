import { z } from 'zod';
import { envelope } from '../envelope.ts';

/**
 * Back-office wire schemas for staff identity and the audit log (`/admin-api/v1/staff/…`,
 * `/admin-api/v1/audit`, apps/api/src/modules/staff/routes.ts; docs/adr/0018).
 */

/** Sign-in step 1: username and password. */
export const staffSignInBody = z.object({ username: z.string().min(1).max(64), password: z.string().min(1).max(200) });
/** Sign-in step 2: the challenge of step 1 and the authenticator code. */
export const staffTotpBody = z.object({ challenge: z.string().min(1).max(2_000), code: z.string().min(6).max(10) });
export const staffPasswordChangeBody = z.object({ currentPassword: z.string().min(1).max(200), newPassword: z.string().min(1).max(200) });
/** Create a staff account (owner): `roles` is the API's list of roles (STAFF_ROLES of the staff module). */
export const newStaffAccountBody = <R extends readonly [string, ...string[]]>(roles: R) =>
  z.object({ username: z.string().min(1).max(64), role: z.enum(roles) });

const auditDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');
/**
 * `GET /admin-api/v1/audit` (and `/audit.csv`): filters — actor (exact, `staff:<username>`), action
 * (prefix), target, Bangkok days `from`..`to` (inclusive) — newest first, paged by `beforeSeq`.
 */
export const auditQuery = z.object({
  actor: z.string().max(100).optional(),
  action: z.string().max(100).optional(),
  subjectType: z.string().max(40).optional(),
  subjectId: z.string().max(100).optional(),
  from: auditDay.optional(),
  to: auditDay.optional(),
  beforeSeq: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditQuery = z.input<typeof auditQuery>;
/** The most rows one CSV export holds (narrow the filters for more). */
export const AUDIT_CSV_MAX_ROWS = 10_000;

/** `GET /admin-api/v1/audit/filters`: who and what can be filtered on (staff accounts, the actions recorded). */
export const auditFiltersResponse = envelope(z.object({
  actors: z.array(z.object({ actor: z.string(), role: z.string().nullable() })),
  actions: z.array(z.string()),
}));

/** One staff account of `GET /admin-api/v1/staff` (oldest first). */
export const staffAccountRow = z.object({
  id: z.string(),
  username: z.string(),
  role: z.string(),
  status: z.string(),
  totpEnrolled: z.boolean(),
  mustChangePassword: z.boolean(),
  createdAt: z.string(),
});
export type StaffAccountRow = z.infer<typeof staffAccountRow>;
export const staffAccountsResponse = envelope(z.array(staffAccountRow));
export const staffAccountParams = z.object({ staffId: z.string().regex(/^stf_[a-z0-9]{20}$/) });
/**
 * `POST /admin-api/v1/staff/:staffId` (owner): a new role and / or status, with the reason audited.
 * `roles` is the API's list (STAFF_ROLES of the staff module).
 */
export const staffAccountChangeBody = <R extends readonly [string, ...string[]]>(roles: R) =>
  z.object({ role: z.enum(roles).optional(), status: z.enum(['active', 'disabled']).optional(), reason: z.string().trim().min(1).max(500) }).strict();
export const staffAccountResponse = envelope(staffAccountRow);
/** `POST /admin-api/v1/staff/:staffId/reset` (owner): the reason audited. */
export const staffResetBody = z.object({ reason: z.string().trim().min(1).max(500) }).strict();
/** Its answer: a one-time password, in this answer only (`cache-control: no-store`); the authenticator is enrolled again at the next sign-in. */
export const staffResetResponse = envelope(z.object({ username: z.string(), oneTimePassword: z.string() }));

/** One entry of the hash-chained audit log (`GET /admin-api/v1/audit`, newest first). */
export const auditEntry = z.object({
  seq: z.string().describe('position in the chain (int8 as text)'),
  actor: z.string(),
  role: z.string().nullable(),
  action: z.string(),
  target: z.object({ type: z.string(), id: z.string() }),
  details: z.unknown(),
  reason: z.string().nullable(),
  address: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  at: z.string(),
  hash: z.string(),
  /**
   * The row does not match its chain (issue 25 §4): its content no longer hashes to `hash`, or
   * its `prev_hash` is not the previous row's hash. Absent on servers before this field.
   */
  tampered: z.boolean().optional(),
});
export type AuditEntryWire = z.infer<typeof auditEntry>;
export const auditEntriesResponse = envelope(z.array(auditEntry));

/**
 * `GET /admin-api/v1/auth/me`: the signed-in staff member and every permission their role holds
 * (the API's STAFF_PERMISSIONS names; the back office shows only the screens they open).
 */
export const staffMe = z.object({
  username: z.string(),
  role: z.string(),
  mustChangePassword: z.boolean(),
  permissions: z.array(z.string()),
});
export type StaffMeWire = z.infer<typeof staffMe>;
export const staffMeResponse = envelope(staffMe);

/** `GET /admin-api/v1/audit/verify`: the hash chain checked end to end (a break is a STATE_CONFLICT refusal, never `sound: false`). */
export const auditVerifyResponse = envelope(z.object({ rows: z.number().int().describe('entries checked'), sound: z.literal(true) }));

/**
 * `POST /admin-api/v1/auth/login` (step 1): `enrol_totp` on the first sign-in (the secret and its
 * otpauth URI to enrol, once), otherwise `totp`; either way the challenge goes with step 2.
 */
export const staffSignInStepResponse = envelope(
  z.discriminatedUnion('step', [
    z.object({ step: z.literal('enrol_totp'), challenge: z.string(), totpSecret: z.string(), otpauthUri: z.string() }),
    z.object({ step: z.literal('totp'), challenge: z.string() }),
  ]),
);
export type StaffSignInStep = z.infer<typeof staffSignInStepResponse>['data'];
/** `POST /admin-api/v1/auth/totp` (step 2): the bearer session (docs/adr/0018) and who it is. */
export const staffSessionResponse = envelope(
  z.object({ token: z.string(), expiresAt: z.string(), staff: z.object({ username: z.string(), role: z.string(), mustChangePassword: z.boolean() }) }),
);
/** A staff action that answers nothing but its message (`auth/password`, `auth/logout`). */
export const staffDoneResponse = envelope(z.null());
/** `POST /admin-api/v1/staff` (owner): the new account, its one-time password and TOTP enrolment URI, in this answer only. */
export const createdStaffAccountResponse = envelope(
  z.object({ staffId: z.string(), username: z.string(), role: z.string(), oneTimePassword: z.string(), otpauthUri: z.string() }),
);

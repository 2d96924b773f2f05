/**
 * Staff identity (issue 11, docs/adr/0018): accounts with roles and mandatory TOTP, bearer
 * sessions, the permission matrix the admin guard applies, and the audit trail.
 */
export { STAFF_ROLES, STAFF_PERMISSIONS, ADMIN_ROUTE_PERMISSIONS, permissionForRoute, roleMay, isStaffRole } from './staff-roles.ts';
export type { StaffRole, StaffPermission } from './staff-roles.ts';
export { authenticateStaffToken, STAFF_BACKGROUND_HEADER, openStaffSession, revokeStaffSession, revokeAllStaffSessions, STAFF_IDLE_TIMEOUT_MS, STAFF_SESSION_MAX_MS } from './staff-sessions.ts';
export type { StaffPrincipal } from './staff-sessions.ts';
export { createStaffAccount, newOneTimePassword } from './create-staff-account.ts';
export { startStaffSignIn, completeStaffSignIn, STAFF_MAX_FAILED_ATTEMPTS } from './staff-sign-in.ts';
export { currentTotp, newTotpSecret, totpEnrolmentUri } from './totp.ts';
export { registerStaffRoutes } from './routes.ts';
export { renderStaffMatrixTables, withStaffMatrixTables } from './staff-matrix-doc.ts';

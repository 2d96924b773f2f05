/**
 * The `auth` module: member sign-up, login, sessions and the member's own account calls (spec §1,
 * docs/adr/0003, 0005, 0042).
 * Its face (issue 10 §1): what other modules, the app, the worker and tests may use.
 * Nothing outside the module imports its inner files (eslint: import-x/no-restricted-paths).
 */
export { registerAuthRoutes } from './routes.ts';
export { findActiveSession, purgeExpiredSessions, SESSION_RETENTION_AFTER_EXPIRY_MS } from './sessions.ts';
export type { ActiveSession } from './sessions.ts';
export { authenticateOnArrival, countLeftAddressHit, readSessionToken, requireMember, requireMemberWithinLimit } from './authenticate.ts';
export { getUserInfo } from './get-user-info.ts';
export { memberNotFound, memberRefRead, requireSessionMember, type MemberRef } from './member-ref.ts';

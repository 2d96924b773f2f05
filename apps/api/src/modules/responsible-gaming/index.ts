/**
 * Player protection (issue 12): member limits, time-outs and self-exclusions, and the checks the
 * money paths make (a deposit past a limit or during an exclusion is held and paid back; no game
 * while excluded or past a loss limit).
 */
export { registerResponsibleGamingRoutes } from './routes.ts';
export { assertMayDeposit, assertMayPlay, assertMayPlayFrom, mayPlayColumns, type MayPlayColumns, assertNotExcluded, depositRefusal, activeExclusion, readActivity, readLimits } from './member-protection.ts';

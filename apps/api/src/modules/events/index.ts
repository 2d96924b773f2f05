/**
 * The `events` module: live balance events to members and staff over server-sent events, fed by PostgreSQL
 * notifications.
 * Its face (issue 10 §1): what other modules, the app, the worker and tests may use.
 * Nothing outside the module imports its inner files (eslint: import-x/no-restricted-paths).
 */
export { createBalanceEvents } from './balance-events.ts';
export { registerEventRoutes } from './routes.ts';

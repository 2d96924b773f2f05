/** The back office's dashboard (issue 11): today's figures, what waits for staff, live changes. */
export { registerDashboardRoutes, STAFF_STREAM_KEEP_ALIVE_MS } from './routes.ts';
export { getDashboard } from './get-dashboard.ts';

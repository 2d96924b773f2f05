import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { AppError } from '../lib/app-error.ts';
import { authenticateStaffToken, permissionForRoute, roleMay, STAFF_BACKGROUND_HEADER } from '../modules/staff/index.ts';

/**
 * Every back-office route (`/admin-api/…`) authenticates and authorizes on arrival, before its
 * body or query is parsed or validated (issue 11, issue 13 §3.3): the staff session from
 * `Authorization: Bearer stf_…`, then the route's permission from the one matrix
 * (modules/staff/staff-roles.ts). No session → 401 whatever was sent; a role without the
 * permission → 403; a route missing from the matrix → 403 for everyone (fail closed); a one-time
 * password not yet changed → 403 except for the staff member's own calls. A call marked
 * `x-sabai-background: 1` (a refetch, a poll, the event stream) does not extend the idle timeout.
 */
export function registerAdminGuard(app: FastifyInstance, context: AppContext): void {
  // A back-office route must be in the matrix to exist at all: registering one that is not fails
  // the start (a forgotten permission can never ship as "open" or "owner only by accident").
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/admin-api/')) return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      if (permissionForRoute(method, route.url) === undefined) throw new Error(`back-office route ${method} ${route.url} has no permission in modules/staff/staff-roles.ts`);
    }
  });
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/admin-api/')) return;
    const pattern = request.routeOptions.url;
    const permission = pattern === undefined ? undefined : permissionForRoute(request.method, pattern);
    if (permission === null) return;
    const token = /^Bearer\s+(\S+)$/i.exec(String(request.headers.authorization ?? ''))?.[1];
    // The event stream is background by nature: it stays open on an unattended screen.
    const background = request.headers[STAFF_BACKGROUND_HEADER] === '1' || pattern === '/admin-api/v1/events';
    const staff = await authenticateStaffToken(context.db, token, context.now(), { touch: !background });
    if (permission === undefined || !roleMay(staff.role, permission)) throw new AppError('STAFF_FORBIDDEN');
    if (staff.mustChangePassword && permission !== 'self') throw new AppError('STAFF_PASSWORD_CHANGE_REQUIRED');
    request.staff = staff;
  });
}

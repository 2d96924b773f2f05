import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { requireStaff } from './staff-auth.ts';

/**
 * Every back-office route (`/admin-api/…`) authenticates on arrival, before its body or query is
 * parsed or validated (issue 13 §3.3): an unauthenticated caller gets 401 whatever it sent, and
 * learns nothing about a route's schema. Handlers still call `requireStaff` for the audit actor.
 */
export function registerAdminGuard(app: FastifyInstance, context: AppContext): void {
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/admin-api/')) requireStaff(context, request);
  });
}

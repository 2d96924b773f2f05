import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { hub88RoundQuery, hub88RoundResponse } from '@sabai/contracts';
import type { AppContext } from '../../context.ts';
import { requireStaff } from '../../plugins/staff-auth.ts';
import { readHub88Round } from './read-hub88-round.ts';

const TAGS = ['admin'];

/**
 * Hub88 sites in the back office (docs/adr/0046): a round's details for support
 * (`GET /admin-api/v1/game/hub88/round`). The day reconciliation on demand: the play module's
 * back-office routes. Permissions: modules/staff/staff-roles.ts.
 */
export function registerSeamlessHub88AdminRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get('/admin-api/v1/game/hub88/round', { schema: { tags: TAGS, querystring: hub88RoundQuery, response: { 200: hub88RoundResponse } } }, async (request) => {
    requireStaff(context, request);
    return { success: true, message: 'ok', data: { round: await readHub88Round(context, request.query) } };
  });
}

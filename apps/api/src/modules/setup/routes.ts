import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { openSiteRequest, setupChecklistResponse } from '@sabai/contracts';
import type { AppContext } from '../../context.ts';
import { requireStaffPrincipal } from '../../plugins/staff-auth.ts';
import { getSetupChecklist } from './get-setup-checklist.ts';
import { openSite } from './open-site.ts';

const TAGS = ['back office: setup'];

/** The setup checklist (any signed-in staff) and "open the site" (owner), issue 24 §1. */
export function registerSetupRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get('/admin-api/v1/setup', { schema: { tags: TAGS, response: { 200: setupChecklistResponse } } }, async () => ({
    success: true, message: 'ok', data: await getSetupChecklist(context.db, context.config),
  }));
  routes.post('/admin-api/v1/setup/open', { schema: { tags: TAGS, body: openSiteRequest, response: { 200: setupChecklistResponse } } }, async (request) => {
    const staff = requireStaffPrincipal(request);
    const data = await openSite(context, { actor: `staff:${staff.username}`, actorRole: staff.role, address: request.ip, reason: request.body.reason });
    return { success: true, message: 'เปิดเว็บไซต์ให้สมาชิกใช้งานแล้ว', data };
  });
}

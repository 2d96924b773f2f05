import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { prefixResponse, type SiteSettings } from '@sabai/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { isSiteOpen, toSiteSettings } from './get-site-settings.ts';
import { listActivePromotions, toWirePromotion } from '../promotions/index.ts';

/**
 * The `data` of `GET /v2/prefix` (the site settings with the active promotions), or null while the
 * site is not set up or not opened (issue 24 §1). Also what app.html carries for the member
 * app's first load (plugins/static-files.ts, docs/adr/0050 addendum): the same answer, asked once.
 */
export async function publicSiteSettings(context: AppContext): Promise<SiteSettings | null> {
  const settings = await context.siteSettings.get();
  if (!isSiteOpen(settings)) return null;
  const promotions = await listActivePromotions(context.db, context.now());
  return { ...toSiteSettings(settings), Promotion: promotions.map(toWirePromotion) };
}

/**
 * `GET /v2/prefix`: the public configuration (spec §3, §7). Needs no key: it is where the key comes from.
 * Before the owner has set the site up and opened it: 503 SITE_NOT_SET_UP (issue 24 §1).
 */
export function registerSiteRoutes(app: FastifyInstance, context: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().get('/v2/prefix', {
    schema: { tags: ['site'], summary: 'Public configuration and site settings', response: { 200: prefixResponse } },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      const data = await publicSiteSettings(context);
      // Not set up or not opened yet (issue 24 §1): the member site shows its "opening soon" page.
      if (!data) throw new AppError('SITE_NOT_SET_UP');
      return { success: true, message: 'สำเร็จ', data };
    },
  });
}

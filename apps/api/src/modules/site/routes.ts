import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { prefixResponse } from '@sabai/contracts';
import type { AppContext } from '../../context.ts';
import { toSiteSettings } from './get-site-settings.ts';
import { listActivePromotions, toWirePromotion } from '../promotions/index.ts';

/** `GET /v2/prefix`: the public configuration (spec §3, §7). Needs no key: it is where the key comes from. */
export function registerSiteRoutes(app: FastifyInstance, context: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().get('/v2/prefix', {
    schema: { tags: ['site'], summary: 'Public configuration and site settings', response: { 200: prefixResponse } },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      const promotions = await listActivePromotions(context.db, context.now());
      return { success: true, message: 'สำเร็จ', data: { ...toSiteSettings(await context.siteSettings.get()), Promotion: promotions.map(toWirePromotion) } };
    },
  });
}

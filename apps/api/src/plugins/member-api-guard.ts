import type { FastifyInstance } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../context.ts';
import { sendError } from './error-handler.ts';
import { isSiteOpen } from '../modules/site/index.ts';

/** Path prefixes of the member API (spec §7); every call under them needs the site's app key. */
export const MEMBER_API_PREFIXES = [
  '/auth-service/',
  '/user-profile-composite/',
  '/fund-composite/',
  '/rolling-composite/',
  '/prize-composite/',
  '/game-composite/',
] as const;

export const isMemberApiPath = (url: string) => MEMBER_API_PREFIXES.some((prefix) => url.startsWith(prefix));

/**
 * ARCHITECTURE.md "Wire conventions": calls other than `/v2/prefix` carry `X-Api-Key: <appId>`.
 * While the site is disabled or in maintenance (settings Disabled / Maintenance) member calls are
 * refused with SITE_CLOSED; `/v2/prefix` keeps answering so the client can say why. Before the owner
 * has set the site up and opened it (issue 24 §1), every member call answers 503 SITE_NOT_SET_UP
 * (the settings cache throws it when there is no site yet), before the key is even compared.
 */
export function registerMemberApiGuard(app: FastifyInstance, context: AppContext): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!isMemberApiPath(request.url)) return;
    const settings = await context.siteSettings.get();
    if (!isSiteOpen(settings)) return sendError(reply, 'SITE_NOT_SET_UP');
    const given = Buffer.from(String(request.headers['x-api-key'] ?? ''), 'utf8');
    const expected = Buffer.from(settings.app_id, 'utf8');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return sendError(reply, 'API_KEY_INVALID');
    }
    if (settings.is_disabled || settings.is_maintenance) return sendError(reply, 'SITE_CLOSED');
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { siteSettingsChangeBody, staffSiteSettingsResponse } from '@sabai/contracts';
import type { AppContext } from '../../context.ts';
import { requireStaffPrincipal } from '../../plugins/staff-auth.ts';
import { readEditableSettings, settingsToWire, updateSiteSettings } from './update-site-settings.ts';

/** Site settings for staff (issue 11 "Settings"): read (any signed-in staff), change (owner), audited. */
export function registerSettingsRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get('/admin-api/v1/settings', { schema: { tags: ['back office: settings'], response: { 200: staffSiteSettingsResponse } } }, async () => ({ success: true, message: 'ok', data: settingsToWire(await readEditableSettings(context.db)) }));
  routes.post('/admin-api/v1/settings', { schema: { tags: ['back office: settings'], body: siteSettingsChangeBody, response: { 200: staffSiteSettingsResponse } } }, async (request) => {
    const staff = requireStaffPrincipal(request);
    const { withdrawMin, withdrawMax, withdrawAutoMax, depositReviewThreshold, amlReviewAbove, affiliateAutoWithdrawMax, ...rest } = request.body.change;
    const updated = await updateSiteSettings(context, {
      change: {
        ...rest,
        ...(withdrawMin !== undefined ? { withdrawMinSatang: withdrawMin } : {}),
        ...(withdrawMax !== undefined ? { withdrawMaxSatang: withdrawMax } : {}),
        ...(withdrawAutoMax !== undefined ? { withdrawAutoMaxSatang: withdrawAutoMax } : {}),
        ...(depositReviewThreshold !== undefined ? { depositReviewThresholdSatang: depositReviewThreshold } : {}),
        ...(amlReviewAbove !== undefined ? { amlReviewAboveSatang: amlReviewAbove } : {}),
        ...(affiliateAutoWithdrawMax !== undefined ? { affiliateAutoWithdrawMaxSatang: affiliateAutoWithdrawMax } : {}),
      },
      reason: request.body.reason,
      actor: `staff:${staff.username}`,
      actorRole: staff.role,
      address: request.ip,
    });
    return { success: true, message: 'บันทึกการตั้งค่าแล้ว', data: settingsToWire(updated) };
  });
}

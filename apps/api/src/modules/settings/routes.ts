import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { siteSettingsChange, siteSettingsChangeBody, staffSiteSettingsResponse, type SiteSettingsChange } from '@sabai/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireStaffPrincipal } from '../../plugins/staff-auth.ts';
import { readEditableSettings, readEditableSettingsIfAny, settingsToWire, updateSiteSettings, type EditableSettings } from './update-site-settings.ts';
import { createSiteSettings } from './create-site-settings.ts';

/** Every field of the contract: the create form of a fresh site must send them all (issue 24 §1). */
const SETTINGS_FIELDS = Object.keys(siteSettingsChange.shape) as Array<keyof SiteSettingsChange>;

/** Wire names (baht) → use-case names (satang); fields absent on the wire stay absent. */
function toEditable(change: SiteSettingsChange): Partial<EditableSettings> {
  const { withdrawMin, withdrawMax, withdrawAutoMax, depositReviewThreshold, amlReviewAbove, affiliateAutoWithdrawMax, ...rest } = change;
  return {
    ...rest,
    ...(withdrawMin !== undefined ? { withdrawMinSatang: withdrawMin } : {}),
    ...(withdrawMax !== undefined ? { withdrawMaxSatang: withdrawMax } : {}),
    ...(withdrawAutoMax !== undefined ? { withdrawAutoMaxSatang: withdrawAutoMax } : {}),
    ...(depositReviewThreshold !== undefined ? { depositReviewThresholdSatang: depositReviewThreshold } : {}),
    ...(amlReviewAbove !== undefined ? { amlReviewAboveSatang: amlReviewAbove } : {}),
    ...(affiliateAutoWithdrawMax !== undefined ? { affiliateAutoWithdrawMaxSatang: affiliateAutoWithdrawMax } : {}),
  };
}

/**
 * Site settings for staff (issue 11 "Settings"): read (any signed-in staff), change (owner), audited.
 * On a fresh database (issue 24 §1) the read answers SITE_NOT_SET_UP and the same POST with every
 * field *creates* the site (owner only, audited `settings.create`, appId generated); with a field
 * missing it is refused VALIDATION_FAILED naming the missing fields.
 */
export function registerSettingsRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get('/admin-api/v1/settings', { schema: { tags: ['back office: settings'], response: { 200: staffSiteSettingsResponse } } }, async () => ({ success: true, message: 'ok', data: settingsToWire(await readEditableSettings(context.db)) }));
  routes.post('/admin-api/v1/settings', { schema: { tags: ['back office: settings'], body: siteSettingsChangeBody, response: { 200: staffSiteSettingsResponse } } }, async (request) => {
    const staff = requireStaffPrincipal(request);
    const actor = { actor: `staff:${staff.username}`, actorRole: staff.role, address: request.ip };
    if ((await readEditableSettingsIfAny(context.db)) === undefined) {
      if (staff.role !== 'owner') throw new AppError('FORBIDDEN');
      const missing = SETTINGS_FIELDS.filter((field) => request.body.change[field] === undefined);
      if (missing.length > 0) {
        throw new AppError('VALIDATION_FAILED', { message: `The site is not set up yet: send every setting to create it (missing: ${missing.join(', ')})` });
      }
      // Every field is present (checked above): the change is a complete settings object.
      const created = await createSiteSettings(context, { settings: toEditable(request.body.change) as EditableSettings, reason: request.body.reason, ...actor });
      return { success: true, message: 'สร้างเว็บไซต์แล้ว', data: settingsToWire(created) };
    }
    const updated = await updateSiteSettings(context, { change: toEditable(request.body.change), reason: request.body.reason, ...actor });
    return { success: true, message: 'บันทึกการตั้งค่าแล้ว', data: settingsToWire(updated) };
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bahtToSatang } from '@sabai/contracts';
import type { AppContext } from '../../context.ts';
import { requireStaffPrincipal } from '../../plugins/staff-auth.ts';
import { readEditableSettings, settingsToWire, updateSiteSettings } from './update-site-settings.ts';

const zeroOrBaht = z.union([z.literal(0).transform(() => 0n), bahtToSatang()]);
const basisPoints = z.number().int().min(0).max(10_000);
const change = z
  .object({
    siteName: z.string().trim().min(1).max(100),
    lineId: z.string().trim().min(1).max(64),
    alertMessage: z.string().max(2_000).nullable(),
    isMaintenance: z.boolean(),
    isDisabled: z.boolean(),
    withdrawEnabled: z.boolean(),
    withdrawMin: zeroOrBaht,
    withdrawMax: bahtToSatang(),
    withdrawAutoMax: zeroOrBaht,
    depositReviewThreshold: bahtToSatang(),
    amlReviewAbove: bahtToSatang(),
    cashbackEnabled: z.boolean(),
    cashbackBasisPoints: basisPoints,
    affiliateEnabled: z.boolean(),
    affiliateLevel1Enabled: z.boolean(),
    affiliateLevel1BasisPoints: basisPoints,
    affiliateLevel2Enabled: z.boolean(),
    affiliateLevel2BasisPoints: basisPoints,
    affiliateAutoWithdrawEnabled: z.boolean(),
    affiliateAutoWithdrawMax: zeroOrBaht,
  })
  .partial()
  .strict();

/** Site settings for staff (issue 11 "Settings"): read (any signed-in staff), change (owner), audited. */
export function registerSettingsRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get('/admin-api/v1/settings', { schema: { tags: ['back office: settings'] } }, async () => ({ success: true, message: 'ok', data: settingsToWire(await readEditableSettings(context.db)) }));
  routes.post('/admin-api/v1/settings', { schema: { tags: ['back office: settings'], body: z.object({ change, reason: z.string().min(1).max(500) }) } }, async (request) => {
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

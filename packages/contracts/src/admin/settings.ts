import { z } from 'zod';
import { baht, bahtToSatang, envelope } from '../envelope.ts';

/**
 * `POST /admin-api/v1/settings` (issue 11 "Settings", apps/api/src/modules/settings): the fields
 * the owner changes (any subset, nothing else), baht read to satang, percentages in basis points,
 * and the reason recorded in the audit log.
 */
const zeroOrBaht = z.union([z.literal(0).transform(() => 0n), bahtToSatang()]);
const basisPoints = z.number().int().min(0).max(10_000);
export const siteSettingsChange = z
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
export const siteSettingsChangeBody = z.object({ change: siteSettingsChange, reason: z.string().min(1).max(500) });

/**
 * The site settings as staff see them: the answer of `GET /admin-api/v1/settings` and of a change
 * (`POST`). Money in baht (0 where zero means "none"), percentages in basis points.
 */
export const staffSiteSettings = z.object({
  siteName: z.string(),
  lineId: z.string(),
  alertMessage: z.string().nullable(),
  isMaintenance: z.boolean(),
  isDisabled: z.boolean(),
  withdrawEnabled: z.boolean(),
  withdrawMin: baht,
  withdrawMax: baht,
  withdrawAutoMax: baht,
  depositReviewThreshold: baht,
  amlReviewAbove: baht,
  cashbackEnabled: z.boolean(),
  cashbackBasisPoints: z.number().int(),
  affiliateEnabled: z.boolean(),
  affiliateLevel1Enabled: z.boolean(),
  affiliateLevel1BasisPoints: z.number().int(),
  affiliateLevel2Enabled: z.boolean(),
  affiliateLevel2BasisPoints: z.number().int(),
  affiliateAutoWithdrawEnabled: z.boolean(),
  affiliateAutoWithdrawMax: baht,
});
export type StaffSiteSettingsWire = z.infer<typeof staffSiteSettings>;
export const staffSiteSettingsResponse = envelope(staffSiteSettings);

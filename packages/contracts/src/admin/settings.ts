import { z } from 'zod';
import { baht, bahtToSatang, envelope } from '../envelope.ts';

/**
 * `POST /admin-api/v1/settings` (issue 11 "Settings", apps/api/src/modules/settings): the fields
 * the owner changes (any subset, nothing else), baht read to satang, percentages in basis points,
 * and the reason recorded in the audit log.
 */
const zeroOrBaht = z.union([z.literal(0).transform(() => 0n), bahtToSatang()]);
const basisPoints = z.number().int().min(0).max(10_000);
/** An image the member site loads: `https://…` or a path on this site (`/static/…`); no spaces or quotes. */
const imageUrl = z.string().trim().max(500).regex(/^(https:\/\/[^\s"'<>]+|\/[^\s"'<>]*)$/, 'https://… or a path starting with /');
const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, '#rrggbb');
/** Spec §3 `theme`: the member site's colours. */
const themeColors = z.object({ primaryColor: color, secondaryColor: color, backgroundColor: color, textColor: color }).strict();
export const siteSettingsChange = z
  .object({
    siteName: z.string().trim().min(1).max(100),
    lineId: z.string().trim().min(1).max(64),
    /** Branding (spec §3 logoUrl, theme, alertyImage, cashBack.Image, Affiliate.Image). */
    logoUrl: imageUrl,
    theme: themeColors,
    alertImageUrl: imageUrl.nullable(),
    cashbackImageUrl: imageUrl.nullable(),
    affiliateImageUrl: imageUrl.nullable(),
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
/** A change as the use cases read it (money already satang). */
export type SiteSettingsChange = z.infer<typeof siteSettingsChange>;
export const siteSettingsChangeBody = z.object({ change: siteSettingsChange, reason: z.string().min(1).max(500) });

/**
 * The site settings as staff see them: the answer of `GET /admin-api/v1/settings` and of a change
 * (`POST`). Money in baht (0 where zero means "none"), percentages in basis points.
 */
export const staffSiteSettings = z.object({
  siteName: z.string(),
  lineId: z.string(),
  logoUrl: z.string(),
  theme: z.object({ primaryColor: z.string(), secondaryColor: z.string(), backgroundColor: z.string(), textColor: z.string() }),
  alertImageUrl: z.string().nullable(),
  cashbackImageUrl: z.string().nullable(),
  affiliateImageUrl: z.string().nullable(),
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

import type { Queryable } from '@sabai/db';
import { REGISTRATION_BANKS, type SiteSettings } from '@sabai/contracts';
import { satangToBahtNumber } from '@sabai/money';
import { AppError } from '../../lib/app-error.ts';

/** The `site_settings` row as stored (money in satang, percentages in basis points). */
export interface SiteSettingsRow {
  app_id: string;
  site_name: string;
  line_id: string;
  logo_url: string;
  theme: SiteSettings['theme'];
  alert_image_url: string | null;
  alert_message: string | null;
  partner: string;
  products: string[];
  is_maintenance: boolean;
  is_disabled: boolean;
  withdraw_enabled: boolean;
  withdraw_min_satang: bigint;
  withdraw_max_satang: bigint;
  withdraw_auto_max_satang: bigint;
  cashback_enabled: boolean;
  cashback_payout_basis_points: number;
  cashback_min_claim_satang: bigint;
  cashback_image_url: string | null;
  affiliate_enabled: boolean;
  affiliate_min_withdraw_satang: bigint;
  affiliate_turnover_multiple: number;
  affiliate_image_url: string | null;
  affiliate_level1_enabled: boolean;
  affiliate_level1_basis_points: number;
  affiliate_level2_enabled: boolean;
  affiliate_level2_basis_points: number;
  affiliate_auto_withdraw_enabled: boolean;
  affiliate_auto_withdraw_max_satang: bigint;
  /** A matched deposit above this waits for staff. */
  deposit_review_threshold_satang: bigint;
  /** A matched deposit above this is held for an AML review (issue 12, docs/adr/0021). */
  aml_review_above_satang: bigint;
  promptpay_request_ttl_ms: number;
  /** When the owner opened the site to members (issue 24 §1); null = not open yet: member calls answer SITE_NOT_SET_UP. */
  opened_at: Date | null;
  opened_by: string | null;
}

/** Where bank logos are served (apps/api static plugin). */
export const BANK_LOGO_PATH = '/static/banks/';

/**
 * Reads the site settings row.
 * @throws AppError SITE_NOT_SET_UP (503) when the owner has not created the site yet (a fresh
 *   production database, issue 24 §1): member calls say "opening soon", never 500.
 */
export async function loadSiteSettingsRow(db: Queryable): Promise<SiteSettingsRow> {
  const { rows } = await db.query<SiteSettingsRow>('SELECT * FROM site_settings WHERE id = 1');
  const row = rows[0];
  if (!row) throw new AppError('SITE_NOT_SET_UP');
  return row;
}

/** Whether members may use the site: it exists and the owner has opened it (issue 24 §1). */
export const isSiteOpen = (row: SiteSettingsRow): boolean => row.opened_at !== null;

/** basis points → percent number for the wire: 550 → 5.5. */
const basisPointsToPercent = (basisPoints: number) => basisPoints / 100;

/**
 * Maps the settings row to spec §3 "Public configuration" (`GET /v2/prefix`). The route adds the
 * open promotions (promotions module).
 */
export function toSiteSettings(row: SiteSettingsRow): SiteSettings {
  return {
    appId: row.app_id,
    siteName: row.site_name,
    LineId: row.line_id,
    logoUrl: row.logo_url,
    theme: row.theme,
    alertyImage: row.alert_image_url,
    alertyMessage: row.alert_message,
    cashBack: {
      usecashBack: row.cashback_enabled,
      Payout: basisPointsToPercent(row.cashback_payout_basis_points),
      minWithdraw: satangToBahtNumber(row.cashback_min_claim_satang),
      Image: row.cashback_image_url,
    },
    Affiliate: {
      useAffiliate: row.affiliate_enabled,
      minWithdraw: satangToBahtNumber(row.affiliate_min_withdraw_satang),
      turnover: row.affiliate_turnover_multiple,
      Image: row.affiliate_image_url,
      level1: { enable: row.affiliate_level1_enabled, percent: basisPointsToPercent(row.affiliate_level1_basis_points) },
      level2: { enable: row.affiliate_level2_enabled, percent: basisPointsToPercent(row.affiliate_level2_basis_points) },
      autoWithdraw: {
        useautoWithdraw: row.affiliate_auto_withdraw_enabled,
        maxautoWithdraw: satangToBahtNumber(row.affiliate_auto_withdraw_max_satang),
      },
    },
    Withdraw: {
      canWithdraw: row.withdraw_enabled,
      minWithdraw: satangToBahtNumber(row.withdraw_min_satang),
      maxWithdraw: satangToBahtNumber(row.withdraw_max_satang),
      autoWithdraw: satangToBahtNumber(row.withdraw_auto_max_satang),
    },
    Promotion: [],
    Maintenance: row.is_maintenance,
    Disabled: row.is_disabled,
    Partner: row.partner,
    Product: row.products,
    getNameBank: REGISTRATION_BANKS.map((bank) => ({
      code: bank.code,
      name: bank.name,
      officialName: bank.officialName,
      nameEn: bank.nameEn,
      shortName: bank.shortName,
      color: bank.color,
      logo: `${BANK_LOGO_PATH}${bank.logoFile}`,
    })),
  };
}

/**
 * A per-process cache of the settings row for the hot paths (X-Api-Key check on every call).
 * `maxAgeMs` bounds how long a change by staff takes to reach every process.
 */
export function createSiteSettingsCache(db: Queryable, maxAgeMs = 5_000) {
  let cached: { row: SiteSettingsRow; loadedAtMs: number } | undefined;
  return {
    async get(nowMs: number = Date.now()): Promise<SiteSettingsRow> {
      if (cached && nowMs - cached.loadedAtMs < maxAgeMs) return cached.row;
      cached = { row: await loadSiteSettingsRow(db), loadedAtMs: nowMs };
      return cached.row;
    },
    invalidate() {
      cached = undefined;
    },
  };
}
export type SiteSettingsCache = ReturnType<typeof createSiteSettingsCache>;

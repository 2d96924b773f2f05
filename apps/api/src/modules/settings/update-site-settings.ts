import type { Queryable } from '@sabai/db';
import { satangToBahtNumber } from '@sabai/money';
import type { StaffSiteSettingsWire } from '@sabai/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordStaffAction } from '../../lib/audit.ts';

/**
 * The site settings staff edit from the back office (issue 11 "Settings"): what spec §3 shows the
 * member (name, LINE id, branding — logo, theme colours, pictures —, alert, maintenance / disabled) and the money rules (withdraw limits and
 * auto-withdraw, deposit review threshold, cashback, affiliate levels and auto-withdraw). Money in
 * satang here; the route speaks baht. Every change is audited with before / after.
 */
export interface EditableSettings {
  siteName: string;
  lineId: string;
  /** Branding, spec §3: the logo, the colours, the alert / cashback / affiliate pictures. */
  logoUrl: string;
  theme: { primaryColor: string; secondaryColor: string; backgroundColor: string; textColor: string };
  alertImageUrl: string | null;
  cashbackImageUrl: string | null;
  affiliateImageUrl: string | null;
  alertMessage: string | null;
  isMaintenance: boolean;
  isDisabled: boolean;
  withdrawEnabled: boolean;
  withdrawMinSatang: bigint;
  withdrawMaxSatang: bigint;
  withdrawAutoMaxSatang: bigint;
  depositReviewThresholdSatang: bigint;
  /** Issue 12: matched deposits above it are held for an AML review (docs/adr/0021). */
  amlReviewAboveSatang: bigint;
  cashbackEnabled: boolean;
  cashbackBasisPoints: number;
  affiliateEnabled: boolean;
  affiliateLevel1Enabled: boolean;
  affiliateLevel1BasisPoints: number;
  affiliateLevel2Enabled: boolean;
  affiliateLevel2BasisPoints: number;
  affiliateAutoWithdrawEnabled: boolean;
  affiliateAutoWithdrawMaxSatang: bigint;
}

/** Each editable field's column (also the create's column list, create-site-settings.ts). */
export const COLUMNS: Record<keyof EditableSettings, string> = {
  siteName: 'site_name',
  lineId: 'line_id',
  logoUrl: 'logo_url',
  theme: 'theme',
  alertImageUrl: 'alert_image_url',
  cashbackImageUrl: 'cashback_image_url',
  affiliateImageUrl: 'affiliate_image_url',
  alertMessage: 'alert_message',
  isMaintenance: 'is_maintenance',
  isDisabled: 'is_disabled',
  withdrawEnabled: 'withdraw_enabled',
  withdrawMinSatang: 'withdraw_min_satang',
  withdrawMaxSatang: 'withdraw_max_satang',
  withdrawAutoMaxSatang: 'withdraw_auto_max_satang',
  depositReviewThresholdSatang: 'deposit_review_threshold_satang',
  amlReviewAboveSatang: 'aml_review_above_satang',
  cashbackEnabled: 'cashback_enabled',
  cashbackBasisPoints: 'cashback_payout_basis_points',
  affiliateEnabled: 'affiliate_enabled',
  affiliateLevel1Enabled: 'affiliate_level1_enabled',
  affiliateLevel1BasisPoints: 'affiliate_level1_basis_points',
  affiliateLevel2Enabled: 'affiliate_level2_enabled',
  affiliateLevel2BasisPoints: 'affiliate_level2_basis_points',
  affiliateAutoWithdrawEnabled: 'affiliate_auto_withdraw_enabled',
  affiliateAutoWithdrawMaxSatang: 'affiliate_auto_withdraw_max_satang',
};

/** The editable settings, or undefined on a fresh database where the owner has not created the site yet. */
export async function readEditableSettingsIfAny(db: Queryable): Promise<EditableSettings | undefined> {
  const columns = Object.entries(COLUMNS).map(([key, column]) => `${column} AS "${key}"`).join(', ');
  const { rows } = await db.query<EditableSettings>(`SELECT ${columns} FROM site_settings WHERE id = 1`);
  return rows[0];
}

/**
 * The editable settings.
 * @throws AppError SITE_NOT_SET_UP when no site exists yet (the back office then offers to create it).
 */
export async function readEditableSettings(db: Queryable): Promise<EditableSettings> {
  const settings = await readEditableSettingsIfAny(db);
  if (!settings) throw new AppError('SITE_NOT_SET_UP');
  return settings;
}

/** The wire shape (`staffSiteSettings` of @sabai/contracts): the money fields in baht, named without `Satang`. */
export function settingsToWire(settings: EditableSettings): StaffSiteSettingsWire {
  const { withdrawMinSatang, withdrawMaxSatang, withdrawAutoMaxSatang, depositReviewThresholdSatang, amlReviewAboveSatang, affiliateAutoWithdrawMaxSatang, ...rest } = settings;
  return {
    ...rest,
    withdrawMin: satangToBahtNumber(withdrawMinSatang),
    withdrawMax: satangToBahtNumber(withdrawMaxSatang),
    withdrawAutoMax: satangToBahtNumber(withdrawAutoMaxSatang),
    depositReviewThreshold: satangToBahtNumber(depositReviewThresholdSatang),
    amlReviewAbove: satangToBahtNumber(amlReviewAboveSatang),
    affiliateAutoWithdrawMax: satangToBahtNumber(affiliateAutoWithdrawMaxSatang),
  };
}

/**
 * Applies a partial change (validated shapes from the route), checking the rules across fields
 * (minimum ≤ maximum), in one transaction with its audit row. @throws AppError VALIDATION_FAILED.
 */
export async function updateSiteSettings(
  context: AppContext,
  input: { change: Partial<EditableSettings>; reason: string; actor: string; actorRole: string; address: string | null },
): Promise<EditableSettings> {
  if (!input.reason.trim()) throw new AppError('VALIDATION_FAILED', { message: 'กรุณาระบุเหตุผลการเปลี่ยนการตั้งค่า' });
  const entries = Object.entries(input.change).filter(([key, value]) => key in COLUMNS && value !== undefined) as Array<[keyof EditableSettings, unknown]>;
  if (entries.length === 0) throw new AppError('VALIDATION_FAILED', { message: 'ไม่มีการเปลี่ยนแปลง' });
  const updated = await context.db.transaction(async (tx) => {
    const locked = await tx.query('SELECT 1 FROM site_settings WHERE id = 1 FOR UPDATE');
    if (locked.rowCount === 0) throw new AppError('SITE_NOT_SET_UP');
    const before = await readEditableSettings(tx);
    const after = { ...before, ...Object.fromEntries(entries) } as EditableSettings;
    if (after.withdrawMinSatang > after.withdrawMaxSatang) throw new AppError('VALIDATION_FAILED', { message: 'ถอนขั้นต่ำต้องไม่มากกว่าถอนสูงสุด' });
    // theme is jsonb: sent as its JSON text and cast, the same on pg and PGlite.
    const sets = entries.map(([key], index) => `${COLUMNS[key]} = $${index + 1}${key === 'theme' ? '::jsonb' : ''}`).join(', ');
    await tx.query(`UPDATE site_settings SET ${sets}, updated_at = now() WHERE id = 1`, entries.map(([key, value]) => (key === 'theme' ? JSON.stringify(value) : value)));
    const changedKeys = entries.map(([key]) => key);
    const pick = (settings: EditableSettings) => Object.fromEntries(changedKeys.map((key) => [key, settings[key]]));
    await recordStaffAction(tx, {
      actor: input.actor, actorRole: input.actorRole, action: 'settings.update', subjectType: 'site_settings', subjectId: '1',
      reason: input.reason.trim(), address: input.address, before: pick(before), after: pick(after),
    });
    return after;
  });
  // This process reads the new values at once; the others within their cache's 5 seconds.
  context.siteSettings.invalidate();
  return updated;
}

import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordStaffAction } from '../../lib/audit.ts';
import { COLUMNS, type EditableSettings, readEditableSettingsIfAny } from './update-site-settings.ts';

/** Bytes of the member API key (`appId`, spec §3): 18 random bytes = 24 base64url characters. */
const APP_ID_BYTES = 18;

/**
 * Creates the site on a fresh production database (issue 24 §1): `POST /admin-api/v1/settings`
 * with every field of the `siteSettingsChange` contract, by the owner, when no site exists. The
 * member API key (`appId`) is generated here from a CSPRNG; the site is created *closed*
 * (`opened_at` null): members get SITE_NOT_SET_UP until the owner opens it from the setup
 * checklist (open-site.ts in the setup module). Audited as `settings.create` with the values.
 *
 * Columns the contract does not carry start at the product's defaults: the partner's display name
 * is the site name, no products are advertised until the lobby lists games (docs/adr/0015),
 * cashback / affiliate minimums 0 and the PromptPay request life the migration's 15 minutes.
 * @throws AppError VALIDATION_FAILED (minimum above maximum, a blank reason), SETTINGS_EXIST when a
 *   site already exists (two owners creating at once: one wins, the other is told).
 */
export async function createSiteSettings(
  context: AppContext,
  input: { settings: EditableSettings; reason: string; actor: string; actorRole: string; address: string | null },
): Promise<EditableSettings> {
  const { settings } = input;
  if (!input.reason.trim()) throw new AppError('VALIDATION_FAILED', { message: 'กรุณาระบุเหตุผลการตั้งค่า' });
  if (settings.withdrawMinSatang > settings.withdrawMaxSatang) throw new AppError('VALIDATION_FAILED', { message: 'ถอนขั้นต่ำต้องไม่มากกว่าถอนสูงสุด' });
  const appId = randomBytes(APP_ID_BYTES).toString('base64url');
  const keys = Object.keys(COLUMNS) as Array<keyof EditableSettings>;
  const created = await context.db.transaction(async (tx) => {
    const columns = ['id', 'app_id', 'partner', 'products', ...keys.map((key) => COLUMNS[key])];
    const values: unknown[] = [1, appId, settings.siteName, [], ...keys.map((key) => (key === 'theme' ? JSON.stringify(settings.theme) : settings[key]))];
    const placeholders = columns.map((column, index) => `$${index + 1}${column === 'theme' ? '::jsonb' : ''}`).join(', ');
    const inserted = await tx.query(`INSERT INTO site_settings (${columns.join(', ')}) VALUES (${placeholders}) ON CONFLICT (id) DO NOTHING`, values);
    if (inserted.rowCount === 0) throw new AppError('SETTINGS_EXIST');
    const stored = await readEditableSettingsIfAny(tx);
    if (!stored) throw new Error('invariant: site_settings row missing right after its insert');
    await recordStaffAction(tx, {
      actor: input.actor, actorRole: input.actorRole, action: 'settings.create', subjectType: 'site_settings', subjectId: '1',
      reason: input.reason.trim(), address: input.address, before: null, after: { ...stored, appIdGenerated: true },
    });
    return stored;
  });
  context.siteSettings.invalidate();
  return created;
}

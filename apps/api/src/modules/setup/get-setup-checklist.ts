import type { Queryable } from '@sabai/db';
import type { SetupChecklist, SetupItem } from '@sabai/contracts';
import type { AppConfig } from '../../config.ts';
import { isCreditableChannelSql } from '../deposits/index.ts';

/**
 * Whether a provider choice may run here: a real provider always; a sandbox one outside production,
 * or on a staging site that says so (`ALLOW_SANDBOX_PROVIDERS`, production-safety.ts).
 */
function isUsableProvider(config: AppConfig, provider: string): boolean {
  if (provider !== 'sandbox') return true;
  return config.NODE_ENV !== 'production' || config.ALLOW_SANDBOX_PROVIDERS;
}

/**
 * The game partner is usable: the sandbox where allowed, or Hub88's seamless wallet with its keys and
 * operator id configured (issue 30 §4: it cannot verify Hub88's calls or sign ours without them).
 */
function isGamePartnerReady(config: AppConfig): boolean {
  if (config.GAME_PARTNER_PROVIDER === 'hub88') return Boolean(config.HUB88_PUBLIC_KEY && config.HUB88_PRIVATE_KEY && config.HUB88_OPERATOR_ID !== undefined);
  return isUsableProvider(config, String(config.GAME_PARTNER_PROVIDER));
}

/**
 * The setup checklist (issue 24 §1), read from the database and the configuration; read-only, at
 * most a handful of small queries. Required items: the site's settings, at least one active house
 * account, every active house account creditable (an active feed source or "checked by staff"),
 * and the three rails (payouts, name checks, game partner) usable here; manual payouts also need a
 * feed source that reads the house account's debits (sms or statement); the SMS rail that sends sign-up
 * codes (issue 27). Recommended: the LINE
 * channel and a finance staff member (a second person for money decisions).
 *
 * Rails and their credentials are chosen by the environment (docs/adr/0041): the checklist shows
 * each choice and whether it can run; the deployment guide says how to change it.
 */
export async function getSetupChecklist(db: Queryable, config: AppConfig): Promise<SetupChecklist> {
  // One after another: `db` may be one connection (open-site.ts reads the checklist inside its
  // transaction), and a connection runs one statement at a time (pg deprecates queueing them).
  const site = await db.query<{ opened_at: Date | null; opened_by: string | null }>('SELECT opened_at, opened_by FROM site_settings WHERE id = 1');
  const channels = await db.query<{ active: number; creditable: number }>(
    `SELECT count(*)::int AS active, count(*) FILTER (WHERE ${isCreditableChannelSql('c')})::int AS creditable
     FROM deposit_channels c WHERE c.state = 'active'`,
  );
  const sources = await db.query<{ debit_readers: number; active: number }>(
    `SELECT count(*) FILTER (WHERE kind IN ('sms', 'statement'))::int AS debit_readers, count(*)::int AS active
     FROM bank_feed_sources WHERE is_active`,
  );
  const staff = await db.query<{ role: string; count: number }>(`SELECT role, count(*)::int AS count FROM staff_accounts WHERE status = 'active' GROUP BY role`);
  const siteRow = site.rows[0];
  const { active: activeChannels = 0, creditable = 0 } = channels.rows[0] ?? {};
  const { debit_readers: debitReaders = 0, active: activeSources = 0 } = sources.rows[0] ?? {};
  const staffByRole = Object.fromEntries(staff.rows.map((row) => [row.role, row.count]));
  const payoutProvider = String(config.PAYOUT_PROVIDER);
  const items: SetupItem[] = [
    { key: 'site', isRequired: true, isDone: siteRow !== undefined, facts: {}, screen: 'settings' },
    { key: 'houseAccounts', isRequired: true, isDone: activeChannels > 0, facts: { activeChannels }, screen: 'channels' },
    {
      key: 'feedSources', isRequired: true, isDone: activeChannels > 0 && creditable === activeChannels,
      facts: { activeSources, channelsWithoutReader: activeChannels - creditable }, screen: 'channels',
    },
    {
      key: 'payoutRail', isRequired: true,
      isDone: isUsableProvider(config, payoutProvider) && (payoutProvider !== 'manual' || debitReaders > 0),
      facts: { provider: payoutProvider, debitFeedSources: debitReaders }, screen: payoutProvider === 'manual' ? 'channels' : 'deployment',
    },
    { key: 'nameInquiryRail', isRequired: true, isDone: isUsableProvider(config, String(config.NAME_INQUIRY_PROVIDER)), facts: { provider: String(config.NAME_INQUIRY_PROVIDER) }, screen: 'deployment' },
    // Sign-up proves the phone by an SMS code (issue 27): the operator's SMS Gateway phone, or the sandbox on a staging site.
    { key: 'smsRail', isRequired: true, isDone: isUsableProvider(config, String(config.SMS_PROVIDER)), facts: { provider: String(config.SMS_PROVIDER) }, screen: 'deployment' },
    { key: 'gamePartner', isRequired: true, isDone: isGamePartnerReady(config), facts: { provider: String(config.GAME_PARTNER_PROVIDER) }, screen: 'deployment' },
    {
      key: 'lineChannel', isRequired: false, isDone: config.LINE_API_BASE_URL !== undefined || config.NODE_ENV !== 'production',
      facts: { baseUrl: config.LINE_API_BASE_URL ?? 'sandbox' }, screen: 'deployment',
    },
    { key: 'staff', isRequired: false, isDone: (staffByRole.finance ?? 0) > 0, facts: { owners: staffByRole.owner ?? 0, finance: staffByRole.finance ?? 0, others: (staffByRole.support ?? 0) + (staffByRole.marketing ?? 0) + (staffByRole.auditor ?? 0) }, screen: 'staff' },
  ];
  return {
    items,
    canOpen: items.every((item) => !item.isRequired || item.isDone),
    openedAt: siteRow?.opened_at ? siteRow.opened_at.toISOString() : null,
    openedBy: siteRow?.opened_by ?? null,
  };
}

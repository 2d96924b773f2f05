import type { SiteSettings } from '@sabai/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, SITE_NOT_SET_UP_CODE, loadSiteSettings } from './api.ts';
import { forgetStoredSiteSettings, readStoredSiteSettings, storeSiteSettings } from './stored-site-settings.ts';

export { applyTheme, readStoredSiteSettings } from './stored-site-settings.ts';

/**
 * Site settings from `GET /v2/prefix` (spec §1, §3): branding, theme, contact id, banks, switches.
 * Kept in local storage so a returning visitor sees the brand before the call answers; forgotten
 * when the server says the site is not set up (issue 24 §1: the app shows its opening-soon page).
 */
async function fetchSiteSettings(): Promise<SiteSettings> {
  try {
    const settings = await loadSiteSettings();
    storeSiteSettings(settings);
    return settings;
  } catch (error) {
    if (error instanceof ApiError && error.code === SITE_NOT_SET_UP_CODE) forgetStoredSiteSettings();
    throw error;
  }
}

/**
 * The opening-soon page's check in the member app (app/root-layout.tsx, issue 24 §1): `GET
 * /v2/prefix` again; true once the site is open (its settings stored for the page that follows).
 * A SITE_NOT_SET_UP answer is reported by the API client; any refusal or failure is false.
 */
export async function checkSiteOpenInApp(): Promise<boolean> {
  try {
    storeSiteSettings(await loadSiteSettings({ reload: true }));
    return true;
  } catch {
    return false; // still not open, or not reached: the page stays and asks again later
  }
}

export const siteSettingsQuery = queryOptions({
  queryKey: ['site-settings'],
  queryFn: fetchSiteSettings,
  staleTime: 5 * 60_000,
});

/**
 * The settings, or null while the first call is pending and nothing is stored. `isFresh` tells
 * whether the server answered during this visit.
 */
export function useSiteSettings(): { settings: SiteSettings | null; isFresh: boolean; error: unknown } {
  const query = useQuery({ ...siteSettingsQuery, placeholderData: readStoredSiteSettings() ?? undefined });
  return { settings: query.data ?? null, isFresh: query.isSuccess && !query.isPlaceholderData, error: query.error };
}

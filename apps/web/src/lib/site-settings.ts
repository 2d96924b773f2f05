import type { SiteSettings } from '@sabai/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadSiteSettings } from './api.ts';
import { readStoredSiteSettings, storeSiteSettings } from './stored-site-settings.ts';

export { applyTheme, readStoredSiteSettings } from './stored-site-settings.ts';

/**
 * Site settings from `GET /v2/prefix` (spec §1, §3): branding, theme, contact id, banks, switches.
 * Kept in local storage so a returning visitor sees the brand before the call answers.
 */
async function fetchSiteSettings(): Promise<SiteSettings> {
  const settings = await loadSiteSettings();
  storeSiteSettings(settings);
  return settings;
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

import type { SiteSettings } from '@sabai/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { STORAGE_KEYS } from '../config/storage-keys.ts';
import { loadSiteSettings } from './api.ts';
import { isObject, readJson, writeJson } from './storage.ts';

/**
 * Site settings from `GET /v2/prefix` (spec §1, §3): branding, theme, contact id, banks, switches.
 * Kept in local storage so a returning visitor sees the brand before the call answers.
 */
const isStoredSettings = (value: unknown): value is SiteSettings =>
  isObject(value) && typeof value.siteName === 'string' && isObject(value.theme) && Array.isArray(value.getNameBank);

export const readStoredSiteSettings = (): SiteSettings | null =>
  readJson(STORAGE_KEYS.siteSettings, isStoredSettings);

async function fetchSiteSettings(): Promise<SiteSettings> {
  const settings = await loadSiteSettings();
  writeJson(STORAGE_KEYS.siteSettings, settings);
  applyTheme(settings.theme);
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

const THEME_VARIABLES = {
  primaryColor: '--sabai-primary',
  secondaryColor: '--sabai-secondary',
  backgroundColor: '--sabai-background',
  textColor: '--sabai-text',
} as const;

/** Accepts CSS colours as the back office writes them; anything else keeps the default. */
const SAFE_COLOR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|hsla?\([\d\s.,%deg]+\))$/i;

/** Puts the site's theme colours into the CSS variables the styles use (index.css). */
export function applyTheme(theme: SiteSettings['theme']): void {
  const root = document.documentElement;
  for (const [field, variable] of Object.entries(THEME_VARIABLES)) {
    const value = theme[field as keyof typeof THEME_VARIABLES];
    if (typeof value === 'string' && SAFE_COLOR.test(value.trim())) root.style.setProperty(variable, value.trim());
  }
  const background = theme.backgroundColor;
  if (SAFE_COLOR.test(background)) document.querySelector('meta[name="theme-color"]')?.setAttribute('content', background);
}

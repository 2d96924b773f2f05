import type { SiteSettings } from '@sabai/contracts';
import { STORAGE_KEYS } from '../config/storage-keys.ts';
import { isObject, readJson, removeItem, writeJson } from './storage.ts';

/**
 * The site settings (`GET /v2/prefix`) kept in local storage, and the theme they carry, without
 * the API client or TanStack Query: the landing page's first load uses this file alone
 * (docs/adr/0014); lib/site-settings.ts builds the member app's query on it.
 */
export const isStoredSettings = (value: unknown): value is SiteSettings =>
  isObject(value) && typeof value.siteName === 'string' && isObject(value.theme) && Array.isArray(value.getNameBank);

export const readStoredSiteSettings = (): SiteSettings | null =>
  readJson(STORAGE_KEYS.siteSettings, isStoredSettings);

/**
 * The id of the JSON data block the server puts the site settings in when it sends app.html (the
 * `data` of `GET /v2/prefix`; apps/api plugins/static-files.ts `PAGE_SITE_SETTINGS_ID`).
 */
export const PAGE_SITE_SETTINGS_ID = 'site-settings';

/**
 * The settings app.html came with, kept as the stored copy (theme applied), so that everything
 * the first load reads afterwards (the boot script's home, app-main.tsx, the member app) starts
 * with them, also on a first visit with nothing stored (docs/adr/0050 addendum). True when the
 * page had settings of the stored shape; false otherwise (no block: the dev server, a site not
 * open, a server that could not read them), and the stored copy is left as it was.
 */
export function adoptPageSiteSettings(document: Document): boolean {
  const text = document.getElementById(PAGE_SITE_SETTINGS_ID)?.textContent;
  if (!text) return false;
  let settings: unknown;
  try {
    settings = JSON.parse(text);
  } catch {
    return false;
  }
  if (!isStoredSettings(settings)) return false;
  storeSiteSettings(settings);
  return true;
}

/** Keeps the settings for the next visit and paints with their colours now. */
export function storeSiteSettings(settings: SiteSettings): void {
  writeJson(STORAGE_KEYS.siteSettings, settings);
  applyTheme(settings.theme);
}

/**
 * Forgets the stored settings: the server says the site is not set up (issue 24 §1), so they
 * describe a site that is not open (an earlier set-up, a demo), and the next visit should start on
 * the opening-soon page, not with that brand.
 */
export function forgetStoredSiteSettings(): void {
  removeItem(STORAGE_KEYS.siteSettings);
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

/** Paints with the operator's colours from the last visit before the settings call answers. */
export function applyStoredTheme(): void {
  const stored = readStoredSiteSettings();
  if (stored) applyTheme(stored.theme);
}

import type { SiteSettings } from '@sabai/contracts';
import { fetchPublicSiteSettings } from '../lib/public-site-settings.ts';
import { readStoredSiteSettings, storeSiteSettings } from '../lib/stored-site-settings.ts';

/**
 * A first visit has no stored settings: a router-free first page (the landing page, the login
 * page) waits this long at most for the server's (asked for by the HTML's preload, with the code)
 * so that it is drawn once, with the operator's brand, banks and announcement, and nothing moves
 * when they arrive.
 */
const FIRST_SETTINGS_WAIT_MS = 1_500;

export interface FirstLoadSettings {
  /** The server's answer (null when unreachable): the page stores and shows it when it comes. */
  settingsRequest: Promise<SiteSettings | null>;
  /** What to draw first: the stored copy at once, else the server's if it answers within the wait, else null. */
  initialSettings: Promise<SiteSettings | null>;
}

/**
 * Starts `GET /v2/prefix` (lib/public-site-settings.ts, without zod or TanStack Query) and says
 * what the first render should use. A first answer is stored before that render, so the theme is
 * applied before the first paint. Used by main.tsx and login-main.tsx (docs/adr/0014, 0028).
 */
export function startFirstLoadSettings(): FirstLoadSettings {
  const settingsRequest = fetchPublicSiteSettings();
  const stored = readStoredSiteSettings();
  const waited = stored ? Promise.resolve(stored) : Promise.race([settingsRequest, delay(FIRST_SETTINGS_WAIT_MS)]);
  const initialSettings = waited.then((settings) => {
    if (settings && !stored) storeSiteSettings(settings); // the theme before the first paint
    return settings;
  });
  return { settingsRequest, initialSettings };
}

function delay(ms: number): Promise<null> {
  return new Promise((resolve) => setTimeout(() => resolve(null), ms));
}

import type { SiteSettings } from '@sabai/contracts';
import { isSiteNotSetUpAnswer, siteOpening } from './site-opening.ts';
import { isObject } from './storage.ts';
import { forgetStoredSiteSettings, isStoredSettings, storeSiteSettings } from './stored-site-settings.ts';

/** Like the API client's limit (lib/api.ts): a settings call that hangs this long is given up. */
const REQUEST_TIMEOUT_MS = 20_000;

/**
 * `GET /v2/prefix` for the landing page's first load, without the API client: a plain fetch whose
 * answer gets the shape check the stored copy gets (lib/stored-site-settings.ts), so neither zod
 * nor TanStack Query is downloaded before the landing page shows (docs/adr/0014). The member app
 * asks again through lib/api.ts and checks the answer against the contract. Null when the server
 * was not reached or answered something else: the page keeps what it shows. An answer of
 * SITE_NOT_SET_UP (issue 24 §1) is reported to lib/site-opening.ts before the promise settles, so
 * a page drawn from it shows the opening-soon page at once.
 *
 * `noStore`: past the HTTP cache (the opening-soon page's checks). The first call of a page goes
 * without it: it takes the answer of the HTML's `<link rel=preload>`.
 */
export async function fetchPublicSiteSettings({ noStore = false }: { noStore?: boolean } = {}): Promise<SiteSettings | null> {
  try {
    const response = await fetch('/v2/prefix', {
      headers: { 'Accept-Language': 'th' },
      credentials: 'same-origin',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      ...(noStore ? { cache: 'no-store' as const } : {}),
    });
    const body: unknown = await response.json();
    if (isSiteNotSetUpAnswer(body)) {
      forgetStoredSiteSettings();
      siteOpening.reportNotSetUp(body.message);
    }
    return isObject(body) && body.success === true && isStoredSettings(body.data) ? body.data : null;
  } catch {
    return null; // unreachable or not JSON: the stored copy (or the defaults) stays on screen
  }
}

/**
 * Asks `GET /v2/prefix` again past the HTTP cache (the opening-soon page's checks, issue 24 §1).
 * True when the site is open: its settings are stored then, so the page that follows draws the
 * brand at once. False when it is still not set up (the new message is reported), refused or
 * unreachable.
 */
export async function checkSiteOpen(): Promise<boolean> {
  const settings = await fetchPublicSiteSettings({ noStore: true });
  if (settings) storeSiteSettings(settings);
  return settings !== null;
}

import type { SiteSettings } from '@sabai/contracts';
import { useEffect, useState } from 'react';
import { storeSiteSettings } from './stored-site-settings.ts';

/**
 * The settings the page starts with, then the server's from `request` (stored for the next visit,
 * theme applied). main.tsx starts the request before the first render, so it is asked only once.
 * Apart from lib/public-site-settings.ts so that the signed-in home's first load, which asks for the
 * settings without React, does not load React for it (docs/adr/0050 addendum).
 */
export function usePublicSiteSettings(initial: SiteSettings | null, request: Promise<SiteSettings | null>): SiteSettings | null {
  const [settings, setSettings] = useState(initial);
  useEffect(() => {
    let isCurrent = true;
    void request.then((fresh) => {
      if (!fresh || !isCurrent) return;
      storeSiteSettings(fresh);
      // The same settings as drawn (the usual case): no re-render of the whole page (docs/adr/0045).
      setSettings((shown) => (shown !== null && JSON.stringify(shown) === JSON.stringify(fresh) ? shown : fresh));
    });
    return () => {
      isCurrent = false;
    };
  }, [request]);
  return settings;
}

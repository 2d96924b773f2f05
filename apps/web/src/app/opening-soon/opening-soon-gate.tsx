import type { ReactNode } from 'react';
import { checkSiteOpen } from '../../lib/public-site-settings.ts';
import { useSiteNotSetUpMessage } from '../../lib/use-site-opening.ts';
import { OpeningSoonPage } from './opening-soon-page.tsx';

/**
 * The router-free first loads' gate (the landing, login and member home pages, docs/adr/0014,
 * 0028, 0030): `children` (the page) while the site is open, the opening-soon page while the server
 * says it is not set up (lib/site-opening.ts, issue 24 §1). It checks again with a plain fetch
 * (lib/public-site-settings.ts), without the API client. The member app has its own gate
 * (app/root-layout.tsx).
 */
export function OpeningSoonGate({ children }: { children: ReactNode }) {
  const message = useSiteNotSetUpMessage();
  return message === null ? children : <OpeningSoonPage message={message} checkSiteOpen={checkSiteOpen} />;
}


import type { ReactNode } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { useSiteNotSetUpMessage } from '../lib/use-site-opening.ts';
import { checkSiteOpenInApp } from '../lib/site-settings.ts';
import { CatalogueSync } from './catalogue-sync.tsx';
import { OpeningSoonPage } from './opening-soon/opening-soon-page.tsx';
import { RouterLinks } from './router-links.tsx';
import { SessionWatcher } from './session-watcher.tsx';

/**
 * Wraps every route: the session rules, the game catalogue choice and scroll restoration. While the
 * server says the site is not set up (any call answering SITE_NOT_SET_UP, issue 24 §1), the
 * opening-soon page instead of all of it: no page, no session check, no refusal to show.
 */
export function RootLayout() {
  return (
    <RouterLinks>
      <UntilSiteNotSetUp>
        <SessionWatcher />
        <CatalogueSync />
        <Outlet />
        <ScrollRestoration />
      </UntilSiteNotSetUp>
    </RouterLinks>
  );
}

/**
 * The member app's gate (the first loads have app/opening-soon/opening-soon-gate.tsx): it checks
 * again through the API client. The first loads' gate, with its plain fetch, imported here moved
 * the settings modules the first loads share into chunks of their own: two more requests before
 * every first paint (measured with `npm run build`).
 */
function UntilSiteNotSetUp({ children }: { children: ReactNode }) {
  const message = useSiteNotSetUpMessage();
  return message === null ? children : <OpeningSoonPage message={message} checkSiteOpen={checkSiteOpenInApp} />;
}

/** Shown while the first route's code loads. */
export function Splash() {
  return (
    <div className="flex min-h-dvh items-center justify-center" role="status" aria-live="polite">
      <span className="size-10 animate-spin rounded-full border-4 border-primary/30 border-t-primary" />
    </div>
  );
}

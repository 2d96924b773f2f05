import { Outlet, ScrollRestoration } from 'react-router';
import { CatalogueSync } from './catalogue-sync.tsx';
import { OpeningSoonGate } from './opening-soon/opening-soon-page.tsx';
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
      <OpeningSoonGate>
        <SessionWatcher />
        <CatalogueSync />
        <Outlet />
        <ScrollRestoration />
      </OpeningSoonGate>
    </RouterLinks>
  );
}

/** Shown while the first route's code loads. */
export function Splash() {
  return (
    <div className="flex min-h-dvh items-center justify-center" role="status" aria-live="polite">
      <span className="size-10 animate-spin rounded-full border-4 border-primary/30 border-t-primary" />
    </div>
  );
}

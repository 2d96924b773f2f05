import { Outlet, ScrollRestoration } from 'react-router';
import { CatalogueSync } from './catalogue-sync.tsx';
import { RouterLinks } from './router-links.tsx';
import { SessionWatcher } from './session-watcher.tsx';

/** Wraps every route: the session rules, the game catalogue choice and scroll restoration. */
export function RootLayout() {
  return (
    <RouterLinks>
      <SessionWatcher />
      <CatalogueSync />
      <Outlet />
      <ScrollRestoration />
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

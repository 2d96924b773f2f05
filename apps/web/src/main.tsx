import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { FirstLoadLanding } from './app/landing/first-load-landing.tsx';
import { landingShareTokenOf } from './app/landing/landing-path.ts';
import type { MountOptions } from './app/mount-member-app.tsx';
import { preloadRouteModules } from './app/route-modules.ts';
import { fetchPublicSiteSettings } from './lib/public-site-settings.ts';
import { registerServiceWorker } from './lib/service-worker.ts';
import { sessionStore } from './lib/session.ts';
import { applyStoredTheme, readStoredSiteSettings, storeSiteSettings } from './lib/stored-site-settings.ts';

/**
 * A first visit has no stored settings: the page waits this long at most for the server's (asked
 * for by index.html's preload, with the code) so that it is drawn once, with the operator's
 * brand, banks and announcement, and nothing moves when they arrive.
 */
const FIRST_SETTINGS_WAIT_MS = 1_500;

/**
 * Entry of index.html: every address but `/user/…` (the server gives those app.html, app-main.tsx).
 * A signed-out visitor on the landing page gets it without the member app: React, the page and
 * its strings, under 100 kB gzip (docs/adr/0014). Anything else, or leaving the landing page,
 * starts the member app.
 */
applyStoredTheme();
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const startMemberApp = (options?: MountOptions) =>
  import('./app/mount-member-app.tsx').then(({ mountMemberApp }) => mountMemberApp(container, options));

const shareToken = landingShareTokenOf(window.location.pathname);
if (shareToken === undefined || sessionStore.get().token !== null) {
  void startMemberApp();
} else {
  const landing = createRoot(container);
  let isLeaving = false;
  const leave = (to: string, state?: unknown) => {
    if (isLeaving) return;
    isLeaving = true;
    preloadRouteModules(to); // the next page's code with the member app's, not after it
    void startMemberApp({ navigateTo: { to, state }, beforeRender: () => landing.unmount() });
  };
  const settingsRequest = fetchPublicSiteSettings();
  const stored = readStoredSiteSettings();
  const waited = stored ? Promise.resolve(stored) : Promise.race([settingsRequest, delay(FIRST_SETTINGS_WAIT_MS)]);
  void waited.then((initialSettings) => {
    if (initialSettings && !stored) storeSiteSettings(initialSettings); // the theme before the first paint
    landing.render(
      <StrictMode>
        <FirstLoadLanding initialShareToken={shareToken} initialSettings={initialSettings} settingsRequest={settingsRequest} onLeave={leave} />
      </StrictMode>,
    );
  });
}
registerServiceWorker();

function delay(ms: number): Promise<null> {
  return new Promise((resolve) => setTimeout(() => resolve(null), ms));
}

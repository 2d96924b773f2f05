import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { FirstLoadLanding } from './app/landing/first-load-landing.tsx';
import { landingShareTokenOf } from './app/landing/landing-path.ts';
import type { MountOptions } from './app/mount-member-app.tsx';
import { preloadRouteModules } from './app/route-modules.ts';
import { startFirstLoadSettings } from './app/first-load-settings.ts';
import { registerServiceWorker } from './lib/service-worker.ts';
import { sessionStore } from './lib/session.ts';
import { applyStoredTheme } from './lib/stored-site-settings.ts';

/**
 * Entry of index.html: every address but `/user/…` (the server gives those app.html, app-main.tsx,
 * and `/user/login` login.html, login-main.tsx).
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
  const { settingsRequest, initialSettings } = startFirstLoadSettings();
  void initialSettings.then((settings) => {
    landing.render(
      <StrictMode>
        <FirstLoadLanding initialShareToken={shareToken} initialSettings={settings} settingsRequest={settingsRequest} onLeave={leave} />
      </StrictMode>,
    );
  });
}
registerServiceWorker();

import './index.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { startFirstLoadSettings } from './app/first-load-settings.ts';
import { FirstLoadLogin, registeredPhoneNumberOf } from './app/login/first-load-login.tsx';
import type { MountOptions } from './app/mount-member-app.tsx';
import { preloadRouteModules } from './app/route-modules.ts';
import { paths } from './config/paths.ts';
import { registerServiceWorker } from './lib/service-worker.ts';
import { sessionStore } from './lib/session.ts';
import { warmImage } from './lib/warm-image.ts';
import { applyStoredTheme } from './lib/stored-site-settings.ts';

/**
 * Entry of login.html, which the server gives `/user/login` (docs/adr/0028). A signed-out visitor
 * gets the login page without the member app: React, the page's frame and its strings; the form
 * (API client, schemas, TanStack Query) loads at the first render. Signing in, or any
 * other way out, starts the member app, as leaving the landing page does (main.tsx). A signed-in
 * member gets the member app at once (its session rules decide where they go).
 */
applyStoredTheme();
const container = document.getElementById('root');
if (!container) throw new Error('login.html has no #root element');

const startMemberApp = (options?: MountOptions) =>
  import('./app/mount-member-app.tsx').then(({ mountMemberApp }) => mountMemberApp(container, options));

if (sessionStore.get().token !== null) {
  void startMemberApp();
} else {
  const page = createRoot(container);
  let isLeaving = false;
  let isMemberAppWarm = false;
  const warmMemberApp = () => {
    if (isMemberAppWarm) return;
    isMemberAppWarm = true;
    preloadRouteModules(paths.user.home); // where signing in goes
    import('./app/mount-member-app.tsx').catch(() => undefined); // a failure shows when the hand-over asks again
  };
  const leave = (to: string, options?: { replace?: boolean }) => {
    if (isLeaving) return;
    isLeaving = true;
    preloadRouteModules(to); // the next page's code with the member app's, not after it
    void startMemberApp({ navigateTo: { to, replace: options?.replace }, beforeRender: () => page.unmount() });
  };
  const { settingsRequest, initialSettings } = startFirstLoadSettings();
  const registeredPhoneNumber = registeredPhoneNumberOf(window.history.state);
  void initialSettings.then((settings) => {
    // The logo (the page's largest picture) is asked for before React renders the page.
    const logoReady = warmImage(settings?.logoUrl);
    // Drawn in a transition: React renders in slices and lets the browser in between, so no
    // render is one long task; nothing is on screen yet to keep. Measured (bench/README.md,
    // eighth pass): Lighthouse TBT down in 6 of 7 interleaved pairs. The landing page measured
    // worse the same way (main.tsx renders it at once).
    startTransition(() => {
      page.render(
        <StrictMode>
          <FirstLoadLogin
            initialSettings={settings}
            settingsRequest={settingsRequest}
            logoReady={logoReady}
            registeredPhoneNumber={registeredPhoneNumber}
            onLeave={leave}
            onFormTouched={warmMemberApp}
          />
        </StrictMode>,
      );
    });
  });
}
registerServiceWorker();

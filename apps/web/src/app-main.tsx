import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startFirstLoadSettings } from './app/first-load-settings.ts';
import { FirstLoadHome, isFirstLoadHomePath } from './app/home/first-load-home.tsx';
import type { MountOptions } from './app/mount-member-app.tsx';
import { preloadRouteModules, routeModules } from './app/route-modules.ts';
import { registerServiceWorker } from './lib/service-worker.ts';
import { sessionStore } from './lib/session.ts';
import { siteOpening } from './lib/site-opening.ts';
import { applyStoredTheme } from './lib/stored-site-settings.ts';
import { warmImage } from './lib/warm-image.ts';
import { yieldToMain } from './lib/yield-to-main.ts';

/**
 * Entry of app.html, the member app's first load (`/user/…`): no landing code on the way.
 *
 * A signed-in member on /user/home (the usual first page) gets the member shell and the home page
 * drawn first with React alone, from the stored session and the public settings
 * (app/home/first-load-home.tsx); the member app (router, TanStack Query, the contracts) is asked
 * for once that is painted and takes over on the same markup (docs/adr/0030), its code run step
 * by step (TAKEOVER_STEPS, docs/adr/0036). Any other page starts the member app at once, with its
 * first page's code.
 */
applyStoredTheme();
const container = document.getElementById('root');
if (!container) throw new Error('app.html has no #root element');

const startMemberApp = (options?: MountOptions) =>
  import('./app/mount-member-app.tsx').then(({ mountMemberApp }) => mountMemberApp(container, options));

/**
 * The member app's code on the first load's takeover, in the order it runs (docs/adr/0036). Each
 * step is asked for once the one before has run, and the browser gets a task in between: what a
 * step imports is evaluated in a task of its own (what an earlier step brought is not run again),
 * so no one task holds all of it. The price is a round trip per step, while the shell is on screen;
 * a member who follows a link meanwhile skips the rest (`leave`).
 */
const TAKEOVER_STEPS: readonly (() => Promise<unknown>)[] = [
  () => import('./lib/zod-first.ts'), // zod's library
  () => import('./lib/api.ts'), // the envelope's, the promotions' and the site settings' schemas
  () => import('./lib/query-client.ts'), // TanStack Query's core
  () => import('./features/games/api/get-game-wallet.ts'), // its React bindings, the game schemas
  () => import('./lib/auth.ts'), // the session calls and their schemas
  () => import('./app/router.tsx'), // React Router and the routes
  routeModules.userLayout,
  routeModules.memberGuard,
  routeModules.home,
];

const { token, user } = sessionStore.get();
if (token !== null && user !== null && isFirstLoadHomePath(window.location.pathname)) {
  // The shell in a box-less container of its own, so the member app's can take its place (below).
  const shellContainer = document.createElement('div');
  shellContainer.style.display = 'contents';
  container.append(shellContainer);
  const shell = createRoot(shellContainer);
  let leavingTo: string | undefined;
  let isTakingOver = false;
  let firstCalls: Promise<void> | undefined;
  const takeOver = async () => {
    if (isTakingOver) return;
    isTakingOver = true;
    for (const step of TAKEOVER_STEPS) {
      // The opening-soon page is on screen instead of the shell (issue 24 §1): it has no links and
      // reloads into the site once it opens, so the member app is not needed on this load.
      if (siteOpening.notSetUpMessage() !== null) return;
      if (leavingTo !== undefined) break; // the member is on the way elsewhere: the rest at once
      try {
        await step();
      } catch {
        break; // not loaded (offline?): the member app asks again below and the router shows what it gets
      }
      await yieldToMain();
    }
    if (leavingTo === undefined) {
      // The page's calls, so the app's first render draws their answers (app/home/first-calls.ts).
      firstCalls = import('./app/home/first-calls.ts').then(
        ({ startHomeFirstCalls }) => startHomeFirstCalls(),
        () => undefined, // not loaded (offline?): the page asks for its calls itself when it renders
      );
      await yieldToMain();
    }
    preloadRouteModules(leavingTo ?? window.location.pathname); // the page's code with the member app's
    await startMemberApp({
      firstCalls,
      navigateTo: () => (leavingTo === undefined ? undefined : { to: leavingTo }),
      // In the commit of the app's first render (mount-member-app.tsx): the shell's DOM leaves and
      // the app's arrives in the same frame. React lets go of the shell when the page is idle: its
      // tree is off the page already, and unmounting it took a task of its own among the first answers'.
      replaceShell: (appContainer) => {
        shellContainer.replaceWith(appContainer);
        whenIdle(() => shell.unmount());
      },
    });
  };
  const startTakeOver = () => void takeOver();
  const leave = (to: string) => {
    leavingTo ??= to;
    preloadRouteModules(to);
    void takeOver();
  };
  const { settingsRequest, initialSettings } = startFirstLoadSettings();
  void initialSettings.then((settings) => {
    void warmImage(settings?.logoUrl); // the header's logo, asked for before React draws it
    shell.render(
      <StrictMode>
        <FirstLoadHome user={user} initialSettings={settings} settingsRequest={settingsRequest} onLeave={leave} onPainted={startTakeOver} />
      </StrictMode>,
    );
  });
} else {
  preloadRouteModules(window.location.pathname); // with the member app's code, not after it (docs/adr/0025)
  void startMemberApp();
}
registerServiceWorker();

/** At the next idle period (within 2 s), or after a task where the browser has no requestIdleCallback. */
function whenIdle(run: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 2_000 });
  else setTimeout(run, 0);
}

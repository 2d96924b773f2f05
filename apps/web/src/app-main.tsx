import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startFirstLoadSettings } from './app/first-load-settings.ts';
import type { FirstLoadCard } from './app/home/first-load-card.ts';
import { FirstLoadHome, isFirstLoadHomePath } from './app/home/first-load-home.tsx';
import { startFirstLoadLive } from './app/home/first-load-live.ts';
import { trackFirstLoadPress } from './app/home/first-load-press.ts';
import type { MountOptions } from './app/mount-member-app.tsx';
import { preloadRouteModules } from './app/route-modules.ts';
import { registerServiceWorker } from './lib/service-worker.ts';
import { sessionStore } from './lib/session.ts';
import { siteOpening } from './lib/site-opening.ts';
import { applyStoredTheme } from './lib/stored-site-settings.ts';
import { warmImage } from './lib/warm-image.ts';

/**
 * Entry of app.html, the member app's first load (`/user/…`): no landing code on the way.
 *
 * A signed-in member on /user/home (the usual first page) gets the member shell and the home page
 * drawn with React alone, from the stored session and the public settings
 * (app/home/first-load-home.tsx, docs/adr/0030). After that paint the card's figures are asked for
 * and kept current by plain fetch and the member's event stream (app/home/first-load-live.ts); the
 * member app (router, TanStack Query, zod and the contracts) is not loaded until the member does
 * something on the page, comes back to it, or the server's answer needs it (docs/adr/0045). Any
 * other page starts the member app at once, with its first page's code.
 */
applyStoredTheme();
const container = document.getElementById('root');
if (!container) throw new Error('app.html has no #root element');

const startMemberApp = (options?: MountOptions) =>
  import('./app/mount-member-app.tsx').then(({ mountMemberApp }) => mountMemberApp(container, options));

/**
 * What wakes the member app on the first load of /user/home: the member touching, clicking or
 * typing on the page (captured before the page's own handlers), or coming back to it (another app
 * or tab was in front: a deposit may have been made meanwhile).
 */
const WAKE_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'wheel'] as const;
/**
 * The shell's buttons that need the member app (the footer dialogs, the bonus choice: they do
 * nothing in the shell). A press on one before the app is in is pressed again on the app's same
 * button once the app's first effects have run, also when the shell left while the finger was
 * still down (app/home/first-load-press.ts), so the dialog opens without a second tap.
 */
const REPLAYED_BUTTONS = 'button[aria-haspopup="dialog"][data-testid], button[data-testid="open-bonus-choice"]';

const { token, user } = sessionStore.get();
if (token !== null && user !== null && isFirstLoadHomePath(window.location.pathname)) {
  // The shell in a box-less container of its own, so the member app's can take its place (below).
  const shellContainer = document.createElement('div');
  shellContainer.style.display = 'contents';
  container.append(shellContainer);
  const shell = createRoot(shellContainer);
  const live = new AbortController();
  let leavingTo: string | undefined;
  let isTakingOver = false;
  const press = trackFirstLoadPress(window, REPLAYED_BUTTONS);
  let appContainerInPlace: HTMLElement | undefined;
  const takeOver = () => {
    if (isTakingOver) return;
    isTakingOver = true;
    live.abort(); // the app asks and listens itself from here on
    for (const type of WAKE_EVENTS) window.removeEventListener(type, wake, true);
    document.removeEventListener('visibilitychange', wakeOnReturn);
    // The opening-soon page is on screen instead of the shell (issue 24 §1): it has no links and
    // reloads into the site once it opens, so the member app is not needed on this load.
    if (siteOpening.notSetUpMessage() !== null) return press.stop();
    // The page's calls, so the app's first render draws their answers (app/home/first-calls.ts).
    const firstCalls =
      leavingTo === undefined
        ? import('./app/home/first-calls.ts').then(
            ({ startHomeFirstCalls }) => startHomeFirstCalls(),
            () => undefined, // not loaded (offline?): the page asks for its calls itself when it renders
          )
        : undefined;
    preloadRouteModules(leavingTo ?? window.location.pathname); // the page's code with the member app's
    void startMemberApp({
      firstCalls,
      navigateTo: () => (leavingTo === undefined ? undefined : { to: leavingTo }),
      // In the commit of the app's first render (mount-member-app.tsx): the shell's DOM leaves and
      // the app's arrives in the same frame. React lets go of the shell when the page is idle.
      replaceShell: (appContainer) => {
        shellContainer.replaceWith(appContainer);
        whenIdle(() => shell.unmount());
        appContainerInPlace = appContainer;
      },
      // After the app's own first effects (they close any footer dialog for the first location):
      // a press on the shell opens its dialog through the app's own handler (app/home/first-load-press.ts).
      afterFirstEffects: () => {
        if (appContainerInPlace) press.replayIn(appContainerInPlace);
        else press.stop();
      },
    });
  };
  function wake() {
    takeOver();
  }
  function wakeOnReturn() {
    if (document.visibilityState === 'visible') takeOver();
  }
  for (const type of WAKE_EVENTS) window.addEventListener(type, wake, { capture: true, passive: true });
  document.addEventListener('visibilitychange', wakeOnReturn);
  const leave = (to: string) => {
    leavingTo ??= to;
    preloadRouteModules(to);
    takeOver();
  };
  const { settingsRequest, initialSettings } = startFirstLoadSettings();
  void initialSettings.then((settings) => {
    void warmImage(settings?.logoUrl); // the header's logo, asked for before React draws it
    const draw = (card: FirstLoadCard | null) =>
      shell.render(
        <StrictMode>
          <FirstLoadHome user={user} card={card} initialSettings={settings} settingsRequest={settingsRequest} onLeave={leave} onPainted={startLive} />
        </StrictMode>,
      );
    // After the first paint (requests before it count against it): the card's figures, then its live updates.
    // Not while the opening-soon page is on screen (issue 24 §1): no member call then.
    const isSiteNotSetUp = () => siteOpening.notSetUpMessage() !== null;
    const startLive = () => {
      if (isTakingOver || isSiteNotSetUp()) return;
      void Promise.resolve(settings ?? settingsRequest).then((known) => {
        if (isTakingOver || isSiteNotSetUp()) return;
        if (!known) return takeOver(); // no API key without the settings: the app deals with it
        const onCard = (card: FirstLoadCard) => {
          sessionStore.updateUser(card.user); // kept for the next visit, as the app's refresh does (no write when unchanged)
          draw(card);
        };
        startFirstLoadLive({ appId: known.appId, token, onCard, onHandOver: takeOver, signal: live.signal });
      });
    };
    draw(null);
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

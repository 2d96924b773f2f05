import type { SiteSettings } from '@sabai/contracts';
import { startFirstLoadSettings, type FirstLoadSettings } from './app/first-load-settings.ts';
import { afterFirstContentfulPaint } from './app/home/after-first-paint.ts';
import type { FirstLoadCard } from './app/home/first-load-card.ts';
import { startFirstLoadLive } from './app/home/first-load-live.ts';
import { isFirstLoadHomePath } from './app/home/first-load-path.ts';
import { trackFirstLoadPress } from './app/home/first-load-press.ts';
import { STATIC_HOME_ATTRIBUTE, STATIC_HOME_TEMPLATE_ID, fillStaticHome, readStaticHomeStrings } from './app/home/static-home-fill.ts';
import type { MountOptions } from './app/mount-member-app.tsx';
import { preloadRouteModules } from './app/route-modules.ts';
import { registerServiceWorker } from './lib/service-worker.ts';
import { sessionStore } from './lib/session-store.ts';
import { siteOpening } from './lib/site-opening.ts';
import { applyStoredTheme, readStoredSiteSettings } from './lib/stored-site-settings.ts';
import { warmImage } from './lib/warm-image.ts';

/**
 * Entry of app.html, the member app's first load (`/user/…`): no landing code on the way.
 *
 * A signed-in member on /user/home (the usual first page) has the member shell and the home page
 * on screen before this runs: app.html's markup, filled from the stored session by its
 * render-blocking boot script (app/home/static-home-boot.ts, docs/adr/0050 decision 2). This
 * writes later figures and settings into that markup with the same filler (no React). Where it is
 * not there (the dev server, a stored member it could not fill) or the opening-soon page must be
 * drawn, the home is drawn with React (app/home/first-load-react.tsx, docs/adr/0030). After that paint the card's figures are asked for
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
  const staticHome = container.querySelector<HTMLElement>(`[${STATIC_HOME_ATTRIBUTE}]`);
  const template = document.getElementById(STATIC_HOME_TEMPLATE_ID);
  // The filler's Thai strings from app.html's data block, as the boot script read them: th.json
  // (the whole translation) is not part of this first load (docs/adr/0050 addendum).
  const strings = readStaticHomeStrings(document);
  // The home on screen, in a box-less container of its own, so the member app's can take its place (below).
  let shellContainer: HTMLElement;
  if (staticHome) shellContainer = staticHome;
  else {
    shellContainer = document.createElement('div');
    shellContainer.style.display = 'contents';
    container.append(shellContainer);
  }
  /** Set once the React home is drawn (no filled markup, or the opening-soon page): let go of at the hand-over. */
  let reactHome: Promise<{ draw: (card: FirstLoadCard | null) => void; unmount: () => void }> | undefined;
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
      // the app's arrives in the same frame. React lets go of a React shell when the page is idle.
      replaceShell: (appContainer) => {
        shellContainer.replaceWith(appContainer);
        if (reactHome) void reactHome.then((home) => whenIdle(home.unmount));
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
  // `GET /v2/prefix` (preloaded by app.html): asked for where it is first needed, so that on the
  // filled home its fetch is a task after the paint of its own (issue 26 §4), not part of this
  // module's evaluation.
  let firstLoadSettings: FirstLoadSettings | undefined;
  const settingsOnce = () => (firstLoadSettings ??= startFirstLoadSettings());
  // After the first paint (requests before it count against it): the card's figures, then its live updates.
  // Not while the opening-soon page is on screen (issue 24 §1): no member call then.
  const isSiteNotSetUp = () => siteOpening.notSetUpMessage() !== null;
  let draw: (card: FirstLoadCard | null) => void = () => undefined;
  const startLive = (settings: SiteSettings | null) => {
    if (isTakingOver || isSiteNotSetUp()) return;
    void Promise.resolve(settings ?? settingsOnce().settingsRequest).then((known) => {
      if (isTakingOver || isSiteNotSetUp()) return;
      if (!known) return takeOver(); // no API key without the settings: the app deals with it
      // The answer drawn, then kept for the next visit as the app's refresh does (no write when
      // unchanged): each in a task of its own, not in the one that read the last answer (issue 26 §4).
      const onCard = (card: FirstLoadCard) =>
        setTimeout(() => {
          draw(card);
          // Not once the app is in: its own refresh keeps the member, maybe a newer answer than this.
          setTimeout(() => isTakingOver || sessionStore.updateUser(card.user), 0);
        }, 0);
      startFirstLoadLive({ appId: known.appId, token, onCard, onHandOver: takeOver, signal: live.signal });
    });
  };
  const drawWithReact = (settings: SiteSettings | null) => {
    reactHome = import('./app/home/first-load-react.tsx').then(({ drawReactFirstLoadHome }) =>
      drawReactFirstLoadHome(shellContainer, { user, initialSettings: settings, settingsRequest: settingsOnce().settingsRequest, onLeave: leave, onPainted: () => startLive(settings) }),
    );
    draw = (card) => void reactHome?.then((home) => home.draw(card));
  };
  if (staticHome && template instanceof HTMLTemplateElement && strings) {
    // The filled markup (app/home/static-home-boot.ts): its links hand over to the member app as
    // the React home's do (components/ui/app-link.tsx plainLinks); the figures and settings that
    // come later are written into it by the same filler.
    shellContainer.addEventListener('click', (event) => {
      const link = event.target instanceof Element ? event.target.closest('a') : null;
      if (!link || link.target !== '' || link.origin !== window.location.origin) return;
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      leave(link.pathname + link.search);
    });
    let shownSettings = readStoredSiteSettings();
    let shownCard: FirstLoadCard | null = null;
    const fill = () => fillStaticHome(shellContainer, template.content, { user, settings: shownSettings, card: shownCard, origin: window.location.origin }, strings);
    draw = (card) => {
      if (isTakingOver) return;
      shownCard = card;
      fill();
    };
    // The server's settings (the same JSON as the page's, unless the stored copy was older), then
    // the stream and the card's calls: after the paint, each in a task of its own so that none is
    // long on a slow phone (issue 26 §4), the live calls once the settings say the site is open.
    const followSettings = () =>
      settingsOnce().settingsRequest.then((settings) => {
        if (isTakingOver) return;
        if (isSiteNotSetUp()) {
          // The opening-soon page instead of the home (issue 24 §1): React's gate draws it.
          const reactContainer = document.createElement('div');
          reactContainer.style.display = 'contents';
          shellContainer.replaceWith(reactContainer);
          shellContainer = reactContainer;
          return drawWithReact(settings);
        }
        if (settings && JSON.stringify(settings) !== JSON.stringify(shownSettings)) {
          shownSettings = settings;
          fill();
        }
      });
    afterFirstContentfulPaint(() => void followSettings().then(() => setTimeout(() => startLive(shownSettings), 0)));
  } else {
    void settingsOnce().initialSettings.then((settings) => {
      void warmImage(settings?.logoUrl); // the header's logo, asked for before React draws it
      drawWithReact(settings);
    });
  }
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

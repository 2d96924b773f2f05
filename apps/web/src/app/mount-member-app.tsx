import '../index.css';
import { StrictMode, startTransition, useEffect, useLayoutEffect, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { gameWalletQuery } from '../features/games/api/get-game-wallet.ts';
import { queryClient } from '../lib/query-client.ts';
import { sessionStore } from '../lib/session.ts';
import { warmImage } from '../lib/warm-image.ts';
import { yieldToMain } from '../lib/yield-to-main.ts';
import { siteSettingsQuery } from '../lib/site-settings.ts';
import { AppProvider } from './provider.tsx';
import { createRouter } from './router.tsx';

/**
 * How long the first render waits for the site settings (asked for by the page's preload, with
 * the code) when none are stored: drawn once with the brand and the announcement strip, nothing
 * moves when they arrive. A slower answer is drawn when it comes, as before.
 */
const FIRST_SETTINGS_WAIT_MS = 1_500;

type Router = ReturnType<typeof createRouter>;

export interface NavigateTarget {
  to: string;
  state?: unknown;
  replace?: boolean;
}

export interface MountOptions {
  /**
   * A navigation to make before the first render: where the landing or login page hands over
   * (login, register, home). A function is asked once the app's code is in: the first load of
   * /user/home hands over whether or not the member followed a link meanwhile.
   */
  navigateTo?: NavigateTarget | (() => NavigateTarget | undefined);
  /** Runs right before the member app's first render: the landing page leaves the container. */
  beforeRender?: () => void;
  /**
   * The first load's member shell is on screen (app/home/first-load-home.tsx): the app renders
   * in the background, in slices (a transition) into a container of its own (`display: contents`,
   * so it adds no box), and in the commit of that render this puts the container where the shell
   * was: the shell leaves and the app shows in the same frame, without one long render task
   * (docs/adr/0030). `container` is not used then.
   */
  replaceShell?: (appContainer: HTMLElement) => void;
  /**
   * With `replaceShell`: runs once in the passive effects of that first commit, after every effect
   * of the app's own (its stores are in their first state: the footer dialogs' provider has closed
   * its dialog for the first location). A press the shell took is pressed again here, not in the
   * commit: pressed earlier, the app's own first effects closed the dialog it opened.
   */
  afterFirstEffects?: () => void;
  /**
   * With `replaceShell`: the first page's calls, started before (app/home/first-calls.ts). The
   * render waits for them as long as it may wait for the settings; without them, for the game
   * wallet alone.
   */
  firstCalls?: Promise<void>;
}

/**
 * Starts the member app (router, queries) in `container`. It renders only once the
 * first page's code is loaded, so the router's loading spinner never replaces what is already on
 * screen: the landing page while it hands over, or nothing on a member page's first load.
 */
export async function mountMemberApp(container: HTMLElement, { navigateTo, beforeRender, replaceShell, afterFirstEffects, firstCalls }: MountOptions = {}): Promise<Root> {
  // The router's set-up (routes ranked, the first match, its lazy modules) and the first calls each
  // in a task of their own, not in the one that evaluated this module (docs/adr/0036).
  await yieldToMain();
  const router = createRouter();
  await yieldToMain();
  const settings = queryClient.getQueryData(siteSettingsQuery.queryKey) ?? queryClient.prefetchQuery(siteSettingsQuery);
  let gameWallet: Promise<void> = Promise.resolve();
  if (sessionStore.get().token !== null) {
    // The member shell's game wallet (header and member card) is asked for with the page's code,
    // not after its first render (docs/adr/0025). The member's own data is not: the session
    // watcher checks it again after the first render whatever is cached (staleTime 0).
    gameWallet = queryClient.prefetchQuery(gameWalletQuery);
  }
  // The logo as soon as its address is known, while the page's code still loads (docs/adr/0025).
  void Promise.resolve(settings).then(() => warmImage(queryClient.getQueryData(siteSettingsQuery.queryKey)?.logoUrl));
  await Promise.all([untilInitialized(router), Promise.race([settings, delay(FIRST_SETTINGS_WAIT_MS)])]);
  const target = typeof navigateTo === 'function' ? navigateTo() : navigateTo;
  if (target) await router.navigate(target.to, { state: target.state, replace: target.replace });
  if (replaceShell) {
    // An answer that lands while the background render is under way, or after it, makes React
    // render the whole app again in one blocking task (useSyncExternalStore updates are
    // synchronous): the calls in flight now are waited for first, as long as the settings may be
    // (the shell shows meanwhile).
    await Promise.race([Promise.all([gameWallet, firstCalls]), delay(FIRST_SETTINGS_WAIT_MS)]);
    const appContainer = document.createElement('div');
    appContainer.style.display = 'contents';
    const root = createRoot(appContainer);
    let isInPlace = false;
    const putInPlace = () => {
      if (isInPlace) return;
      isInPlace = true;
      replaceShell(appContainer);
    };
    let isSettled = false;
    const settle = () => {
      if (isSettled) return;
      isSettled = true;
      afterFirstEffects?.();
    };
    startTransition(() =>
      root.render(
        <StrictMode>
          <OnFirstCommit onCommit={putInPlace} onEffects={settle}>
            <AppProvider>
              <RouterProvider router={router} />
            </AppProvider>
          </OnFirstCommit>
        </StrictMode>,
      ),
    );
    return root;
  }
  const root = createRoot(container);
  const render = () =>
    root.render(
      <StrictMode>
        <AppProvider>
          <RouterProvider router={router} />
        </AppProvider>
      </StrictMode>,
    );
  if (beforeRender) {
    // Handing over: the landing page (or the first load's member shell) leaves and the next page
    // is drawn in the same task, no blank frame.
    beforeRender();
    flushSync(render);
  } else {
    // A first load: React renders the page in slices and lets the browser in between.
    startTransition(render);
  }
  return root;
}

/**
 * Calls `onCommit` in the commit of its first render, after every layout effect below it (the
 * outermost layout effect runs last) and before the browser paints; then `onEffects` after every
 * passive effect below it (React may run those after the paint, in a later task).
 */
function OnFirstCommit({ onCommit, onEffects, children }: { onCommit: () => void; onEffects: () => void; children: ReactNode }) {
  useLayoutEffect(onCommit, [onCommit]);
  useEffect(onEffects, [onEffects]);
  return children;
}

function untilInitialized(router: Router): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

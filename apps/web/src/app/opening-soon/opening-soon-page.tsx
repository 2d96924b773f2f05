import { useCallback, useEffect, useRef, useState } from 'react';
import { reloadPage } from '../../lib/reload-page.ts';
import { useTranslation } from '../../lib/translate.ts';

/**
 * How often the opening-soon page asks `GET /v2/prefix` again on its own (issue 24 §1: "re-checks by
 * itself every ~60 s"). Also on focus, on coming back to the tab and on coming back online.
 */
export const OPENING_SOON_RECHECK_MS = 60_000;

/**
 * Asks `GET /v2/prefix` again; true once the site is open, its settings stored so the next page
 * draws the brand at once. A still-closed site's new message is reported to lib/site-opening.ts.
 * The first loads ask with a plain fetch (lib/public-site-settings.ts `checkSiteOpen`), the member
 * app through its API client (lib/site-settings.ts `checkSiteOpenInApp`): each keeps its own code.
 */
export type CheckSiteOpen = () => Promise<boolean>;

/**
 * The Thai "opening soon" page (issue 24 §1), drawn by every page of the member site instead of
 * itself while the server says the site is not set up (OpeningSoonGate for the first loads,
 * app/root-layout.tsx in the member app): the server's message, no links (there is no site to go to
 * yet), a "check again" button. It asks the server again (`checkSiteOpen`) every
 * OPENING_SOON_RECHECK_MS and when the visitor comes back to it, and reloads into the normal site
 * once it is open. Nothing of it is stored: it is drawn from this page load's answer only, and the
 * service worker keeps no page and no API answer (vite.config.ts). React and the strings alone, so
 * the router-free first loads can draw it (docs/adr/0014).
 */
export function OpeningSoonPage({ message, checkSiteOpen }: { message: string; checkSiteOpen: CheckSiteOpen }) {
  const { t } = useTranslation();
  const { check, isChecking } = useCheckUntilOpen(checkSiteOpen);
  useDocumentTitle(t('openingSoon.title'));
  return (
    <main className="flex min-h-dvh items-center justify-center px-6 py-10 text-center" data-testid="opening-soon">
      <div className="w-full max-w-sm">
        <OpeningSoonIcon />
        <h1 className="mt-6 text-2xl font-bold text-primary">{t('openingSoon.title')}</h1>
        <p className="mt-3 leading-relaxed text-ink/90" data-testid="opening-soon-message">
          {message || t('openingSoon.message')}
        </p>
        <p className="mt-4 text-sm leading-relaxed text-ink/60">{t('openingSoon.note')}</p>
        <button type="button" className="btn-primary mt-8 min-w-48" onClick={check} disabled={isChecking} data-testid="opening-soon-check">
          {isChecking ? t('openingSoon.checking') : t('openingSoon.checkAgain')}
        </button>
        {/* Said to screen readers when a check is under way; the button says it on screen. */}
        <p className="sr-only" role="status" aria-live="polite">
          {isChecking ? t('openingSoon.checking') : ''}
        </p>
      </div>
    </main>
  );
}

/**
 * Asks the server again, one call at a time: now (the button), every OPENING_SOON_RECHECK_MS while
 * the tab is visible, and on focus, on the tab becoming visible and on coming back online (these
 * come in bursts: a check under way answers for them). A failed or refused call changes nothing:
 * the page stays and asks again later; a new SITE_NOT_SET_UP message replaces the shown one.
 */
function useCheckUntilOpen(checkSiteOpen: CheckSiteOpen): { check: () => void; isChecking: boolean } {
  const [isChecking, setChecking] = useState(false);
  const inFlight = useRef(false);
  const isMounted = useRef(true);
  const check = useCallback(() => {
    if (inFlight.current) return;
    inFlight.current = true;
    setChecking(true);
    void checkSiteOpen()
      .catch(() => false) // a check that throws is one more "not yet": the page must keep checking
      .then((isOpen) => {
        inFlight.current = false;
        if (!isMounted.current) return;
        if (isOpen) {
          reloadPage(); // the page's own first load, into the open site (its settings are stored)
          return;
        }
        setChecking(false);
      });
  }, [checkSiteOpen]);

  useEffect(() => {
    isMounted.current = true;
    const checkIfVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    const timer = setInterval(checkIfVisible, OPENING_SOON_RECHECK_MS);
    window.addEventListener('focus', check);
    window.addEventListener('online', check);
    document.addEventListener('visibilitychange', checkIfVisible);
    return () => {
      isMounted.current = false;
      clearInterval(timer);
      window.removeEventListener('focus', check);
      window.removeEventListener('online', check);
      document.removeEventListener('visibilitychange', checkIfVisible);
    };
  }, [check]);

  return { check, isChecking };
}

/** The tab says it too (the HTML's title is the brand's); the previous title comes back if the page leaves. */
function useDocumentTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}

/** A shop sign on a door, in the theme's colours: drawn inline, no request. */
function OpeningSoonIcon() {
  return (
    <svg className="mx-auto size-24 text-primary" viewBox="0 0 96 96" fill="none" aria-hidden="true">
      <circle cx="48" cy="48" r="45" className="fill-surface" stroke="currentColor" strokeWidth="3" />
      <path d="M34 30 48 18l14 12" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
      <rect x="22" y="30" width="52" height="30" rx="6" fill="currentColor" />
      <circle cx="48" cy="45" r="9" className="stroke-page" strokeWidth="3" />
      <path d="M48 40v5.5l3.5 2.5" className="stroke-page" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M30 70h36M36 78h24" stroke="currentColor" strokeWidth="3" strokeLinecap="round" opacity="0.6" />
    </svg>
  );
}

import type { SiteSettings } from '@sabai/contracts';
import { lazy, startTransition, Suspense, useEffect, useState, type MouseEvent } from 'react';
import { AUTH_FRAME_LOGO_LINK_CLASS, AuthFrame } from '../../components/layouts/auth-frame.tsx';
import { BrandLogo } from '../../components/ui/brand-logo.tsx';
import { paths } from '../../config/paths.ts';
import { usePublicSiteSettings } from '../../lib/use-public-site-settings.ts';
import { useTranslation } from '../../lib/translate.ts';
import { OpeningSoonGate } from '../opening-soon/opening-soon-gate.tsx';

/**
 * The form's code (first-load-login-form.tsx: the form and its dialogs; the login call with the API
 * client and zod loads when the form is first touched, docs/adr/0032): asked for once the
 * operator's logo is in (it is the page's largest picture, and the form's code would share the
 * line with it) or after FORM_AFTER_LOGO_MAX_WAIT_MS, so the frame and the logo are drawn with React
 * alone (docs/adr/0028).
 */
const LoginForm = lazy(() => import('./first-load-login-form.tsx').then((forms) => ({ default: forms.FirstLoadLoginForm })));

/** The most the form's code waits for the logo: a slow or huge logo does not hold the form back longer. */
const FORM_AFTER_LOGO_MAX_WAIT_MS = 1_000;

interface FirstLoadLoginProps {
  /** The settings to draw first (stored, or the server's if it answered in time) and the server's answer. */
  initialSettings: SiteSettings | null;
  settingsRequest: Promise<SiteSettings | null>;
  /** Settles when the logo has loaded or failed (lib/warm-image.ts), at once when there is none. */
  logoReady: Promise<void>;
  /** The phone number a registration just used (the router's location state, spec §4: prefilled). */
  registeredPhoneNumber: string | undefined;
  /** Every way out: the member app takes over (login-main.tsx). */
  onLeave: (to: string, options?: { replace?: boolean }) => void;
  /**
   * The visitor touched the form (focus or press): the member app's code can start loading while
   * they type, so signing in does not wait for it. Not on load: that would be main-thread work
   * before the page is usable, for visitors who may never sign in.
   */
  onFormTouched: () => void;
}

/**
 * `/user/login` on a signed-out first load, without the member app: the markup of the member
 * app's Login route (routes/user/login.tsx inside the shell without chrome), public settings by a
 * plain fetch, and every way out handed to the member app. The opening-soon page instead while the
 * server says the site is not set up (issue 24 §1): the form's code is not asked for then.
 */
export function FirstLoadLogin({ initialSettings, settingsRequest, logoReady, registeredPhoneNumber, onLeave, onFormTouched }: FirstLoadLoginProps) {
  const { t } = useTranslation();
  const settings = usePublicSiteSettings(initialSettings, settingsRequest);
  const isFormWanted = useAfterLogo(logoReady);
  const siteName = settings?.siteName ?? 'Sabai';
  const follow = (to: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return; // a new tab: the browser's own
    event.preventDefault();
    onLeave(to);
  };

  return (
    <OpeningSoonGate>
      <div className="mx-auto min-h-dvh max-w-lg">
        <AuthFrame
          title={t('auth.loginTitle')}
          subtitle={t('auth.loginSubtitle')}
          logoLink={
            <a href={paths.index} onClick={follow(paths.index)} className={AUTH_FRAME_LOGO_LINK_CLASS} aria-label={siteName}>
              <BrandLogo logoUrl={settings?.logoUrl} siteName={siteName} className="h-14" />
            </a>
          }
        >
          {/* One boundary for the form and the line under it: nothing below the card moves when they come. */}
          <Suspense fallback={<FormLoading label={t('common.loading')} />}>
            {isFormWanted ? (
              <div onFocusCapture={onFormTouched} onPointerDownCapture={onFormTouched}>
                <LoginForm initialPhoneNumber={registeredPhoneNumber} onSignedIn={() => onLeave(paths.user.home, { replace: true })} />
                <p className="mt-3 text-center text-sm">
                  <a
                    href={paths.user.forgotPassword}
                    onClick={follow(paths.user.forgotPassword)}
                    className="text-primary underline-offset-2 hover:underline"
                    data-testid="forgot-password-link"
                  >
                    {t('auth.forgotPassword')}
                  </a>
                </p>
                <p className="mt-5 text-center text-sm text-ink/70">
                  {t('auth.noAccount')}{' '}
                  <a href={paths.user.register()} onClick={follow(paths.user.register())} className="font-semibold text-primary" data-testid="login-go-register">
                    {t('auth.goRegister')}
                  </a>
                </p>
              </div>
            ) : (
              <FormLoading label={t('common.loading')} />
            )}
          </Suspense>
        </AuthFrame>
      </div>
    </OpeningSoonGate>
  );
}

/** True once the logo has settled, or FORM_AFTER_LOGO_MAX_WAIT_MS after the first render. */
function useAfterLogo(logoReady: Promise<void>): boolean {
  const [isAfter, setAfter] = useState(false);
  useEffect(() => {
    let isCurrent = true;
    // A transition: React renders the form in slices and lets the browser in between (a plain
    // update renders it in one task, all of it blocking time once the page has painted).
    const done = () => {
      if (isCurrent) startTransition(() => setAfter(true));
    };
    void logoReady.then(done);
    const timer = setTimeout(done, FORM_AFTER_LOGO_MAX_WAIT_MS);
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [logoReady]);
  return isAfter;
}

/** While the form's code loads. */
function FormLoading({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-10" role="status" aria-live="polite">
      <span className="size-8 animate-spin rounded-full border-4 border-primary/30 border-t-primary" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}

/**
 * The phone number the router left in the history entry's state (`{ phoneNumber }` after a
 * registration, routes/user/login.tsx): react-router keeps a navigation's state under `usr`.
 */
export function registeredPhoneNumberOf(historyState: unknown): string | undefined {
  if (typeof historyState !== 'object' || historyState === null) return undefined;
  const state: unknown = (historyState as { usr?: unknown }).usr;
  if (typeof state !== 'object' || state === null) return undefined;
  const phoneNumber: unknown = (state as { phoneNumber?: unknown }).phoneNumber;
  return typeof phoneNumber === 'string' ? phoneNumber : undefined;
}

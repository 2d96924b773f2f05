import type { SiteSettings } from '@sabai/contracts';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { AnnouncementPopup } from '../../components/layouts/announcement.tsx';
import { VisitorShell, type VisitorPanel } from '../../components/layouts/visitor-shell.tsx';
import { paths } from '../../config/paths.ts';
import { LandingContent, PROMOTIONS_ANCHOR } from '../../features/landing/components/landing-content.tsx';
import { useTranslation } from '../../lib/translate.ts';
import { forgetReferralCode } from '../referral.ts';

/**
 * The forms of the slide-ins come with the API client, the contract schemas and TanStack Query,
 * which the landing page itself does not need: they load when a slide-in opens (docs/adr/0014).
 */
const LoginForm = lazy(() => import('./landing-forms.tsx').then((forms) => ({ default: forms.LandingLoginForm })));
const RegisterFlow = lazy(() => import('./landing-forms.tsx').then((forms) => ({ default: forms.LandingRegisterFlow })));

export interface LandingPageProps {
  settings: SiteSettings | null;
  referralCode: string | null;
  /** Leaves the landing page: the router's navigate in the member app, the hand-off to it on a first load. */
  navigate: (to: string, options?: { state?: unknown }) => void;
  /** False on a first load (no member app yet): the forms bring the app's providers with them. */
  hasAppProviders: boolean;
}

/**
 * `/` and `/{shareToken}` (route name Index) without the router, so a visitor's first load can
 * show it before the member app is downloaded (main.tsx); the member app's route renders the same.
 */
export function LandingPage({ settings, referralCode, navigate, hasAppProviders }: LandingPageProps) {
  const { t } = useTranslation();
  const [panel, setPanel] = useState<VisitorPanel>(null);

  return (
    <VisitorShell
      settings={settings}
      panel={panel}
      onPanelChange={setPanel}
      onHome={() => navigate(paths.index)}
      promotionHref={`#${PROMOTIONS_ANCHOR}`}
      loginPanel={
        <>
          <FormSlot>
            <LoginForm hasAppProviders={hasAppProviders} idPrefix="slide-login" onSignedIn={() => navigate(paths.user.home)} />
          </FormSlot>
          <p className="mt-3 text-center text-sm">
            <button
              type="button"
              className="text-primary underline-offset-2 hover:underline"
              onClick={() => navigate(paths.user.forgotPassword)}
              data-testid="slide-forgot-password-link"
            >
              {t('auth.forgotPassword')}
            </button>
          </p>
          <p className="mt-5 text-center text-sm text-ink/70">
            {t('auth.noAccount')}{' '}
            <button type="button" className="font-semibold text-primary underline-offset-2 hover:underline" onClick={() => setPanel('register')}>
              {t('auth.goRegister')}
            </button>
          </p>
        </>
      }
      registerPanel={
        <>
          {referralCode && (
            <p className="mb-4 rounded-lg bg-primary/10 px-3 py-2 text-xs text-primary" data-testid="slide-register-referral">
              {t('landing.referralNotice', { code: referralCode })}
            </p>
          )}
          {/* Spec §2 "two slide-in forms": the three registration steps themselves, not a link to them. */}
          <FormSlot>
            <RegisterFlow
              hasAppProviders={hasAppProviders}
              banks={settings?.getNameBank}
              referralCode={referralCode}
              onExit={() => setPanel(null)}
              onRegistered={(phoneNumber) => {
                forgetReferralCode();
                // Spec §4: after sign-up the member goes to /login.
                navigate(paths.user.login, { state: { phoneNumber } });
              }}
            />
          </FormSlot>
          <p className="mt-5 text-center text-sm text-ink/70">
            {t('auth.haveAccount')}{' '}
            <button type="button" className="font-semibold text-primary" onClick={() => setPanel('login')}>
              {t('auth.goLogin')}
            </button>
          </p>
        </>
      }
    >
      <AnnouncementPopup image={settings?.alertyImage} message={settings?.alertyMessage} />
      <LandingContent settings={settings} referralCode={referralCode} onRegister={() => setPanel('register')} onLogin={() => setPanel('login')} />
    </VisitorShell>
  );
}

/** While a form's code loads (the first time a slide-in opens). */
function FormSlot({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <div className="flex justify-center py-10" role="status" aria-live="polite">
          <span className="size-8 animate-spin rounded-full border-4 border-primary/30 border-t-primary" aria-hidden="true" />
          <span className="sr-only">{t('common.loading')}</span>
        </div>
      }
    >
      {children}
    </Suspense>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { AnnouncementPopup } from '../../components/layouts/announcement.tsx';
import { VisitorShell, type VisitorPanel } from '../../components/layouts/visitor-shell.tsx';
import { isShareToken, paths } from '../../config/paths.ts';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { LandingContent, PROMOTIONS_ANCHOR } from '../../features/landing/components/landing-content.tsx';
import { useSiteSettings } from '../../lib/site-settings.ts';
import { readReferralCode } from '../referral.ts';

/** `/` and `/{shareToken}` (route name Index). Any other single segment goes to `/`. */
export function Component() {
  const { t } = useTranslation();
  const { shareToken } = useParams();
  const navigate = useNavigate();
  const { settings } = useSiteSettings();
  const [panel, setPanel] = useState<VisitorPanel>(null);

  if (shareToken !== undefined && !isShareToken(shareToken)) return <Navigate to={paths.index} replace />;
  const referralCode = shareToken ?? readReferralCode();
  const goRegister = () => void navigate(paths.user.register(referralCode));

  return (
    <VisitorShell
      settings={settings}
      panel={panel}
      onPanelChange={setPanel}
      promotionHref={`#${PROMOTIONS_ANCHOR}`}
      loginPanel={
        <>
          <LoginForm idPrefix="slide-login" onSignedIn={() => void navigate(paths.user.home)} />
          <p className="mt-5 text-center text-sm text-ink/70">
            {t('auth.noAccount')}{' '}
            <button type="button" className="font-semibold text-primary underline-offset-2 hover:underline" onClick={() => setPanel('register')}>
              {t('auth.goRegister')}
            </button>
          </p>
        </>
      }
      registerPanel={
        <div className="space-y-5">
          <p className="text-sm leading-relaxed text-ink/75">{t('landing.registerPanelText')}</p>
          <ol className="space-y-3">
            {[t('landing.step1'), t('landing.step2'), t('landing.step3')].map((text, index) => (
              <li key={text} className="flex items-center gap-3 rounded-xl bg-white/5 px-3 py-3 text-sm">
                <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-bold text-page">{index + 1}</span>
                {text}
              </li>
            ))}
          </ol>
          {referralCode && (
            <p className="rounded-lg bg-primary/10 px-3 py-2 text-xs text-primary">{t('landing.referralNotice', { code: referralCode })}</p>
          )}
          <button type="button" className="btn-primary w-full" onClick={goRegister} data-testid="slide-register-start">
            {t('landing.registerPanelStart')}
          </button>
          <p className="text-center text-sm text-ink/70">
            {t('auth.haveAccount')}{' '}
            <button type="button" className="font-semibold text-primary" onClick={() => setPanel('login')}>
              {t('auth.goLogin')}
            </button>
          </p>
        </div>
      }
    >
      <AnnouncementPopup image={settings?.alertyImage} message={settings?.alertyMessage} />
      <LandingContent settings={settings} referralCode={referralCode} onRegister={() => setPanel('register')} onLogin={() => setPanel('login')} />
    </VisitorShell>
  );
}

import { useTranslation } from '../../../lib/translate.ts';
import { Link, useNavigate, useParams } from 'react-router';
import { isShareToken, paths } from '../../../config/paths.ts';
import { RegisterFlow } from '../../../features/auth/components/register-flow.tsx';
import { useSiteSettings } from '../../../lib/site-settings.ts';
import { forgetReferralCode, readReferralCode } from '../../referral.ts';
import { AuthPage } from './auth-page.tsx';

/** `/user/register/:shareToken?` (Signup) and `/user/join/:shareToken?` (Join). */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { shareToken } = useParams();
  const { settings } = useSiteSettings();
  const referralCode = isShareToken(shareToken) ? shareToken : readReferralCode();

  return (
    <AuthPage title={t('register.title')}>
      <RegisterFlow
        banks={settings?.getNameBank}
        referralCode={referralCode}
        onExit={() => void navigate(paths.index)}
        onRegistered={(phoneNumber) => {
          forgetReferralCode();
          void navigate(paths.user.login, { replace: true, state: { phoneNumber } });
        }}
      />
      <p className="mt-5 text-center text-sm text-ink/70">
        {t('auth.haveAccount')}{' '}
        <Link to={paths.user.login} className="font-semibold text-primary">
          {t('auth.goLogin')}
        </Link>
      </p>
    </AuthPage>
  );
}

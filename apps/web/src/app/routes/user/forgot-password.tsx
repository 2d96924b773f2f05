import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { PasswordResetFlow } from '../../../features/auth/components/password-reset-flow.tsx';
import { useTranslation } from '../../../lib/translate.ts';
import { AuthPage } from './auth-page.tsx';

/** `/user/forgot-password` (issue 27 §3; route name Login): on success, login with the phone prefilled. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <AuthPage title={t('passwordReset.title')} subtitle={t('passwordReset.subtitle')}>
      <PasswordResetFlow
        onExit={() => void navigate(paths.user.login)}
        onReset={(phoneNumber) => void navigate(paths.user.login, { replace: true, state: { phoneNumber } })}
      />
      <p className="mt-5 text-center text-sm text-ink/70">
        <Link to={paths.user.login} className="font-semibold text-primary" data-testid="reset-go-login">
          {t('passwordReset.backToLogin')}
        </Link>
      </p>
    </AuthPage>
  );
}

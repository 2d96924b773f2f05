import { useTranslation } from '../../../lib/translate.ts';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { LoginForm } from '../../../features/auth/components/login-form.tsx';
import { AuthPage } from './auth-page.tsx';

/** `/user/login` (route name Login). */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state: unknown = useLocation().state;
  const registeredPhone =
    typeof state === 'object' && state !== null && typeof (state as { phoneNumber?: unknown }).phoneNumber === 'string'
      ? (state as { phoneNumber: string }).phoneNumber
      : undefined;

  return (
    <AuthPage title={t('auth.loginTitle')} subtitle={t('auth.loginSubtitle')}>
      <LoginForm initialPhoneNumber={registeredPhone} onSignedIn={() => void navigate(paths.user.home, { replace: true })} />
      <p className="mt-3 text-center text-sm">
        <Link to={paths.user.forgotPassword} className="text-primary underline-offset-2 hover:underline" data-testid="forgot-password-link">
          {t('auth.forgotPassword')}
        </Link>
      </p>
      <p className="mt-5 text-center text-sm text-ink/70">
        {t('auth.noAccount')}{' '}
        <Link to={paths.user.register()} className="font-semibold text-primary" data-testid="login-go-register">
          {t('auth.goRegister')}
        </Link>
      </p>
    </AuthPage>
  );
}

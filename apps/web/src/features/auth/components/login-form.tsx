import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/translate.ts';
import { Field } from '../../../components/ui/field.tsx';
import { useDialogs } from '../../../components/ui/dialogs.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useLogin } from '../api/login.ts';
import { readRememberedCredentials } from '../api/remembered-credentials.ts';
import { digitsOnly, validateLogin } from '../validation.ts';

interface LoginFormProps {
  /** Called after the session is stored (spec §4: the caller goes to /user/home). */
  onSignedIn: () => void;
  /** Prefill, e.g. the phone just registered. */
  initialPhoneNumber?: string;
  idPrefix?: string;
}

/** Phone + password login (spec §5), used by /user/login and the landing page's slide-in. */
export function LoginForm({ onSignedIn, initialPhoneNumber, idPrefix = 'login' }: LoginFormProps) {
  const { t } = useTranslation();
  const { showError } = useDialogs();
  const remembered = readRememberedCredentials();
  const [phoneNumber, setPhoneNumber] = useState(initialPhoneNumber ?? remembered?.phoneNumber ?? '');
  const [password, setPassword] = useState(initialPhoneNumber ? '' : (remembered?.password ?? ''));
  const [remember, setRemember] = useState(remembered !== null);
  const loginMutation = useLogin();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateLogin({ phoneNumber, password });
    if (problem) return showError(problem);
    loginMutation.mutate(
      { phoneNumber: phoneNumber.trim(), Password: password, remember },
      { onSuccess: onSignedIn, onError: (error) => showError(errorMessage(error)) },
    );
  };

  return (
    <form onSubmit={submit} className="space-y-4" noValidate data-testid={`${idPrefix}-form`}>
      <Field label={t('auth.phone')}>
        <input
          className="input"
          inputMode="numeric"
          autoComplete="username"
          placeholder={t('auth.phonePlaceholder')}
          value={phoneNumber}
          onChange={(event) => setPhoneNumber(digitsOnly(event.target.value, 10))}
          data-testid={`${idPrefix}-phone`}
        />
      </Field>
      <Field label={t('auth.password')}>
        <PasswordInput
          autoComplete="current-password"
          placeholder={t('auth.passwordPlaceholder')}
          value={password}
          maxLength={64}
          onChange={(event) => setPassword(event.target.value)}
          data-testid={`${idPrefix}-password`}
        />
      </Field>
      <label className="flex items-center gap-2 text-sm text-ink/80">
        <input
          type="checkbox"
          className="size-4 accent-[var(--sabai-primary)]"
          checked={remember}
          onChange={(event) => setRemember(event.target.checked)}
          data-testid={`${idPrefix}-remember`}
        />
        {t('auth.rememberMe')}
      </label>
      <button type="submit" className="btn-primary w-full" disabled={loginMutation.isPending} data-testid={`${idPrefix}-submit`}>
        {loginMutation.isPending ? t('common.loading') : t('auth.loginButton')}
      </button>
    </form>
  );
}

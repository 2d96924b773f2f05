import { SERVER_UNREACHABLE_MESSAGE } from '@sabai/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/translate.ts';
import { Field } from '../../../components/ui/field.tsx';
import { useDialogs } from '../../../components/ui/dialogs.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { readRememberedCredentials } from '../api/remembered-credentials.ts';
import { digitsOnly, validateLogin } from '../validation.ts';

/**
 * The login call with its API client and response schema (zod, the contracts): loaded when the
 * visitor first touches the form, not with the form, so `/user/login` and the landing slide-in
 * draw the form without evaluating zod (docs/adr/0032). Asked again on submit: a failed load
 * shows as the server-unreachable message.
 */
const loadLoginCall = () => import('../api/login.ts');

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
  const [isPending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isPending) return; // a second submit (Enter, a second press) while the call is out
    const problem = validateLogin({ phoneNumber, password });
    if (problem) return showError(problem);
    setPending(true);
    try {
      const outcome = await loadLoginCall().then(
        ({ logInOrExplain }) => logInOrExplain({ phoneNumber: phoneNumber.trim(), Password: password, remember }),
        () => ({ ok: false as const, message: SERVER_UNREACHABLE_MESSAGE }), // the call's code did not load
      );
      if (outcome.ok) onSignedIn();
      else showError(outcome.message);
    } finally {
      setPending(false);
    }
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      // Warming only: a load that fails here is asked again, and reported, on submit.
      onFocusCapture={() => void loadLoginCall().catch(() => undefined)}
      className="space-y-4"
      noValidate
      data-testid={`${idPrefix}-form`}
    >
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
      <button type="submit" className="btn-primary w-full" disabled={isPending} data-testid={`${idPrefix}-submit`}>
        {isPending ? t('common.loading') : t('auth.loginButton')}
      </button>
    </form>
  );
}

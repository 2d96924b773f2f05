import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/translate.ts';
import { useDialogs } from '../../../components/ui/dialogs.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { BackIcon } from '../../../components/ui/icons.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { useFinishPasswordReset, useStartPasswordReset } from '../api/password-reset.ts';
import { digitsOnly, validateNewPassword, validateOneTimeCode, validatePhoneNumber } from '../validation.ts';
import { OneTimeCodeFields, useCountdown } from './one-time-code.tsx';

interface PasswordResetFlowProps {
  /** After the success dialog closes: the caller goes to login with the phone prefilled. */
  onReset: (phoneNumber: string) => void;
  /** Back from the first step. */
  onExit: () => void;
}

/** Code refusals shown under the code field; any other refusal is a dialog. */
const CODE_REFUSALS: ReadonlySet<string> = new Set(['CODE_INVALID', 'CODE_EXPIRED']);

/**
 * Forgot password (issue 27 §3): the phone → a code by SMS → the code with a new password and its
 * confirmation (sign-up's rules) → success, every session of the member ended by the server → login.
 * The start answers the same whether or not the number is a member's, so this page says nothing
 * about it either.
 */
export function PasswordResetFlow({ onReset, onExit }: PasswordResetFlowProps) {
  const { t } = useTranslation();
  const { showError, showSuccess, showToast } = useDialogs();
  const [step, setStep] = useState<'phone' | 'code'>('phone');
  const [phoneNumber, setPhoneNumber] = useState('');
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [codeExpiresInSeconds, setCodeExpiresInSeconds] = useState(0);
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const resendCountdown = useCountdown();
  const start = useStartPasswordReset();
  const finish = useFinishPasswordReset();

  const sendCode = (onSent: () => void) =>
    start.mutate(phoneNumber, {
      onSuccess: (sent) => {
        setCodeExpiresInSeconds(sent.codeExpiresInSeconds);
        setCode('');
        setCodeError(null);
        resendCountdown.start(sent.resendAfterSeconds);
        onSent();
      },
      onError: (error) => showError(errorMessage(error)),
    });

  const submitPhone = (event: FormEvent) => {
    event.preventDefault();
    const problem = validatePhoneNumber(phoneNumber);
    if (problem) return showError(problem);
    sendCode(() => setStep('code'));
  };

  const submitReset = (event: FormEvent) => {
    event.preventDefault();
    const codeProblem = validateOneTimeCode(code);
    if (codeProblem) return setCodeError(codeProblem);
    const passwordProblem = validateNewPassword({ password: newPassword, confirmPassword });
    if (passwordProblem) return showError(passwordProblem);
    finish.mutate(
      { phoneNumber, code, newPassword },
      {
        onSuccess: (message) =>
          showSuccess(message || t('passwordReset.success'), { detail: t('passwordReset.successDetail'), onClose: () => onReset(phoneNumber) }),
        onError: (error) => {
          if (error instanceof ApiError && error.code !== null && CODE_REFUSALS.has(error.code)) setCodeError(errorMessage(error));
          else showError(errorMessage(error));
        },
      },
    );
  };

  return (
    <div data-testid="password-reset-flow" data-step={step}>
      {step === 'phone' ? (
        <form onSubmit={submitPhone} noValidate className="space-y-4" data-testid="reset-step-phone">
          <h2 className="text-lg font-bold text-primary">{t('passwordReset.phoneStepTitle')}</h2>
          <Field label={t('auth.phone')} hint={t('passwordReset.phoneHint')}>
            <input
              className="input"
              inputMode="numeric"
              autoComplete="username"
              placeholder={t('auth.phonePlaceholder')}
              value={phoneNumber}
              onChange={(event) => setPhoneNumber(digitsOnly(event.target.value, 10))}
              data-testid="reset-phone"
            />
          </Field>
          <Buttons onBack={onExit} busy={start.isPending} label={t('passwordReset.sendCode')} />
        </form>
      ) : (
        <form onSubmit={submitReset} noValidate className="space-y-4" data-testid="reset-step-code">
          <h2 className="text-lg font-bold text-primary">{t('passwordReset.codeStepTitle')}</h2>
          <OneTimeCodeFields
            phoneNumber={phoneNumber}
            code={code}
            onCodeChange={(typed) => {
              setCode(typed);
              setCodeError(null);
            }}
            error={codeError}
            codeExpiresInSeconds={codeExpiresInSeconds}
            secondsUntilResend={resendCountdown.secondsLeft}
            onResend={() => sendCode(() => showToast(t('oneTimeCode.resent')))}
            isResending={start.isPending}
            testIds={{ code: 'reset-code', error: 'reset-code-error', resend: 'reset-code-resend' }}
          />
          {/* The username lets a password manager file the new password under the right account. */}
          <input type="hidden" autoComplete="username" value={phoneNumber} readOnly />
          <Field label={t('passwordReset.newPassword')} hint={t('register.passwordHint')}>
            <PasswordInput
              autoComplete="new-password"
              value={newPassword}
              maxLength={64}
              onChange={(event) => setNewPassword(event.target.value)}
              data-testid="reset-new-password"
            />
          </Field>
          <Field label={t('passwordReset.confirmNewPassword')}>
            <PasswordInput
              autoComplete="new-password"
              value={confirmPassword}
              maxLength={64}
              onChange={(event) => setConfirmPassword(event.target.value)}
              data-testid="reset-confirm-password"
            />
          </Field>
          <Buttons onBack={() => setStep('phone')} busy={finish.isPending} label={t('passwordReset.submit')} />
        </form>
      )}
    </div>
  );
}

function Buttons({ onBack, busy, label }: { onBack: () => void; busy: boolean; label: string }) {
  const { t } = useTranslation();
  return (
    <div className="grid grid-cols-[auto_1fr] gap-3 pt-2">
      <button type="button" className="btn-outline px-4" onClick={onBack} data-testid="reset-back">
        <BackIcon className="size-5" />
        {t('common.back')}
      </button>
      <button type="submit" className="btn-primary" disabled={busy} data-testid="reset-submit">
        {busy ? t('common.loading') : label}
      </button>
    </div>
  );
}

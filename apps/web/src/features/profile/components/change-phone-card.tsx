import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/translate.ts';
import { useDialogs } from '../../../components/ui/dialogs.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { updateRememberedPhone } from '../../auth/api/remembered-credentials.ts';
import { codeLifetimeHint, formatPhoneNumber, OneTimeCodeInput, ResendCodeButton, useCountdown } from '../../auth/components/one-time-code.tsx';
import { digitsOnly, validateOneTimeCode, validatePhoneNumber } from '../../auth/validation.ts';
import { useFinishPhoneChange, useStartPhoneChange } from '../api/change-phone.ts';

/** Code refusals shown under the two code fields; any other refusal is a dialog. */
const CODE_REFUSALS: ReadonlySet<string> = new Set(['CODE_INVALID', 'CODE_EXPIRED']);

type Step = 'closed' | 'phone' | 'codes';

/**
 * The member's own phone-number change on the profile (issue 27 §3): the new number → a code by
 * SMS to the old number and one to the new → both codes → the new number is the member's phone
 * and login. The server keeps every session (the member proved both numbers), so the page stays
 * signed in; the member is refreshed and remembered credentials follow the new number. A member
 * who lost the old number is told to contact staff (they change it with a second approver).
 *
 * The server does not say which of the two codes was wrong, so one refusal line sits under both.
 */
export function ChangePhoneCard({ phoneNumber }: { phoneNumber: string }) {
  const { t } = useTranslation();
  const { showError, showSuccess, showToast } = useDialogs();
  const [step, setStep] = useState<Step>('closed');
  const [newPhoneNumber, setNewPhoneNumber] = useState('');
  const [oldCode, setOldCode] = useState('');
  const [newCode, setNewCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [codeExpiresInSeconds, setCodeExpiresInSeconds] = useState(0);
  const resendCountdown = useCountdown();
  const start = useStartPhoneChange();
  const finish = useFinishPhoneChange();

  const reset = (next: Step) => {
    setStep(next);
    setNewPhoneNumber('');
    setOldCode('');
    setNewCode('');
    setCodeError(null);
  };

  const sendCodes = (onSent: () => void) =>
    start.mutate(newPhoneNumber, {
      onSuccess: (sent) => {
        setCodeExpiresInSeconds(sent.codeExpiresInSeconds);
        setOldCode('');
        setNewCode('');
        setCodeError(null);
        resendCountdown.start(sent.resendAfterSeconds);
        onSent();
      },
      onError: (error) => showError(errorMessage(error)),
    });

  const submitPhone = (event: FormEvent) => {
    event.preventDefault();
    const problem = validatePhoneNumber(newPhoneNumber);
    if (problem) return showError(problem);
    sendCodes(() => setStep('codes'));
  };

  const submitCodes = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateOneTimeCode(oldCode) ?? validateOneTimeCode(newCode);
    if (problem) return setCodeError(problem);
    finish.mutate(
      { oldCode, newCode },
      {
        onSuccess: (changed) => {
          updateRememberedPhone(phoneNumber, changed.phoneNumber);
          reset('closed');
          showSuccess(changed.message || t('profile.changePhoneSuccess'), { detail: t('profile.changePhoneSuccessDetail', { phone: formatPhoneNumber(changed.phoneNumber) }) });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code !== null && CODE_REFUSALS.has(error.code)) setCodeError(errorMessage(error));
          else showError(errorMessage(error));
        },
      },
    );
  };

  const typed = (set: (code: string) => void) => (code: string) => {
    set(code);
    setCodeError(null);
  };

  return (
    <section className="card space-y-4 p-4" aria-label={t('profile.changePhoneTitle')} data-testid="change-phone" data-step={step}>
      <h2 className="text-base font-bold text-primary">{t('profile.changePhoneTitle')}</h2>
      {step === 'closed' && (
        <>
          <p className="text-sm text-ink/80">
            {t('profile.currentPhone')} <span className="font-semibold tracking-wide" data-testid="change-phone-current">{formatPhoneNumber(phoneNumber)}</span>
          </p>
          <button type="button" className="btn-secondary w-full" onClick={() => setStep('phone')} data-testid="change-phone-open">
            {t('profile.changePhoneTitle')}
          </button>
        </>
      )}
      {step === 'phone' && (
        <form onSubmit={submitPhone} noValidate className="space-y-4" data-testid="change-phone-step-phone">
          <p className="text-sm leading-relaxed text-ink/80">{t('profile.changePhoneIntro')}</p>
          <Field label={t('profile.newPhone')}>
            <input
              className="input"
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              placeholder={t('auth.phonePlaceholder')}
              value={newPhoneNumber}
              onChange={(event) => setNewPhoneNumber(digitsOnly(event.target.value, 10))}
              data-testid="change-phone-new"
            />
          </Field>
          <Buttons onCancel={() => reset('closed')} busy={start.isPending} label={t('profile.changePhoneSendCodes')} testId="change-phone-send" />
        </form>
      )}
      {step === 'codes' && (
        <form onSubmit={submitCodes} noValidate className="space-y-4" data-testid="change-phone-step-codes">
          <Field label={t('profile.oldPhoneCode', { phone: formatPhoneNumber(phoneNumber) })} hint={codeLifetimeHint(codeExpiresInSeconds)}>
            <OneTimeCodeInput code={oldCode} onCodeChange={typed(setOldCode)} invalid={codeError !== null} testId="change-phone-old-code" />
          </Field>
          <Field label={t('profile.newPhoneCode', { phone: formatPhoneNumber(newPhoneNumber) })}>
            <OneTimeCodeInput code={newCode} onCodeChange={typed(setNewCode)} invalid={codeError !== null} testId="change-phone-new-code" />
          </Field>
          {codeError !== null && (
            <p role="alert" className="-mt-2 text-sm text-red-400" data-testid="change-phone-code-error">
              {codeError}
            </p>
          )}
          <ResendCodeButton
            secondsUntilResend={resendCountdown.secondsLeft}
            onResend={() => sendCodes(() => showToast(t('oneTimeCode.resent')))}
            isResending={start.isPending}
            testId="change-phone-resend"
          />
          <Buttons onCancel={() => reset('closed')} busy={finish.isPending} label={t('profile.changePhoneSubmit')} testId="change-phone-submit" />
        </form>
      )}
      <p className="text-xs leading-relaxed text-ink/60" data-testid="change-phone-lost-old">
        {t('profile.changePhoneLostOld')}
      </p>
    </section>
  );
}

function Buttons({ onCancel, busy, label, testId }: { onCancel: () => void; busy: boolean; label: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <div className="grid grid-cols-[auto_1fr] gap-3">
      <button type="button" className="btn-outline px-4" onClick={onCancel} data-testid="change-phone-cancel">
        {t('common.cancel')}
      </button>
      <button type="submit" className="btn-primary" disabled={busy} data-testid={testId}>
        {busy ? t('common.loading') : label}
      </button>
    </div>
  );
}

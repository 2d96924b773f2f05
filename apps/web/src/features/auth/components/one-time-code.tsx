import { useCallback, useEffect, useState } from 'react';
import { translate, useTranslation } from '../../../lib/translate.ts';
import { Field } from '../../../components/ui/field.tsx';
import { digitsOnly, ONE_TIME_CODE_LENGTH } from '../validation.ts';

/**
 * The one-time-code step shared by sign-up and forgot password (issue 27 §1, §3): the code field
 * (`autocomplete="one-time-code"` so phones offer the SMS's code), the number it went to, how long
 * it lives, and the resend button with its countdown (the server's `resendAfterSeconds`).
 */

const MILLISECONDS_PER_SECOND = 1_000;

/**
 * A countdown in whole seconds for the resend button. `start(seconds)` (re)starts it; the
 * remaining time is read from the clock on each tick, so a throttled background tab catches up.
 */
export function useCountdown(): { secondsLeft: number; start: (seconds: number) => void } {
  const [deadlineMs, setDeadlineMs] = useState(0);
  const [nowMs, setNowMs] = useState(() => Date.now());
  useEffect(() => {
    if (deadlineMs <= Date.now()) return;
    const timer = setInterval(() => {
      const now = Date.now();
      setNowMs(now);
      if (now >= deadlineMs) clearInterval(timer);
    }, MILLISECONDS_PER_SECOND);
    return () => clearInterval(timer);
  }, [deadlineMs]);
  const start = useCallback((seconds: number) => {
    const now = Date.now();
    setNowMs(now);
    setDeadlineMs(now + Math.max(0, seconds) * MILLISECONDS_PER_SECOND);
  }, []);
  return { secondsLeft: Math.max(0, Math.ceil((deadlineMs - nowMs) / MILLISECONDS_PER_SECOND)), start };
}

/** `0812345678` → `081-234-5678`, as Thai numbers are written. */
export const formatPhoneNumber = (phoneNumber: string) =>
  phoneNumber.length === 10 ? `${phoneNumber.slice(0, 3)}-${phoneNumber.slice(3, 6)}-${phoneNumber.slice(6)}` : phoneNumber;

interface OneTimeCodeFieldsProps {
  phoneNumber: string;
  code: string;
  onCodeChange: (code: string) => void;
  /** The last refusal of the code (the server's Thai message), shown under the field. */
  error: string | null;
  codeExpiresInSeconds: number;
  secondsUntilResend: number;
  onResend: () => void;
  isResending: boolean;
  testIds: { code: string; error: string; resend: string };
}

export function OneTimeCodeFields(props: OneTimeCodeFieldsProps) {
  const { phoneNumber, code, onCodeChange, error, codeExpiresInSeconds, secondsUntilResend, onResend, isResending, testIds } = props;
  const { t } = useTranslation();
  return (
    <>
      <p className="text-sm text-ink/80" data-testid={`${testIds.code}-sent-to`}>
        {t('oneTimeCode.sentTo', { phone: formatPhoneNumber(phoneNumber), digits: ONE_TIME_CODE_LENGTH })}
      </p>
      <Field label={t('oneTimeCode.label')} hint={codeLifetimeHint(codeExpiresInSeconds)}>
        <OneTimeCodeInput code={code} onCodeChange={onCodeChange} invalid={error !== null} testId={testIds.code} />
      </Field>
      {error !== null && (
        <p role="alert" className="-mt-2 text-sm text-red-400" data-testid={testIds.error}>
          {error}
        </p>
      )}
      <ResendCodeButton secondsUntilResend={secondsUntilResend} onResend={onResend} isResending={isResending} testId={testIds.resend} />
    </>
  );
}

/** "รหัสใช้ได้ N นาที ห้ามบอกรหัสนี้กับผู้อื่น", N the code's life rounded up to whole minutes (at least 1). */
export const codeLifetimeHint = (codeExpiresInSeconds: number) =>
  translate('oneTimeCode.lifetime', { minutes: Math.max(1, Math.ceil(codeExpiresInSeconds / 60)) });

/**
 * One six-digit code box: `autocomplete="one-time-code"` (phones offer the SMS's code), numeric
 * keyboard, non-digits dropped as typed. Wrap it in a `Field` for its label.
 */
export function OneTimeCodeInput({ code, onCodeChange, invalid, testId }: { code: string; onCodeChange: (code: string) => void; invalid: boolean; testId: string }) {
  return (
    <input
      className="input text-center text-2xl tracking-[0.5em]"
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={ONE_TIME_CODE_LENGTH}
      placeholder="••••••"
      value={code}
      aria-invalid={invalid}
      onChange={(event) => onCodeChange(digitsOnly(event.target.value, ONE_TIME_CODE_LENGTH))}
      data-testid={testId}
    />
  );
}

/** "ไม่ได้รับรหัส? ส่งรหัสอีกครั้ง", disabled with its countdown until the server allows a resend. */
export function ResendCodeButton({ secondsUntilResend, onResend, isResending, testId }: { secondsUntilResend: number; onResend: () => void; isResending: boolean; testId: string }) {
  const { t } = useTranslation();
  const canResend = secondsUntilResend === 0 && !isResending;
  return (
    <p className="text-center text-sm text-ink/70">
      {t('oneTimeCode.notReceived')}{' '}
      <button
        type="button"
        className="font-semibold text-primary disabled:text-ink/45"
        disabled={!canResend}
        onClick={onResend}
        data-testid={testId}
        data-seconds-left={secondsUntilResend}
      >
        {secondsUntilResend > 0 ? t('oneTimeCode.resendIn', { seconds: secondsUntilResend }) : t('oneTimeCode.resend')}
      </button>
    </p>
  );
}

import { DECLARED_NAME_MAX_LENGTH, REGISTRATION_BANKS, type SiteSettings } from '@sabai/contracts';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/translate.ts';
import { BankLogo } from '../../../components/ui/bank-logo.tsx';
import { useDialogs } from '../../../components/ui/dialogs.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { BackIcon, LockIcon } from '../../../components/ui/icons.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { useCheckBank, useCheckNewPassword, useCheckPhone, useResendPhoneCode, useSignup, useVerifyPhone } from '../api/register.ts';
import {
  NO_BANK_SELECTED,
  digitsOnly,
  validateBankStep,
  validateConfirmStep,
  validateOneTimeCode,
  validateNewPassword,
  validatePhoneStep,
} from '../validation.ts';
import { OneTimeCodeFields, useCountdown } from './one-time-code.tsx';

type Bank = SiteSettings['getNameBank'][number];

/**
 * The steps: 1 phone + passwords, `code` the SMS's one-time code (issue 27: part of step 1 in the
 * spec's three, the number is not proved before it), 2 bank, 3 confirm.
 */
type Step = 1 | 'code' | 2 | 3;

/** The registration checkPhone started (issue 27 §1): it, not the client's address, carries the flow. */
interface Registration {
  id: string;
  phoneNumber: string;
  isPhoneVerified: boolean;
  codeExpiresInSeconds: number;
}

/** Refusals that mean the registration is gone (or was never sent): start again at step 1. */
const REGISTRATION_GONE_CODES: ReadonlySet<string> = new Set(['REGISTRATION_EXPIRED', 'REGISTRATION_REQUIRED']);

/** Banks from settings; before settings arrive, the contract's table with the API's logo paths. */
const FALLBACK_BANKS: Bank[] = REGISTRATION_BANKS.map(({ logoFile, ...bank }) => ({ ...bank, logo: `/static/banks/${logoFile}` }));

interface RegisterFlowProps {
  banks: Bank[] | undefined;
  /** Referral code from the link (read-only, spec §5). */
  referralCode: string | null;
  /** After the success dialog closes (spec §4: go to /login). */
  onRegistered: (phoneNumber: string) => void;
  /** Back from step 1 (leave registration). */
  onExit: () => void;
}

/**
 * Three-step registration (spec §4, §5): phone + password → the SMS's code (issue 27) → bank +
 * account → confirm + submit. Each step checks locally, then asks the server (checkPhone,
 * verifyPhone, checkBank, signup); checkBank and signup carry the registration id
 * (`X-Registration-Id`).
 */
export function RegisterFlow({ banks, referralCode, onRegistered, onExit }: RegisterFlowProps) {
  const { t } = useTranslation();
  const { showError, showSuccess, showToast } = useDialogs();
  const bankList = banks && banks.length > 0 ? banks : FALLBACK_BANKS;

  const [step, setStep] = useState<Step>(1);
  const [phoneNumber, setPhoneNumber] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [bankCode, setBankCode] = useState(NO_BANK_SELECTED);
  const [accountNumber, setAccountNumber] = useState('');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [bankToken, setBankToken] = useState<string | null>(null);
  /** The bank check named the holder: names prefilled and locked. Otherwise the member types them (docs/adr/0040). */
  const [isNameFromBank, setIsNameFromBank] = useState(false);
  const [isBonus, setIsBonus] = useState(false);
  const [dateOfBirth, setDateOfBirth] = useState('');
  const [registration, setRegistration] = useState<Registration | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const resendCountdown = useCountdown();

  const checkPhone = useCheckPhone();
  const passwordCheck = usePasswordCheck(password);
  const verifyPhone = useVerifyPhone();
  const resendCode = useResendPhoneCode();
  const checkBank = useCheckBank();
  const signup = useSignup();
  /** Shows a refusal; one that ends the registration sends the member back to the step that starts it again. */
  const fail = (error: unknown) => {
    const code = error instanceof ApiError ? error.code : null;
    if (code !== null && REGISTRATION_GONE_CODES.has(code)) {
      setRegistration(null);
      setBankToken(null);
      setStep(1);
    } else if (code === 'PHONE_NOT_VERIFIED') {
      setStep('code');
    }
    showError(errorMessage(error));
  };

  const submitPhone = (event: FormEvent) => {
    event.preventDefault();
    const problem = validatePhoneStep({ phoneNumber, password, confirmPassword });
    if (problem) return showError(problem);
    // The password passes the server's rules (common passwords) before a code is sent (issue 26 §3).
    if (!passwordCheck.isAccepted) return passwordCheck.check((accepted) => (accepted ? startWithPhone() : undefined), showError);
    startWithPhone();
  };

  /** checkPhone (a registration and its SMS code), once step 1 passed its checks. */
  const startWithPhone = () => {
    // Back from a later step with the same number: the registration goes on (no second SMS).
    if (registration?.phoneNumber === phoneNumber) return setStep(registration.isPhoneVerified ? 2 : 'code');
    checkPhone.mutate(phoneNumber, {
      onSuccess: (started) => {
        setRegistration({
          id: started.registrationId,
          phoneNumber,
          isPhoneVerified: false,
          codeExpiresInSeconds: started.codeExpiresInSeconds,
        });
        setBankToken(null);
        setCode('');
        setCodeError(null);
        resendCountdown.start(started.resendAfterSeconds);
        setStep('code');
      },
      onError: fail,
    });
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (!registration) return setStep(1);
    const problem = validateOneTimeCode(code);
    if (problem) return setCodeError(problem);
    setCodeError(null);
    verifyPhone.mutate(
      { registrationId: registration.id, code },
      {
        onSuccess: () => {
          setRegistration({ ...registration, isPhoneVerified: true });
          setStep(2);
        },
        onError: (error) => {
          const isCodeRefused = error instanceof ApiError && (error.code === 'CODE_INVALID' || error.code === 'CODE_EXPIRED');
          if (isCodeRefused) setCodeError(errorMessage(error));
          else fail(error);
        },
      },
    );
  };

  const resend = () => {
    if (!registration) return setStep(1);
    resendCode.mutate(registration.id, {
      onSuccess: (sent) => {
        setRegistration({ ...registration, codeExpiresInSeconds: sent.codeExpiresInSeconds });
        setCode('');
        setCodeError(null);
        resendCountdown.start(sent.resendAfterSeconds);
        showToast(t('oneTimeCode.resent'));
      },
      onError: fail,
    });
  };

  const submitBank = (event: FormEvent) => {
    event.preventDefault();
    if (!registration?.isPhoneVerified) return setStep(registration ? 'code' : 1);
    const problem = validateBankStep({ bankCode, accountNumber });
    if (problem) return showError(problem);
    checkBank.mutate(
      { registrationId: registration.id, BankAccount: accountNumber, BankCode: bankCode },
      {
        onSuccess: (holder) => {
          const isNamed = holder.firstName !== undefined && holder.lastName !== undefined;
          // A typed name is kept when the member goes back a step and checks again.
          if (isNamed || isNameFromBank) {
            setFirstName(holder.firstName ?? '');
            setLastName(holder.lastName ?? '');
          }
          setIsNameFromBank(isNamed);
          setBankToken(holder.token || null);
          setStep(3);
        },
        onError: fail,
      },
    );
  };

  const submitSignup = (event: FormEvent) => {
    event.preventDefault();
    if (!registration) return setStep(1);
    const problem = validateConfirmStep({ firstName, lastName, isTyped: !isNameFromBank, dateOfBirth });
    if (problem) return showError(problem);
    signup.mutate(
      {
        registrationId: registration.id,
        phoneNumber,
        Password: password,
        Confirm_Password: confirmPassword,
        BankAccount: accountNumber,
        BankCode: bankCode,
        firstName: firstName.trim(),
        lastName: lastName.trim(),
        affiliateKey: referralCode,
        isBonus,
        dateOfBirth,
        bankToken,
      },
      { onSuccess: () => showSuccess(t('register.success'), { onClose: () => onRegistered(phoneNumber) }), onError: fail },
    );
  };

  const isNameLocked = bankToken !== null && isNameFromBank;
  const chosenBank = bankList.find((bank) => bank.code === bankCode);

  return (
    <div data-testid="register-flow" data-step={step}>
      <StepIndicator step={step} />

      {step === 1 && (
        <StepForm title={t('register.step1Title')} onSubmit={submitPhone} onBack={onExit} busy={checkPhone.isPending || passwordCheck.isPending} testId="register-step-1">
          <Field label={t('auth.phone')}>
            <input
              className="input"
              inputMode="numeric"
              autoComplete="tel-national"
              placeholder={t('auth.phonePlaceholder')}
              value={phoneNumber}
              onChange={(event) => setPhoneNumber(digitsOnly(event.target.value, 10))}
              data-testid="register-phone"
            />
          </Field>
          <Field
            label={t('auth.password')}
            hint={
              passwordCheck.problem ? (
                <span className="text-red-300" role="alert" data-testid="register-password-problem">
                  {passwordCheck.problem}
                </span>
              ) : (
                t('register.passwordHint')
              )
            }
          >
            <PasswordInput
              autoComplete="new-password"
              value={password}
              maxLength={64}
              onChange={(event) => setPassword(event.target.value)}
              onBlur={() => passwordCheck.check()}
              data-testid="register-password"
            />
          </Field>
          <Field label={t('auth.confirmPassword')}>
            <PasswordInput
              autoComplete="new-password"
              value={confirmPassword}
              maxLength={64}
              onChange={(event) => setConfirmPassword(event.target.value)}
              data-testid="register-confirm-password"
            />
          </Field>
        </StepForm>
      )}

      {step === 'code' && registration && (
        <StepForm title={t('register.codeStepTitle')} onSubmit={submitCode} onBack={() => setStep(1)} busy={verifyPhone.isPending} testId="register-step-code">
          <OneTimeCodeFields
            phoneNumber={registration.phoneNumber}
            code={code}
            onCodeChange={(typed) => {
              setCode(typed);
              setCodeError(null);
            }}
            error={codeError}
            codeExpiresInSeconds={registration.codeExpiresInSeconds}
            secondsUntilResend={resendCountdown.secondsLeft}
            onResend={resend}
            isResending={resendCode.isPending}
            testIds={{ code: 'register-code', error: 'register-code-error', resend: 'register-code-resend' }}
          />
        </StepForm>
      )}

      {step === 2 && (
        <StepForm title={t('register.step2Title')} onSubmit={submitBank} onBack={() => setStep(1)} busy={checkBank.isPending} testId="register-step-2">
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-ink/80">{t('register.bank')}</legend>
            {/* Three across: a bank's Thai name is often one dictionary word ("อาคารสงเคราะห์") that four narrow tiles would cut mid-word. */}
            <div role="radiogroup" aria-label={t('register.bank')} className="grid grid-cols-3 gap-2" data-testid="register-bank" data-value={bankCode}>
              {bankList.map((bank) => {
                const selected = bank.code === bankCode;
                return (
                  <button
                    key={bank.code}
                    type="button"
                    role="radio"
                    aria-checked={selected}
                    aria-label={bank.officialName}
                    onClick={() => {
                      setBankCode(bank.code);
                      setBankToken(null);
                    }}
                    data-testid={`bank-option-${bank.code}`}
                    className={`flex flex-col items-center gap-1 rounded-xl border px-1 py-2 text-center transition ${
                      selected ? 'border-primary bg-primary/15 ring-2 ring-primary/40' : 'border-white/10 bg-black/20'
                    }`}
                  >
                    <BankLogo logoUrl={bank.logo} shortName={bank.shortName} color={bank.color} className="size-9" />
                    <span className="line-clamp-2 min-h-[2lh] w-full text-[11px] leading-tight text-ink/80">
                      <SpaceSeparatedWords text={bank.name} />
                    </span>
                  </button>
                );
              })}
            </div>
          </fieldset>
          <Field label={t('register.accountNumber')} hint={t('register.bankNote')}>
            <input
              className="input tracking-wider"
              inputMode="numeric"
              placeholder={t('register.accountNumberPlaceholder')}
              value={accountNumber}
              onChange={(event) => setAccountNumber(digitsOnly(event.target.value, 12))}
              data-testid="register-account-number"
            />
          </Field>
        </StepForm>
      )}

      {step === 3 && (
        <StepForm
          title={t('register.step3Title')}
          onSubmit={submitSignup}
          onBack={() => setStep(2)}
          busy={signup.isPending}
          submitLabel={t('register.submit')}
          testId="register-step-3"
        >
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-xl bg-black/25 p-4 text-sm">
            <dt className="text-ink/60">{t('register.summaryPhone')}</dt>
            <dd className="text-right font-semibold">{phoneNumber}</dd>
            <dt className="text-ink/60">{t('register.summaryBank')}</dt>
            <dd className="flex flex-col items-end gap-0.5 font-semibold">
              <span className="flex items-center gap-1.5 whitespace-nowrap">
                {chosenBank && <BankLogo logoUrl={chosenBank.logo} shortName={chosenBank.shortName} color={chosenBank.color} className="size-5" />}
                {chosenBank?.name}
              </span>
              <span className="tracking-wider">{accountNumber}</span>
            </dd>
          </dl>
          <div className="grid grid-cols-2 gap-3">
            <Field label={t('register.firstName')}>
              <input
                className="input"
                value={firstName}
                readOnly={isNameLocked}
                maxLength={DECLARED_NAME_MAX_LENGTH}
                autoComplete={isNameLocked ? 'off' : 'given-name'}
                placeholder={isNameLocked ? undefined : t('register.firstNamePlaceholder')}
                onChange={(event) => setFirstName(event.target.value)}
                data-testid="register-first-name"
              />
            </Field>
            <Field label={t('register.lastName')}>
              <input
                className="input"
                value={lastName}
                readOnly={isNameLocked}
                maxLength={DECLARED_NAME_MAX_LENGTH}
                autoComplete={isNameLocked ? 'off' : 'family-name'}
                placeholder={isNameLocked ? undefined : t('register.lastNamePlaceholder')}
                onChange={(event) => setLastName(event.target.value)}
                data-testid="register-last-name"
              />
            </Field>
          </div>
          {isNameLocked ? (
            <p className="-mt-2 flex items-center gap-1 text-xs text-ink/55">
              <LockIcon className="size-3.5" />
              {t('register.nameLocked')}
            </p>
          ) : (
            <p className="-mt-2 text-xs text-ink/55" data-testid="register-name-typed-hint">
              {t('register.nameTyped')}
            </p>
          )}
          <Field label={t('register.dateOfBirth')} hint={t('register.dateOfBirthHint')}>
            <input
              className="input"
              type="date"
              min="1900-01-01"
              max={new Date().toISOString().slice(0, 10)}
              value={dateOfBirth}
              onChange={(event) => setDateOfBirth(event.target.value)}
              data-testid="register-date-of-birth"
            />
          </Field>
          <Field label={t('register.referralCode')}>
            <input
              className="input"
              value={referralCode ?? ''}
              placeholder={t('register.referralNone')}
              readOnly
              data-testid="register-referral-code"
            />
          </Field>
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-ink/80">{t('register.bonusTitle')}</legend>
            <div className="grid grid-cols-2 gap-3">
              <BonusOption checked={isBonus} onSelect={() => setIsBonus(true)} testId="register-bonus-accept">
                {t('register.bonusAccept')}
              </BonusOption>
              <BonusOption checked={!isBonus} onSelect={() => setIsBonus(false)} testId="register-bonus-decline">
                {t('register.bonusDecline')}
              </BonusOption>
            </div>
          </fieldset>
        </StepForm>
      )}
    </div>
  );
}

/** The spec's three steps: the code step is the end of step 1. */
function StepIndicator({ step: current }: { step: Step }) {
  const { t } = useTranslation();
  const step = current === 'code' ? 1 : current;
  return (
    <div className="mb-5">
      <div className="flex items-center gap-2" aria-hidden="true">
        {[1, 2, 3].map((index) => (
          <div key={index} className={`h-1.5 flex-1 rounded-full ${index <= step ? 'bg-primary' : 'bg-white/15'}`} />
        ))}
      </div>
      <p className="mt-2 text-xs text-ink/60" data-testid="register-step-label">
        {t('register.stepOf', { step })}
      </p>
    </div>
  );
}

interface StepFormProps {
  title: string;
  onSubmit: (event: FormEvent) => void;
  onBack: () => void;
  busy: boolean;
  submitLabel?: string;
  testId: string;
  children: ReactNode;
}

function StepForm({ title, onSubmit, onBack, busy, submitLabel, testId, children }: StepFormProps) {
  const { t } = useTranslation();
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" data-testid={testId}>
      <h2 className="text-lg font-bold text-primary">{title}</h2>
      {children}
      <div className="grid grid-cols-[auto_1fr] gap-3 pt-2">
        <button type="button" className="btn-outline px-4" onClick={onBack} data-testid="register-back">
          <BackIcon className="size-5" />
          {t('common.back')}
        </button>
        <button type="submit" className="btn-primary" disabled={busy} data-testid="register-next">
          {busy ? t('common.loading') : (submitLabel ?? t('common.next'))}
        </button>
      </div>
    </form>
  );
}

function BonusOption({ checked, onSelect, testId, children }: { checked: boolean; onSelect: () => void; testId: string; children: ReactNode }) {
  return (
    <label
      className={`flex cursor-pointer items-center gap-2 rounded-xl border px-3 py-3 text-sm font-semibold ${
        checked ? 'border-primary bg-primary/15 text-primary' : 'border-white/10 bg-black/20 text-ink/80'
      }`}
    >
      <input type="radio" name="isBonus" checked={checked} onChange={onSelect} className="size-4 accent-[var(--sabai-primary)]" data-testid={testId} />
      {children}
    </label>
  );
}

/**
 * A name whose space-separated parts each stay whole when it wraps ("สแตนดาร์ด ชาร์เตอร์ด"): ICU
 * does not know transliterated names and would cut "ชาร์|เตอร์ด"; the spaces are the real breaks.
 */
function SpaceSeparatedWords({ text }: { text: string }) {
  const words = text.split(' ');
  return (
    <>
      {words.map((word, index) => (
        <span key={index}>
          <span className="inline-block max-w-full">{word}</span>
          {index < words.length - 1 ? ' ' : null}
        </span>
      ))}
    </>
  );
}

/**
 * The sign-up password checked at its field (issue 26 §3): on leaving the field, the length rule
 * here, then the server's rules (common passwords, `POST …/password/check`); a refusal shows under
 * the field at once, not after the code and bank steps. `check(done)` reports whether the password
 * was accepted; a refusal is also shown with `onRefused` (the submit's error dialog). A server not
 * reached leaves the password unchecked: sign-up checks it again anyway.
 */
function usePasswordCheck(password: string) {
  const mutation = useCheckNewPassword();
  const [accepted, setAccepted] = useState<string | null>(null);
  const [refused, setRefused] = useState<{ password: string; message: string } | null>(null);
  const problem = refused?.password === password ? refused.message : null;

  const check = (done?: (accepted: boolean) => void, onRefused?: (message: string) => void) => {
    if (password === '' || accepted === password) return done?.(password !== '');
    // Refused already (shown under the field): not asked again until the member changes it.
    if (refused?.password === password) {
      onRefused?.(refused.message);
      return done?.(false);
    }
    const local = validateNewPassword({ password, confirmPassword: password });
    if (local) {
      setRefused({ password, message: local });
      onRefused?.(local);
      return done?.(false);
    }
    mutation.mutate(password, {
      onSuccess: () => {
        setAccepted(password);
        done?.(true);
      },
      onError: (error) => {
        const isRefusal = error instanceof ApiError && !error.isUnreachable;
        if (isRefusal) setRefused({ password, message: errorMessage(error) });
        onRefused?.(errorMessage(error));
        done?.(false);
      },
    });
  };
  return { problem, isAccepted: accepted === password && password !== '', isPending: mutation.isPending, check };
}

import { staffDoneResponse, staffSessionResponse, staffSignInStepResponse } from '@sabai/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import QRCode from 'qrcode';
import { apiPost, ApiError, session } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { Button, ErrorText, Field } from '../../ui';
import { says } from '../../lib/bilingual';

type Step = { step: 'password' } | { step: 'totp'; challenge: string } | { step: 'enrol_totp'; challenge: string; totpSecret: string; otpauthUri: string };

const passwordForm = z.object({ username: z.string().trim().min(1, says('กรุณากรอกชื่อผู้ใช้', 'Enter your username')), password: z.string().min(1, says('กรุณากรอกรหัสผ่าน', 'Enter your password')) });
const codeForm = z.object({ code: z.string().trim().regex(/^\d{6}$/, says('รหัส 6 หลัก', '6 digits')) });

/**
 * Staff sign-in (docs/back-office.md): password, then a TOTP code; at the first sign-in the
 * authenticator is enrolled from the QR code the server's secret makes.
 */
export function SignIn({ onSignedIn, embedded = false, notice }: { onSignedIn: (username: string) => void; embedded?: boolean; notice?: string }) {
  const { t } = useI18n();
  const [step, setStep] = useState<Step>({ step: 'password' });
  const [error, setError] = useState<string | null>(null);
  const first = useForm<z.infer<typeof passwordForm>>({ resolver: zodResolver(passwordForm) });
  const second = useForm<z.infer<typeof codeForm>>({ resolver: zodResolver(codeForm) });
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    if (step.step === 'enrol_totp') void QRCode.toDataURL(step.otpauthUri, { margin: 1, width: 200 }).then(setQr);
  }, [step]);

  const submitPassword = first.handleSubmit(async (values) => {
    setError(null);
    try {
      setStep(await apiPost('/auth/login', values, staffSignInStepResponse));
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : String(caught));
    }
  });
  const submitCode = second.handleSubmit(async (values) => {
    if (step.step === 'password') return;
    setError(null);
    try {
      const signedIn = await apiPost('/auth/totp', { challenge: step.challenge, code: values.code }, staffSessionResponse);
      session.set(signedIn.token);
      onSignedIn(signedIn.staff.username);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : String(caught));
      second.reset();
    }
  });

  return (
    <Wrapper embedded={embedded}>
      <h1 className="mb-6 text-2xl font-semibold">{t('signin.title')}</h1>
      {notice && (
        <p role="status" className="mb-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="session-expired-notice">
          {notice}
        </p>
      )}
      {step.step === 'password' ? (
        <form key="password-step" onSubmit={submitPassword} className="space-y-4" noValidate>
          <Field label={t('signin.username')} error={first.formState.errors.username?.message}>
            <input autoComplete="username" className="input" {...first.register('username')} />
          </Field>
          <Field label={t('signin.password')} error={first.formState.errors.password?.message}>
            <input type="password" autoComplete="current-password" className="input" {...first.register('password')} />
          </Field>
          <ErrorText message={error} />
          <Button type="submit" disabled={first.formState.isSubmitting}>{t('signin.submit')}</Button>
        </form>
      ) : (
        <form key="code-step" onSubmit={submitCode} className="space-y-4" noValidate>
          {step.step === 'enrol_totp' && (
            <div className="space-y-2 rounded-lg bg-slate-50 p-4 text-sm">
              <p>{t('signin.enrol')}</p>
              {qr && <img src={qr} alt="TOTP QR" className="mx-auto h-48 w-48" />}
              <p>
                {t('signin.secret')}: <code className="break-all font-mono" data-testid="totp-secret">{step.totpSecret}</code>
              </p>
            </div>
          )}
          <Field label={t('signin.totp')} error={second.formState.errors.code?.message}>
            <input inputMode="numeric" autoComplete="one-time-code" className="input tracking-widest" {...second.register('code')} />
          </Field>
          <ErrorText message={error} />
          <Button type="submit" disabled={second.formState.isSubmitting}>{t('signin.totp.submit')}</Button>
        </form>
      )}
    </Wrapper>
  );
}

/** The sign-in box: the whole page, or a box inside the session-expired dialog (`embedded`). */
function Wrapper({ embedded, children }: { embedded: boolean; children: ReactNode }) {
  return embedded ? <div className="w-full max-w-md rounded-xl bg-white p-8 shadow-xl">{children}</div> : <main className="mx-auto mt-24 w-full max-w-md rounded-xl bg-white p-8 shadow">{children}</main>;
}

const changeForm = z.object({ currentPassword: z.string().min(1), newPassword: z.string().min(12, says('อย่างน้อย 12 ตัวอักษร', 'at least 12 characters')) });

/** A one-time password must be replaced before anything else (the API refuses other calls until then). */
export function ChangePassword({ onChanged }: { onChanged: () => void }) {
  const { t } = useI18n();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<z.infer<typeof changeForm>>({ resolver: zodResolver(changeForm) });
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await apiPost('/auth/password', values, staffDoneResponse);
      onChanged();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : String(caught));
    }
  });
  return (
    <main className="mx-auto mt-24 w-full max-w-md rounded-xl bg-white p-8 shadow">
      <h1 className="mb-6 text-2xl font-semibold">{t('password.title')}</h1>
      <form onSubmit={submit} className="space-y-4" noValidate>
        <Field label={t('password.current')} error={form.formState.errors.currentPassword?.message}>
          <input type="password" autoComplete="current-password" className="input" {...form.register('currentPassword')} />
        </Field>
        <Field label={t('password.new')} error={form.formState.errors.newPassword?.message}>
          <input type="password" autoComplete="new-password" className="input" {...form.register('newPassword')} />
        </Field>
        <ErrorText message={error} />
        <Button type="submit" disabled={form.formState.isSubmitting}>{t('password.submit')}</Button>
      </form>
    </main>
  );
}

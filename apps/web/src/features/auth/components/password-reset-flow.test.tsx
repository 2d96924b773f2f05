// @vitest-environment happy-dom
import { ERRORS, emptyResponse, phoneCodeSentResponse } from '@sabai/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import '../../../test/setup-dom.ts';
import { Component as ForgotPasswordPage } from '../../../app/routes/user/forgot-password.tsx';
import { Component as LoginPage } from '../../../app/routes/user/login.tsx';
import { answer, okBody, onPath, refusal, sentTo, useMemberApi } from '../../../test/msw.ts';
import { renderAt } from '../../../test/render.tsx';

const START = '/auth-service/v1/password-reset/start';
const FINISH = '/auth-service/v1/password-reset/finish';
const CODE = '615243';

const started = http.post(onPath(START), () => answer(phoneCodeSentResponse, okBody({ resendAfterSeconds: 60, codeExpiresInSeconds: 300 })));
const finished = http.post(onPath(FINISH), async ({ request }) => {
  const body = (await request.json()) as { code: string };
  return body.code === CODE
    ? answer(emptyResponse, okBody(null, 'ตั้งรหัสผ่านใหม่สำเร็จ กรุณาเข้าสู่ระบบด้วยรหัสผ่านใหม่'))
    : refusal('CODE_INVALID', ERRORS.CODE_INVALID.message, 422);
});

function renderPage() {
  renderAt(<ForgotPasswordPage />, { path: '/user/forgot-password' });
}

async function askForCode(phoneNumber = '0898765432') {
  fireEvent.change(screen.getByTestId('reset-phone'), { target: { value: phoneNumber } });
  fireEvent.click(screen.getByTestId('reset-submit'));
  await screen.findByTestId('reset-step-code');
}

function fillReset(input: { code: string; password: string; confirm?: string }) {
  fireEvent.change(screen.getByTestId('reset-code'), { target: { value: input.code } });
  fireEvent.change(screen.getByTestId('reset-new-password'), { target: { value: input.password } });
  fireEvent.change(screen.getByTestId('reset-confirm-password'), { target: { value: input.confirm ?? input.password } });
  fireEvent.click(screen.getByTestId('reset-submit'));
}

describe('forgot password (issue 27 §3)', () => {
  it('is linked from the login page', async () => {
    useMemberApi();
    renderAt(<LoginPage />, { path: '/user/login' });
    const link = screen.getByTestId('forgot-password-link');
    expect(link.textContent).toBe('ลืมรหัสผ่าน?');
    expect(link.getAttribute('href')).toBe('/user/forgot-password');
  });

  it('sends a code to the phone, then sets the new password with it and goes to login', async () => {
    useMemberApi(started, finished);
    renderPage();
    await askForCode();
    expect(sentTo('POST', START)[0]?.body).toEqual({ phoneNumber: '0898765432' });
    expect(screen.getByTestId('reset-code-sent-to').textContent).toBe('กรอกรหัส OTP 6 หลักที่ส่งไปยัง 089-876-5432');
    expect(screen.getByTestId('reset-code').getAttribute('autocomplete')).toBe('one-time-code');
    expect((screen.getByTestId('reset-code-resend') as HTMLButtonElement).disabled).toBe(true);

    fillReset({ code: CODE, password: 'new-pass-1' });
    const dialog = await screen.findByTestId('success-dialog');
    expect(dialog.textContent).toContain('ตั้งรหัสผ่านใหม่สำเร็จ');
    expect(sentTo('POST', FINISH)[0]?.body).toEqual({ phoneNumber: '0898765432', code: CODE, newPassword: 'new-pass-1' });
    fireEvent.click(screen.getByRole('button', { name: /ตกลง|ปิด/ }));
    await screen.findByTestId('elsewhere');
  });

  it("shows a wrong code's Thai message under the code field and stays", async () => {
    useMemberApi(started, finished);
    renderPage();
    await askForCode();
    fillReset({ code: '000000', password: 'new-pass-1' });
    expect((await screen.findByTestId('reset-code-error')).textContent).toBe(ERRORS.CODE_INVALID.message);
    expect(screen.getByTestId('reset-step-code')).toBeTruthy();
  });

  it("holds the new password to sign-up's rules before asking the server", async () => {
    useMemberApi(started, finished);
    renderPage();
    await askForCode();
    fillReset({ code: CODE, password: 'abc' });
    expect((await screen.findByTestId('error-dialog')).textContent).toContain(ERRORS.PASSWORD_RULES.message);
    fireEvent.click(screen.getByRole('button', { name: /ตกลง|ปิด/ }));
    fillReset({ code: CODE, password: 'new-pass-1', confirm: 'new-pass-2' });
    expect((await screen.findByTestId('error-dialog')).textContent).toContain(ERRORS.PASSWORD_MISMATCH.message);
    expect(sentTo('POST', FINISH)).toHaveLength(0);
  });

  it('refuses a number that is not ten digits without calling the server', async () => {
    useMemberApi(started);
    renderPage();
    fireEvent.change(screen.getByTestId('reset-phone'), { target: { value: '08123' } });
    fireEvent.click(screen.getByTestId('reset-submit'));
    expect((await screen.findByTestId('error-dialog')).textContent).toContain(ERRORS.INVALID_PHONE.message);
    expect(sentTo('POST', START)).toHaveLength(0);
  });

  it("shows the server's refusal of the start (too soon) in a dialog", async () => {
    useMemberApi(http.post(onPath(START), () => refusal('CODE_RESEND_TOO_SOON', ERRORS.CODE_RESEND_TOO_SOON.message, 429)));
    renderPage();
    fireEvent.change(screen.getByTestId('reset-phone'), { target: { value: '0898765432' } });
    fireEvent.click(screen.getByTestId('reset-submit'));
    expect((await screen.findByTestId('error-dialog')).textContent).toContain(ERRORS.CODE_RESEND_TOO_SOON.message);
    expect(screen.getByTestId('reset-step-phone')).toBeTruthy();
  });
});

// @vitest-environment happy-dom
import {
  ERRORS,
  checkBankResponse,
  checkPhoneResponse,
  emptyResponse,
  phoneCodeSentResponse,
  signupResponse,
  verifyPhoneResponse,
} from '@sabai/contracts';
import { act, fireEvent, screen } from '@testing-library/react';
import { http, type HttpHandler } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../test/setup-dom.ts';
import { answer, okBody, onPath, refusal, sentTo, useMemberApi } from '../../../test/msw.ts';
import { renderAt } from '../../../test/render.tsx';
import { RegisterFlow } from './register-flow.tsx';

const onRegistered = vi.fn();
const REGISTRATION_ID = 'reg_01TESTREGISTRATION';
const CODE = '482913';
const PASSWORD_CHECK = '/auth-service/v1/password/check';

function renderFlow() {
  renderAt(<RegisterFlow banks={undefined} referralCode={null} onRegistered={onRegistered} onExit={() => undefined} />, { path: '/user/register' });
}

afterEach(() => {
  vi.useRealTimers();
});

/** The four registration calls answering success as the contract says (issue 27 §5); `overrides` win for the same path. */
function useRegistrationApi(overrides: { checkBank?: HttpHandler; verifyPhone?: HttpHandler; resend?: HttpHandler } = {}) {
  useMemberApi(
    http.post(onPath(PASSWORD_CHECK), async ({ request }) => {
      const { Password } = (await request.json()) as { Password: string };
      return Password.toLowerCase() === 'qwerty123' ? refusal('COMMON_PASSWORD', ERRORS.COMMON_PASSWORD.message) : answer(emptyResponse, okBody(null, 'รหัสผ่านนี้ใช้ได้'));
    }),
    http.post(onPath('/auth-service/v1/checkPhone'), () =>
      answer(
        checkPhoneResponse,
        okBody({ phoneNumber: '0812345678', available: true, registrationId: REGISTRATION_ID, resendAfterSeconds: 60, codeExpiresInSeconds: 300 }),
      ),
    ),
    overrides.verifyPhone ??
      http.post(onPath('/auth-service/v1/verifyPhone'), async ({ request }) => {
        const body = (await request.json()) as { code: string };
        return body.code === CODE
          ? answer(verifyPhoneResponse, okBody({ registrationId: REGISTRATION_ID, phoneNumber: '0812345678', phoneVerified: true }))
          : refusal('CODE_INVALID', 'รหัส OTP ไม่ถูกต้อง เหลือโอกาสอีก 4 ครั้ง', 422);
      }),
    overrides.resend ?? http.post(onPath('/auth-service/v1/verifyPhone/resend'), () => answer(phoneCodeSentResponse, okBody({ resendAfterSeconds: 60, codeExpiresInSeconds: 300 }))),
    overrides.checkBank ?? http.post(onPath('/auth-service/v1/checkBank'), () => answer(checkBankResponse, okBody({ token: 'bank-token-1' }))),
    http.post(onPath('/auth-service/v1/signup'), () => answer(signupResponse, okBody({ phoneNumber: '0812345678', affiliateKey: 'ABCD1234' }))),
  );
}

async function submitPhoneStep() {
  fireEvent.change(screen.getByTestId('register-phone'), { target: { value: '0812345678' } });
  fireEvent.change(screen.getByTestId('register-password'), { target: { value: 'pass-word-1' } });
  fireEvent.change(screen.getByTestId('register-confirm-password'), { target: { value: 'pass-word-1' } });
  fireEvent.click(screen.getByTestId('register-next'));
  await screen.findByTestId('register-step-code');
}

async function enterCode(code: string) {
  fireEvent.change(screen.getByTestId('register-code'), { target: { value: code } });
  fireEvent.click(screen.getByTestId('register-next'));
}

/** Steps 1, the code and 2: phone and password, the SMS's code, then KBank and an account; ends on step 3. */
async function reachConfirmStep() {
  await submitPhoneStep();
  await enterCode(CODE);
  await screen.findByTestId('register-step-2');
  fireEvent.click(screen.getByTestId('bank-option-004'));
  fireEvent.change(screen.getByTestId('register-account-number'), { target: { value: '1234567890' } });
  fireEvent.click(screen.getByTestId('register-next'));
  await screen.findByTestId('register-step-3');
  fireEvent.change(screen.getByTestId('register-date-of-birth'), { target: { value: '1990-01-15' } });
}

const typeName = (firstName: string, lastName: string) => {
  fireEvent.change(screen.getByTestId('register-first-name'), { target: { value: firstName } });
  fireEvent.change(screen.getByTestId('register-last-name'), { target: { value: lastName } });
};

const closeDialog = () => fireEvent.click(screen.getByRole('button', { name: /ตกลง|ปิด/ }));

describe('sign-up proves the phone with an SMS code (issue 27 §1)', () => {
  it('asks for the six-digit code sent to the number, as a one-time-code field, as part of step 1', async () => {
    useRegistrationApi();
    renderFlow();
    await submitPhoneStep();
    expect(screen.getByTestId('register-code-sent-to').textContent).toBe('กรอกรหัส OTP 6 หลักที่ส่งไปยัง 081-234-5678');
    const input = screen.getByTestId('register-code') as HTMLInputElement;
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.maxLength).toBe(6);
    expect(screen.getByTestId('register-step-label').textContent).toBe('ขั้นตอนที่ 1 จาก 3');
    expect(sentTo('POST', '/auth-service/v1/checkPhone')[0]?.body).toEqual({ phoneNumber: '0812345678' });
  });

  it("shows the server's Thai message under the field for a wrong code, and goes on with the right one", async () => {
    useRegistrationApi();
    renderFlow();
    await submitPhoneStep();

    await enterCode('12345');
    expect(screen.getByTestId('register-code-error').textContent).toBe(ERRORS.CODE_INVALID.message);
    expect(sentTo('POST', '/auth-service/v1/verifyPhone')).toHaveLength(0);

    await enterCode('111111');
    expect((await screen.findByTestId('register-code-error')).textContent).toBe('รหัส OTP ไม่ถูกต้อง เหลือโอกาสอีก 4 ครั้ง');
    expect(screen.getByTestId('register-step-code')).toBeTruthy();

    await enterCode(CODE);
    await screen.findByTestId('register-step-2');
    expect(sentTo('POST', '/auth-service/v1/verifyPhone').map((request) => request.body)).toEqual([
      { registrationId: REGISTRATION_ID, code: '111111' },
      { registrationId: REGISTRATION_ID, code: CODE },
    ]);
  });

  it('counts down from resendAfterSeconds before a new code may be asked for, then asks and counts down again', async () => {
    // Only the clock and the countdown's interval are fake: React, msw and the queries run as ever.
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    useRegistrationApi({
      resend: http.post(onPath('/auth-service/v1/verifyPhone/resend'), () => answer(phoneCodeSentResponse, okBody({ resendAfterSeconds: 90, codeExpiresInSeconds: 300 }))),
    });
    renderFlow();
    await submitPhoneStep();
    const resend = () => screen.getByTestId('register-code-resend') as HTMLButtonElement;
    expect(resend().disabled).toBe(true);
    expect(resend().textContent).toBe('ขอรหัสใหม่ได้ใน 60 วินาที');

    act(() => vi.advanceTimersByTime(59_000));
    expect(resend().textContent).toBe('ขอรหัสใหม่ได้ใน 1 วินาที');
    expect(resend().disabled).toBe(true);

    act(() => vi.advanceTimersByTime(1_000));
    expect(resend().disabled).toBe(false);
    expect(resend().textContent).toBe('ส่งรหัสอีกครั้ง');

    fireEvent.click(resend());
    expect((await screen.findByTestId('toast')).textContent).toBe('ส่งรหัส OTP ใหม่แล้ว');
    expect(resend().textContent).toBe('ขอรหัสใหม่ได้ใน 90 วินาที');
    expect(sentTo('POST', '/auth-service/v1/verifyPhone/resend')[0]?.body).toEqual({ registrationId: REGISTRATION_ID });
  });

  it('sends the registration id as X-Registration-Id on checkBank and signup, with the bank token', async () => {
    useRegistrationApi();
    renderFlow();
    await reachConfirmStep();
    typeName('สมชาย', 'ใจดี');
    fireEvent.click(screen.getByTestId('register-next'));
    await screen.findByTestId('success-dialog');

    const [checkBank] = sentTo('POST', '/auth-service/v1/checkBank');
    expect(checkBank?.headers['x-registration-id']).toBe(REGISTRATION_ID);
    expect(checkBank?.body).toEqual({ BankAccount: '1234567890', BankCode: '004' });
    const [signup] = sentTo('POST', '/auth-service/v1/signup');
    expect(signup?.headers['x-registration-id']).toBe(REGISTRATION_ID);
    expect(signup?.headers.tokenbank).toBe('bank-token-1');
    expect(signup?.body).toMatchObject({ phoneNumber: '0812345678', firstName: 'สมชาย', lastName: 'ใจดี' });
    expect(signup?.body).not.toHaveProperty('registrationId');
  });

  it('goes back to step 1 with the Thai message when the registration has expired', async () => {
    useRegistrationApi({
      checkBank: http.post(onPath('/auth-service/v1/checkBank'), () => refusal('REGISTRATION_EXPIRED', ERRORS.REGISTRATION_EXPIRED.message, 422)),
    });
    renderFlow();
    await submitPhoneStep();
    await enterCode(CODE);
    await screen.findByTestId('register-step-2');
    fireEvent.click(screen.getByTestId('bank-option-004'));
    fireEvent.change(screen.getByTestId('register-account-number'), { target: { value: '1234567890' } });
    fireEvent.click(screen.getByTestId('register-next'));
    expect((await screen.findByTestId('error-dialog')).textContent).toContain(ERRORS.REGISTRATION_EXPIRED.message);
    closeDialog();
    await screen.findByTestId('register-step-1');
    // The same number again starts a new registration (a new code is sent).
    fireEvent.click(screen.getByTestId('register-next'));
    await screen.findByTestId('register-step-code');
    expect(sentTo('POST', '/auth-service/v1/checkPhone')).toHaveLength(2);
  });

  it('does not send a second code when the member steps back from the code with the same number', async () => {
    useRegistrationApi();
    renderFlow();
    await submitPhoneStep();
    fireEvent.click(screen.getByTestId('register-back'));
    await screen.findByTestId('register-step-1');
    fireEvent.click(screen.getByTestId('register-next'));
    await screen.findByTestId('register-step-code');
    expect(sentTo('POST', '/auth-service/v1/checkPhone')).toHaveLength(1);
  });
});

describe('sign-up when the bank check names nobody (NAME_INQUIRY_PROVIDER=declared, docs/adr/0040)', () => {
  it('lets the member type the names, refuses what is not Thai or Latin letters, and sends the typed names with the token', async () => {
    useRegistrationApi();
    renderFlow();
    await reachConfirmStep();

    const firstName = screen.getByTestId('register-first-name') as HTMLInputElement;
    expect(firstName.readOnly).toBe(false);
    expect(firstName.value).toBe('');
    expect(screen.getByTestId('register-name-typed-hint').textContent).toContain('ฝากเงินครั้งแรกจากบัญชีนี้');

    fireEvent.click(screen.getByTestId('register-next'));
    expect((await screen.findByTestId('error-dialog')).textContent).toContain(ERRORS.NAME_REQUIRED.message);
    closeDialog();

    typeName('สมชาย1', 'ใจดี');
    fireEvent.click(screen.getByTestId('register-next'));
    expect((await screen.findByTestId('error-dialog')).textContent).toContain(ERRORS.HOLDER_NAME_INVALID.message);
    expect(sentTo('POST', '/auth-service/v1/signup')).toHaveLength(0);
    closeDialog();

    typeName(' สมชาย ', 'ใจดี');
    fireEvent.click(screen.getByTestId('register-next'));
    await screen.findByTestId('success-dialog');
    const [signup] = sentTo('POST', '/auth-service/v1/signup');
    expect(signup?.body).toMatchObject({ firstName: 'สมชาย', lastName: 'ใจดี', BankCode: '004', BankAccount: '1234567890' });
    expect(signup?.headers.tokenbank).toBe('bank-token-1');
  });

  it('keeps the names locked when the bank check names the holder', async () => {
    useRegistrationApi({
      checkBank: http.post(onPath('/auth-service/v1/checkBank'), () => answer(checkBankResponse, okBody({ firstName: 'สมชาย', lastName: 'ใจดี', token: 'bank-token-2' }))),
    });
    renderFlow();
    await reachConfirmStep();
    const firstName = screen.getByTestId('register-first-name') as HTMLInputElement;
    expect(firstName.readOnly).toBe(true);
    expect(firstName.value).toBe('สมชาย');
    expect(screen.queryByTestId('register-name-typed-hint')).toBeNull();
  });
});

describe('RegisterFlow: the password checked at its field (issue 26 §3)', () => {
  it('says under the field that a common password is refused when the member leaves it, and sends no code for it', async () => {
    useRegistrationApi();
    renderFlow();
    fireEvent.change(screen.getByTestId('register-phone'), { target: { value: '0812345678' } });
    fireEvent.change(screen.getByTestId('register-password'), { target: { value: 'qwerty123' } });
    fireEvent.blur(screen.getByTestId('register-password'));
    expect((await screen.findByTestId('register-password-problem')).textContent).toBe(ERRORS.COMMON_PASSWORD.message);
    expect(sentTo('POST', PASSWORD_CHECK)[0]?.body).toEqual({ Password: 'qwerty123' });
    fireEvent.change(screen.getByTestId('register-confirm-password'), { target: { value: 'qwerty123' } });
    fireEvent.click(screen.getByTestId('register-next'));
    expect((await screen.findByTestId('error-dialog')).textContent).toContain(ERRORS.COMMON_PASSWORD.message);
    expect(sentTo('POST', '/auth-service/v1/checkPhone')).toHaveLength(0);
    expect(sentTo('POST', PASSWORD_CHECK)).toHaveLength(1);
    expect(screen.getByTestId('register-step-1')).toBeTruthy();
    // Typing another password clears the note.
    fireEvent.change(screen.getByTestId('register-password'), { target: { value: 'pass-word-1' } });
    expect(screen.queryByTestId('register-password-problem')).toBeNull();
  });

  it('says a too-short password is refused without asking the server', async () => {
    useRegistrationApi();
    renderFlow();
    fireEvent.change(screen.getByTestId('register-password'), { target: { value: '12345' } });
    fireEvent.blur(screen.getByTestId('register-password'));
    expect((await screen.findByTestId('register-password-problem')).textContent).toBe(ERRORS.PASSWORD_RULES.message);
    expect(sentTo('POST', PASSWORD_CHECK)).toHaveLength(0);
  });

  it('asks once for an accepted password (at the field), then goes on to the code step', async () => {
    useRegistrationApi();
    renderFlow();
    fireEvent.change(screen.getByTestId('register-phone'), { target: { value: '0812345678' } });
    fireEvent.change(screen.getByTestId('register-password'), { target: { value: 'pass-word-1' } });
    fireEvent.blur(screen.getByTestId('register-password'));
    await vi.waitFor(() => expect(sentTo('POST', PASSWORD_CHECK)).toHaveLength(1));
    fireEvent.change(screen.getByTestId('register-confirm-password'), { target: { value: 'pass-word-1' } });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    fireEvent.click(screen.getByTestId('register-next'));
    await screen.findByTestId('register-step-code');
    expect(sentTo('POST', PASSWORD_CHECK)).toHaveLength(1);
    expect(screen.queryByTestId('register-password-problem')).toBeNull();
  });
});

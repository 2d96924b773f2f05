// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ERRORS } from '@sabai/contracts';
import '../../../test/setup-dom.ts';
import { mockBackend, ok, renderAt } from '../../../test/render.tsx';
import { RegisterFlow } from './register-flow.tsx';

const onRegistered = vi.fn();

function renderFlow() {
  renderAt(<RegisterFlow banks={undefined} referralCode={null} onRegistered={onRegistered} onExit={() => undefined} />, { path: '/user/register' });
}

/** Steps 1 and 2: phone and password, then KBank and an account; ends on step 3. */
async function reachConfirmStep() {
  fireEvent.change(screen.getByTestId('register-phone'), { target: { value: '0812345678' } });
  fireEvent.change(screen.getByTestId('register-password'), { target: { value: 'pass-word-1' } });
  fireEvent.change(screen.getByTestId('register-confirm-password'), { target: { value: 'pass-word-1' } });
  fireEvent.click(screen.getByTestId('register-next'));
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

describe('sign-up when the bank check names nobody (NAME_INQUIRY_PROVIDER=declared, docs/adr/0040)', () => {
  it('lets the member type the names, refuses what is not Thai or Latin letters, and sends the typed names with the token', async () => {
    const calls = mockBackend({
      'POST /auth-service/v1/checkPhone': ok({ phoneNumber: '0812345678', available: true }),
      'POST /auth-service/v1/checkBank': ok({ token: 'bank-token-1' }),
      'POST /auth-service/v1/signup': ok({ phoneNumber: '0812345678', affiliateKey: 'ABCD1234' }),
    });
    renderFlow();
    await reachConfirmStep();

    const firstName = screen.getByTestId('register-first-name') as HTMLInputElement;
    expect(firstName.readOnly).toBe(false);
    expect(firstName.value).toBe('');
    expect(screen.getByTestId('register-name-typed-hint').textContent).toContain('ฝากเงินครั้งแรกจากบัญชีนี้');

    fireEvent.click(screen.getByTestId('register-next'));
    expect((await screen.findByTestId('error-dialog')).textContent).toContain(ERRORS.NAME_REQUIRED.message);
    fireEvent.click(screen.getByRole('button', { name: /ตกลง|ปิด/ }));

    typeName('สมชาย1', 'ใจดี');
    fireEvent.click(screen.getByTestId('register-next'));
    expect((await screen.findByTestId('error-dialog')).textContent).toContain(ERRORS.HOLDER_NAME_INVALID.message);
    expect(calls.some((call) => call.path === '/auth-service/v1/signup')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: /ตกลง|ปิด/ }));

    typeName(' สมชาย ', 'ใจดี');
    fireEvent.click(screen.getByTestId('register-next'));
    await screen.findByTestId('success-dialog');
    const signup = calls.find((call) => call.path === '/auth-service/v1/signup');
    expect(signup?.body).toMatchObject({ firstName: 'สมชาย', lastName: 'ใจดี', BankCode: '004', BankAccount: '1234567890' });
    const init = vi.mocked(fetch).mock.calls.find(([input]) => String(input).endsWith('/auth-service/v1/signup'))?.[1];
    expect(new Headers(init?.headers).get('tokenBank')).toBe('bank-token-1');
  });

  it('keeps the names locked when the bank check names the holder', async () => {
    mockBackend({
      'POST /auth-service/v1/checkPhone': ok({ phoneNumber: '0812345678', available: true }),
      'POST /auth-service/v1/checkBank': ok({ firstName: 'สมชาย', lastName: 'ใจดี', token: 'bank-token-2' }),
    });
    renderFlow();
    await reachConfirmStep();
    const firstName = screen.getByTestId('register-first-name') as HTMLInputElement;
    expect(firstName.readOnly).toBe(true);
    expect(firstName.value).toBe('สมชาย');
    expect(screen.queryByTestId('register-name-typed-hint')).toBeNull();
  });
});

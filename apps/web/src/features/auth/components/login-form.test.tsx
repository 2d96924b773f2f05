// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../test/setup-dom.ts';
import { DialogProvider } from '../../../components/ui/dialogs.tsx';
import { userFixture } from '../../../test/fixtures.ts';
import { mockBackend } from '../../../test/render.tsx';
import { sessionStore } from '../../../lib/session.ts';
import { LoginForm } from './login-form.tsx';

function renderForm() {
  const onSignedIn = vi.fn();
  render(
    <DialogProvider>
      <LoginForm onSignedIn={onSignedIn} />
    </DialogProvider>,
  );
  return { onSignedIn };
}

function fillIn(phoneNumber: string, password: string) {
  fireEvent.change(screen.getByTestId('login-phone'), { target: { value: phoneNumber } });
  fireEvent.change(screen.getByTestId('login-password'), { target: { value: password } });
}

afterEach(() => {
  sessionStore.clear();
  vi.unstubAllGlobals();
});

describe('the login form (spec §5), its call loaded on first touch (docs/adr/0032)', () => {
  it("shows the server's Thai refusal and stays signed out", async () => {
    const calls = mockBackend({
      'POST /auth-service/v1/login': () => ({ status: 401, body: { success: false, code: 'INVALID_CREDENTIALS', message: 'เบอร์โทรศัพท์ หรือ รหัสผ่าน ไม่ถูกต้อง', data: null } }),
    });
    const { onSignedIn } = renderForm();
    fillIn('0812345678', 'wrong-pass1');
    fireEvent.click(screen.getByTestId('login-submit'));
    await vi.waitFor(() => expect(screen.getByTestId('error-dialog').textContent).toContain('เบอร์โทรศัพท์ หรือ รหัสผ่าน ไม่ถูกต้อง'));
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(sessionStore.get().token).toBeNull();
    expect(calls.filter((call) => call.path === '/auth-service/v1/login')).toHaveLength(1);
    expect((screen.getByTestId('login-submit') as HTMLButtonElement).disabled).toBe(false);
  });

  it('refuses a bad phone number before any call', async () => {
    const calls = mockBackend({});
    renderForm();
    fillIn('08123', 'demo1234');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect((await screen.findByTestId('error-dialog')).textContent).toContain('เบอร์โทรศัพท์');
    expect(calls.some((call) => call.path === '/auth-service/v1/login')).toBe(false);
  });

  it('logs in once for a double press or a second Enter, disabled while the call is out, then signs in', async () => {
    let answer: (() => void) | undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const calls = mockBackend({ 'POST /auth-service/v1/login': { success: true, message: 'สำเร็จ', data: userFixture(), authToken: 'token-2' } });
    const fetchAnswer = vi.mocked(fetch).getMockImplementation();
    vi.mocked(fetch).mockImplementation(async (...args) => {
      if (String(args[0]).includes('/login')) await answered;
      return fetchAnswer!(...args);
    });
    const { onSignedIn } = renderForm();
    fillIn('0812345678', 'demo1234');
    fireEvent.click(screen.getByTestId('login-submit'));
    fireEvent.click(screen.getByTestId('login-submit'));
    fireEvent.submit(screen.getByTestId('login-form')); // Enter in a field: past the disabled button
    await vi.waitFor(() => expect((screen.getByTestId('login-submit') as HTMLButtonElement).disabled).toBe(true));
    answer?.();
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(calls.filter((call) => call.path === '/auth-service/v1/login')).toHaveLength(1);
    expect(sessionStore.get().token).toBe('token-2');
  });
});

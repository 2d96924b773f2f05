// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../test/setup-dom.ts';
import { settingsFixture, userFixture } from '../../test/fixtures.ts';
import { mockBackend } from '../../test/render.tsx';
import { sessionStore } from '../../lib/session.ts';
import { FirstLoadLogin, registeredPhoneNumberOf } from './first-load-login.tsx';

/** Never settles: the logo is still on its way. */
const pendingLogo = new Promise<void>(() => undefined);

function renderLogin(overrides: Partial<Parameters<typeof FirstLoadLogin>[0]> = {}) {
  const onLeave = vi.fn();
  const onFormTouched = vi.fn();
  render(
    <FirstLoadLogin
      initialSettings={settingsFixture}
      settingsRequest={Promise.resolve(settingsFixture)}
      logoReady={Promise.resolve()}
      registeredPhoneNumber={undefined}
      onLeave={onLeave}
      onFormTouched={onFormTouched}
      {...overrides}
    />,
  );
  return { onLeave, onFormTouched };
}

describe('the login page of a first load, without the member app (docs/adr/0028)', () => {
  it('draws the frame and the operator logo before the form, and the form once the logo is in', async () => {
    mockBackend({});
    renderLogin({ logoReady: pendingLogo });
    expect(screen.getByRole('heading', { name: 'เข้าสู่ระบบ' })).toBeTruthy();
    expect(screen.getByRole('img', { name: settingsFixture.siteName }).getAttribute('src')).toBe(settingsFixture.logoUrl);
    expect(screen.getByRole('status')).toBeTruthy();
    expect(screen.queryByTestId('login-form')).toBeNull();
  });

  it('signs in with the real form and hands over to the member home, replacing the login entry', async () => {
    const user = userFixture();
    mockBackend({ 'POST /auth-service/v1/login': { success: true, message: 'สำเร็จ', data: user, authToken: 'token-1' } });
    const { onLeave, onFormTouched } = renderLogin({ registeredPhoneNumber: '0812345678' });
    const phone = await screen.findByTestId('login-phone');
    expect((phone as HTMLInputElement).value).toBe('0812345678');
    fireEvent.focus(phone);
    expect(onFormTouched).toHaveBeenCalled();
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'demo1234' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    await vi.waitFor(() => expect(onLeave).toHaveBeenCalledWith('/user/home', { replace: true }));
    expect(sessionStore.get().token).toBe('token-1');
    sessionStore.clear();
  });

  it('hands the register link, the forgot-password link and the logo to the member app instead of loading a page', async () => {
    mockBackend({});
    const { onLeave } = renderLogin();
    fireEvent.click(await screen.findByTestId('login-go-register'));
    expect(onLeave).toHaveBeenLastCalledWith('/user/register');
    fireEvent.click(screen.getByTestId('forgot-password-link'));
    expect(onLeave).toHaveBeenLastCalledWith('/user/forgot-password');
    fireEvent.click(screen.getByRole('link', { name: settingsFixture.siteName }));
    expect(onLeave).toHaveBeenLastCalledWith('/');
  });

  it('reads the phone number a registration left in the router history state, and nothing else', () => {
    expect(registeredPhoneNumberOf({ usr: { phoneNumber: '0812345678' }, key: 'a', idx: 1 })).toBe('0812345678');
    expect(registeredPhoneNumberOf({ usr: null })).toBeUndefined();
    expect(registeredPhoneNumberOf({ usr: { phoneNumber: 812345678 } })).toBeUndefined();
    expect(registeredPhoneNumberOf(null)).toBeUndefined();
  });
});

// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../../test/setup-dom.ts';
import { userFixture } from '../../../test/fixtures.ts';
import { mockBackend, ok, renderAt, signIn } from '../../../test/render.tsx';
import { Component as Profile } from './profile.tsx';

const REMEMBERED = 'sabai.rememberedCredentials';

async function changePassword(answer: { status?: number; body: unknown }) {
  signIn();
  window.localStorage.setItem(REMEMBERED, JSON.stringify({ phoneNumber: '0812345678', password: 'old-pass-1' }));
  mockBackend({
    'GET /auth-service/v1/refresh': ok(userFixture(), 0),
    'GET /user-profile-composite/v1/info/promotion': ok([]),
    'PUT /auth-service/v1/change-password': () => answer,
  });
  renderAt(<Profile />, { path: '/user/profile' });
  fireEvent.change(await screen.findByTestId('old-password'), { target: { value: 'old-pass-1' } });
  fireEvent.change(screen.getByTestId('new-password'), { target: { value: 'new-pass-2' } });
  fireEvent.change(screen.getByTestId('confirm-new-password'), { target: { value: 'new-pass-2' } });
  fireEvent.click(screen.getByTestId('change-password-submit'));
}

describe('profile (spec dialogs 11, 13)', () => {
  it('after a password change (success 0, spec §7) "จดจำฉัน" holds the new password, so the next login works', async () => {
    await changePassword({ body: { success: 0, message: 'เปลี่ยนรหัสผ่านสำเร็จ', data: null } });
    expect((await screen.findByTestId('success-dialog')).textContent).toContain('เปลี่ยนรหัสผ่านสำเร็จ');
    expect(JSON.parse(window.localStorage.getItem(REMEMBERED)!)).toEqual({ phoneNumber: '0812345678', password: 'new-pass-2' });
  });

  it('a refused change (success false) is an error and the remembered password stays', async () => {
    await changePassword({ status: 422, body: { success: false, code: 'WRONG_OLD_PASSWORD', message: 'รหัสผ่านเดิมไม่ถูกต้อง', data: null } });
    expect((await screen.findByTestId('error-dialog')).textContent).toContain('รหัสผ่านเดิมไม่ถูกต้อง');
    expect(JSON.parse(window.localStorage.getItem(REMEMBERED)!).password).toBe('old-pass-1');
  });

  it('shows the registration time whole, breaking only between date and time', async () => {
    signIn();
    mockBackend({ 'GET /auth-service/v1/refresh': ok(userFixture(), 0), 'GET /user-profile-composite/v1/info/promotion': ok([]) });
    renderAt(<Profile />, { path: '/user/profile' });
    const registered = await screen.findByTestId('profile-registered-at');
    expect(registered.textContent).toBe('22 พฤศจิกายน 2569 2:30:55 หลังเที่ยง');
    expect(registered.className).not.toContain('truncate');
  });
});

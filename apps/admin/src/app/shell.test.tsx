// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  dashboardResponse, moneyApprovalsResponse, staffAccountsResponse, staffDoneResponse, staffMeResponse, staffSessionResponse, staffSignInStepResponse,
  withdrawalsResponse, type DashboardWire,
} from '@sabai/contracts';
import { adminPath, answer, refusal, renderScreen, sent, server, thaiLeftIn } from '../test/harness';
import { session } from '../lib/api';
import { BackOffice } from './shell';
import * as chimeModule from './chime';

const waiting = (counts: Partial<DashboardWire['waiting']> = {}): DashboardWire['waiting'] => ({
  withdrawals: 0, heldDeposits: 0, adjustments: 0, deadJobs: 0, openGameCases: 0, affiliateWithdrawals: 0, failedPayouts: 0, ...counts,
});
const dashboard = (counts: Partial<DashboardWire['waiting']> = {}): DashboardWire => ({
  day: '2026-11-27T17:00:00.000Z', deposits: { count: 0, amount: 0, byChannel: [] }, withdrawals: { count: 0, amount: 0, byBank: [] }, net: 0, refunds: 0,
  givenOut: { bonus: 0, itemCode: 0, wheel: 0, cashback: 0, affiliate: 0, adjustment: 0, total: 0 }, ggr: 0, result: 0, waiting: waiting(counts),
  reconcile: { lastRun: null, lastSoundAt: null }, partner: { openCases: 0, suspense: 0, oldestOpenSince: null, lastWatch: null },
});
const me = (username = 'owner.one', permissions = ['dashboard.view', 'staff.manage', 'withdrawals.view', 'deposits.view', 'payouts.view', 'approvals.view', 'approvals.decide']) =>
  ({ username, role: 'owner', mustChangePassword: false, permissions });
/** The staff event stream: `ready`, then ends (the client connects again after its pause). */
const events = () => new HttpResponse('retry: 3000\n\nevent: ready\ndata: {}\n\n', { headers: { 'content-type': 'text/event-stream' } });

let figures = dashboard();
beforeEach(() => {
  figures = dashboard();
  server.use(
    http.get(adminPath('/auth/me'), () => answer(staffMeResponse, me())),
    http.get(adminPath('/dashboard'), () => answer(dashboardResponse, figures)),
    http.get(adminPath('/approvals'), () => answer(moneyApprovalsResponse, [])),
    http.get(adminPath('/events'), events),
    http.get(adminPath('/staff'), () => answer(staffAccountsResponse, [])),
    http.get(adminPath('/withdrawals'), () => answer(withdrawalsResponse, [])),
  );
});
afterEach(() => vi.restoreAllMocks());

describe('the back office shell (issue 25 §4)', () => {
  it('opens the screen of the address, and each menu entry is a link to its own address', async () => {
    renderScreen(<BackOffice />, { path: '/staff' });
    expect(await screen.findByRole('button', { name: 'เพิ่มเจ้าหน้าที่' })).toBeTruthy();
    const menu = screen.getByRole('navigation');
    expect(within(menu).getByRole('link', { name: 'เจ้าหน้าที่' }).getAttribute('href')).toBe('/staff');
    expect(within(menu).getByRole('link', { name: 'คำขอถอนเงิน' }).getAttribute('href')).toBe('/withdrawals');
    expect(within(menu).getByRole('link', { name: 'เจ้าหน้าที่' }).getAttribute('aria-current')).toBe('page');
  });

  it('shows queue counts on the menu on every page, and chimes when a queue grows after the event stream says money moved', async () => {
    const chime = vi.spyOn(chimeModule, 'chime').mockReturnValue(true);
    figures = dashboard({ withdrawals: 2, failedPayouts: 1 });
    const { client } = renderScreen(<BackOffice />, { path: '/staff' });
    expect((await screen.findByTestId('nav-withdrawals-badge')).textContent).toBe('2');
    expect(screen.getByTestId('nav-failed-payouts-badge').textContent).toBe('1');
    expect(screen.queryByTestId('nav-deposits-badge')).toBeNull();
    expect(chime).not.toHaveBeenCalled();
    figures = dashboard({ withdrawals: 3, failedPayouts: 1 });
    await act(() => client.invalidateQueries({ queryKey: ['dashboard'] }));
    await waitFor(() => expect(screen.getByTestId('nav-withdrawals-badge').textContent).toBe('3'));
    expect(chime).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('nav-withdrawals-badge').className).toContain('bg-red-600');
  });

  it('marks refetches nobody pressed for as background (x-sabai-background: 1); a click\'s own request is not', async () => {
    renderScreen(<BackOffice />, { path: '/staff' });
    await screen.findByRole('button', { name: 'เพิ่มเจ้าหน้าที่' });
    await waitFor(() => expect(sent.some((request) => request.path === '/admin-api/v1/events')).toBe(true));
    const stream = sent.find((request) => request.path === '/admin-api/v1/events');
    expect(stream?.headers['x-sabai-background']).toBe('1');
    const dashboardCall = sent.find((request) => request.path === '/admin-api/v1/dashboard');
    expect(dashboardCall?.headers['x-sabai-background']).toBe('1');
    server.use(http.post(adminPath('/auth/logout'), () => answer(staffDoneResponse, null)));
    const signOut = screen.getByRole('button', { name: 'ออกจากระบบ' });
    fireEvent.pointerDown(signOut);
    fireEvent.click(signOut);
    await waitFor(() => expect(sent.some((request) => request.path === '/admin-api/v1/auth/logout')).toBe(true));
    expect(sent.find((request) => request.path === '/admin-api/v1/auth/logout')?.headers['x-sabai-background']).toBeUndefined();
  });

  it('when the session expires, says so over the page and keeps what was typed; signing in again as the same person closes it', async () => {
    server.use(
      http.post(adminPath('/staff'), () => refusal('UNAUTHENTICATED', 'กรุณาเข้าสู่ระบบใหม่อีกครั้ง', 401)),
      http.post(adminPath('/auth/login'), () => answer(staffSignInStepResponse, { step: 'totp', challenge: 'chl_1' })),
      http.post(adminPath('/auth/totp'), () => answer(staffSessionResponse, { token: 'new-token', expiresAt: '2026-11-28T20:00:00.000Z', staff: { username: 'owner.one', role: 'owner', mustChangePassword: false } })),
    );
    renderScreen(<BackOffice />, { path: '/staff' });
    const username = (await screen.findByLabelText('ชื่อผู้ใช้')) as HTMLInputElement;
    fireEvent.change(username, { target: { value: 'support.new' } });
    fireEvent.click(screen.getByRole('button', { name: 'เพิ่มเจ้าหน้าที่' }));
    const dialog = await screen.findByRole('dialog', { name: 'เซสชันหมดอายุ' });
    expect(within(dialog).getByTestId('session-expired-notice').textContent).toContain('เซสชันหมดอายุ');
    expect(session.get()).toBeNull();
    // The page is still there under the dialog, with what was typed.
    expect(username.isConnected).toBe(true);
    expect(username.value).toBe('support.new');
    fireEvent.change(within(dialog).getByLabelText('ชื่อผู้ใช้'), { target: { value: 'owner.one' } });
    fireEvent.change(within(dialog).getByLabelText('รหัสผ่าน'), { target: { value: 'an-owner-password' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'เข้าสู่ระบบ' }));
    fireEvent.change(await within(dialog).findByLabelText('รหัสจากแอปยืนยันตัวตน (6 หลัก)'), { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'ยืนยัน' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(session.get()).toBe('new-token');
    expect(username.isConnected).toBe(true);
    expect(username.value).toBe('support.new');
  });
});

describe('the password screen (issue 25 §4)', () => {
  it('says a wrong current password and stays signed in', async () => {
    server.use(
      http.get(adminPath('/auth/me'), () => answer(staffMeResponse, { ...me(), mustChangePassword: true })),
      http.post(adminPath('/auth/password'), () => refusal('STAFF_INVALID_CREDENTIALS', 'ชื่อผู้ใช้ หรือ รหัสผ่าน ไม่ถูกต้อง', 401)),
    );
    renderScreen(<BackOffice />);
    fireEvent.change(await screen.findByLabelText('รหัสผ่านปัจจุบัน (รหัสผ่านใช้ครั้งเดียว)'), { target: { value: 'wrong-one' } });
    fireEvent.change(screen.getByLabelText('รหัสผ่านใหม่ (อย่างน้อย 12 ตัว)'), { target: { value: 'a-new-password-2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'บันทึกรหัสผ่าน' }));
    expect((await screen.findByRole('alert')).textContent).toBe('ชื่อผู้ใช้ หรือ รหัสผ่าน ไม่ถูกต้อง');
    expect(session.get()).toBe('test-staff-token');
    expect(screen.getByLabelText('รหัสผ่านปัจจุบัน (รหัสผ่านใช้ครั้งเดียว)')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('speaks English only in English mode: menu, header, dashboard (the switch back names Thai in Thai)', async () => {
    figures = dashboard({ withdrawals: 2, failedPayouts: 1 });
    const view = renderScreen(<BackOffice />, { path: '/dashboard', language: 'en' });
    expect((await screen.findByTestId('nav-withdrawals-badge')).textContent).toBe('2');
    expect(await screen.findByTestId('dashboard-deposits')).toBeTruthy();
    expect(thaiLeftIn(view.container, ['ภาษาไทย'])).toEqual([]);
  });
});

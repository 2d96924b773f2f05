// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../test/setup-dom.ts';
import { mockBackend, ok, renderAt, signIn } from '../../../test/render.tsx';
import { ResponsibleGamingPanel } from './responsible-gaming-panel.tsx';

const BASE = '/user-profile-composite/v1/responsible-gaming';
const none = { day: null, week: null, month: null };
const settings = (overrides: Record<string, unknown> = {}) => ({ depositLimit: { ...none, day: 1000 }, lossLimit: none, pending: [], exclusion: null, realityCheckMinutes: 30, ...overrides });
const activity = { deposits: { day: 800, week: 800, month: 800 }, netLoss: { day: 0, week: 0, month: 0 }, returnedDeposits: [] };

describe('ResponsibleGamingPanel (/user/responsible-gaming, issue 12)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the limits and activity, and starts a time-out only after the warning is confirmed', async () => {
    signIn();
    const calls = mockBackend({
      [`GET ${BASE}/limits`]: ok(settings()),
      [`GET ${BASE}/activity`]: ok(activity),
      [`POST ${BASE}/exclusion`]: { success: true, message: 'เริ่มพักการเล่นแล้ว ยกเลิกก่อนกำหนดไม่ได้', data: { kind: 'timeout', endsAt: '2026-11-26T03:00:00.000Z' } },
    });
    renderAt(<ResponsibleGamingPanel />, { path: '/user/responsible-gaming' });
    await waitFor(() => expect((screen.getByTestId('rg-deposit-day') as HTMLInputElement).value).toBe('1000'));
    await waitFor(() => expect(screen.getByTestId('rg-activity-deposits-day').textContent).toBe('800.00'));
    expect(screen.getByTestId('rg-reality-30').getAttribute('aria-checked')).toBe('true');

    fireEvent.click(screen.getByTestId('rg-exclude-7d'));
    expect(screen.getByTestId('rg-exclusion-confirm').textContent).toContain('ยกเลิกก่อนครบกำหนดไม่ได้');
    fireEvent.click(screen.getByTestId('rg-exclusion-cancel'));
    expect(calls.some((call) => call.path === `${BASE}/exclusion`)).toBe(false);

    fireEvent.click(screen.getByTestId('rg-exclude-24h'));
    fireEvent.click(screen.getByTestId('rg-exclusion-yes'));
    await waitFor(() => expect(screen.getByTestId('success-dialog').textContent).toContain('เริ่มพักการเล่นแล้ว'));
    expect(calls.find((call) => call.path === `${BASE}/exclusion`)?.body).toEqual({ kind: 'timeout', period: '24h' });
  });

  it('offers the confirmation of a pending increase only once it is due', async () => {
    signIn();
    const pending = [{ kind: 'deposit', period: 'day', amount: 2000, effectiveAt: '2026-11-26T03:00:00.000Z' }];
    mockBackend({ [`GET ${BASE}/limits`]: ok(settings({ pending })), [`GET ${BASE}/activity`]: ok(activity) });
    const view = renderAt(<ResponsibleGamingPanel now={() => Date.parse('2026-11-25T12:00:00Z')} />, { path: '/user/responsible-gaming' });
    await waitFor(() => expect(screen.getByTestId('rg-confirm')).toBeTruthy());
    expect((screen.getByTestId('rg-confirm') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('rg-pending').textContent).toContain('2,000.00');
    view.unmount();
    renderAt(<ResponsibleGamingPanel now={() => Date.parse('2026-11-26T03:00:01Z')} />, { path: '/user/responsible-gaming' });
    await waitFor(() => expect((screen.getByTestId('rg-confirm') as HTMLButtonElement).disabled).toBe(false));
    expect(screen.getByTestId('rg-confirm').textContent).toBe('ยืนยันการเปลี่ยนวงเงิน');
  });

  it('confirms a self-exclusion in self-exclusion words (not a time-out\'s), and shows its end on the 24-hour clock', async () => {
    signIn();
    const calls = mockBackend({
      [`GET ${BASE}/limits`]: ok(settings()),
      [`GET ${BASE}/activity`]: ok(activity),
      [`POST ${BASE}/exclusion`]: { success: true, message: 'เริ่มระงับตัวเองจากการเล่นแล้ว ยกเลิกก่อนกำหนดไม่ได้', data: { kind: 'self_exclusion', endsAt: '2027-05-26T08:23:00.000Z' } },
    });
    const view = renderAt(<ResponsibleGamingPanel />, { path: '/user/responsible-gaming' });
    fireEvent.click(await screen.findByTestId('rg-exclude-6m'));
    const dialog = screen.getByTestId('rg-exclusion-confirm');
    expect(dialog.textContent).toContain('ยืนยันการระงับตัวเอง');
    expect(dialog.textContent).toContain('คุณจะระงับตัวเองจากการเล่น 6 เดือน');
    expect(dialog.textContent).not.toContain('พักการเล่น 6 เดือน');
    expect(screen.getByTestId('rg-exclusion-yes').textContent).toBe('ยืนยัน ระงับตัวเอง');
    fireEvent.click(screen.getByTestId('rg-exclude-24h'));
    fireEvent.click(screen.getByTestId('rg-exclusion-cancel'));
    fireEvent.click(screen.getByTestId('rg-exclude-24h'));
    expect(screen.getByTestId('rg-exclusion-confirm').textContent).toContain('คุณจะพักการเล่น 24 ชั่วโมง');
    fireEvent.click(screen.getByTestId('rg-exclusion-cancel'));
    fireEvent.click(screen.getByTestId('rg-exclude-6m'));
    fireEvent.click(screen.getByTestId('rg-exclusion-yes'));
    await waitFor(() => expect(screen.getByTestId('success-dialog').textContent).toContain('เริ่มระงับตัวเองจากการเล่นแล้ว'));
    expect(calls.find((call) => call.path === `${BASE}/exclusion`)?.body).toEqual({ kind: 'self_exclusion', period: '6m' });
    view.unmount();

    mockBackend({ [`GET ${BASE}/limits`]: ok(settings({ exclusion: { kind: 'self_exclusion', endsAt: '2027-05-26T08:23:00.000Z' } })), [`GET ${BASE}/activity`]: ok(activity) });
    renderAt(<ResponsibleGamingPanel />, { path: '/user/responsible-gaming' });
    expect((await screen.findByTestId('rg-excluded')).textContent).toContain('คุณระงับตัวเองจากการเล่นถึง 26 พฤษภาคม 2570 เวลา 15:23\u00a0น.');
  });
});

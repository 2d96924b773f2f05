// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { createdStaffAccountResponse, staffAccountResponse, staffAccountsResponse, staffResetResponse, type StaffAccountRow } from '@sabai/contracts';
import { adminPath, answer, renderScreen, sent, server } from '../../test/harness';
import { StaffPage } from './staff';

const account: StaffAccountRow = { id: 'stf_aaaaaaaaaaaaaaaaaaaa', username: 'som', role: 'support', status: 'active', totpEnrolled: true, mustChangePassword: false, createdAt: '2026-11-28T05:00:00.000Z' };

function serve() {
  server.use(
    http.get(adminPath('/staff'), () => answer(staffAccountsResponse, [account])),
    http.post(adminPath('/staff'), () => answer(createdStaffAccountResponse, { staffId: 'stf_bbbbbbbbbbbbbbbbbbbb', username: 'nid', role: 'support', oneTimePassword: 'otp-once-123', otpauthUri: 'otpauth://totp/x' })),
    http.post(adminPath('/staff/:id'), () => answer(staffAccountResponse, { ...account, role: 'finance' })),
    http.post(adminPath('/staff/:id/reset'), () => answer(staffResetResponse, { username: 'som', oneTimePassword: 'otp-reset-456' })),
  );
}
const posts = () => sent.filter((request) => request.method === 'POST');

describe('staff accounts (owner)', () => {
  it('creates an account and shows its one-time password once', async () => {
    serve();
    renderScreen(<StaffPage />);
    await screen.findByText('som');
    const username = document.querySelector('input[name="username"]') as HTMLInputElement;
    fireEvent.change(username, { target: { value: 'Nid' } });
    fireEvent.change(document.querySelector('select[name="role"]')!, { target: { value: 'finance' } });
    fireEvent.submit(username.closest('form')!);
    expect((await screen.findByTestId('one-time-password')).textContent).toBe('otp-once-123');
    await waitFor(() => expect(posts()[0]!.body).toEqual({ username: 'nid', role: 'finance' }));
    await waitFor(() => expect(username.value).toBe(''));
  });

  it('changes a role, disables and resets only with a reason, and sends it', async () => {
    serve();
    renderScreen(<StaffPage />);
    const reset = (await screen.findByTestId('staff-reset-som')) as HTMLButtonElement;
    const role = screen.getByRole('combobox', { name: /^som:/ }) as HTMLSelectElement;
    expect(reset.disabled).toBe(true);
    expect(role.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('staff-reason'), { target: { value: 'moved to finance' } });
    fireEvent.change(role, { target: { value: 'finance' } });
    await waitFor(() => expect(posts()).toHaveLength(1));
    await waitFor(() => expect(posts()[0]!.body).toEqual({ role: 'finance', reason: 'moved to finance' }));
    await waitFor(() => expect((screen.getByTestId('staff-reason') as HTMLInputElement).value).toBe(''));
    fireEvent.change(screen.getByTestId('staff-reason'), { target: { value: 'lost phone' } });
    fireEvent.click(screen.getByTestId('staff-reset-som'));
    expect((await screen.findByTestId('staff-reset')).textContent).toContain('otp-reset-456');
    expect(posts()[1]!.path).toBe('/admin-api/v1/staff/stf_aaaaaaaaaaaaaaaaaaaa/reset');
  });
});

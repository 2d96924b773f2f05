// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { withdrawalDecisionResponse, withdrawalsResponse, type AdminWithdrawal } from '@sabai/contracts';
import { adminPath, answer, renderScreen, sent, server, thaiLeftIn } from '../../test/harness';
import { WithdrawalsPage } from './withdrawals';

const waiting = (overrides: Partial<AdminWithdrawal> = {}): AdminWithdrawal => ({
  id: 'wdr_waiting0000000000a', memberId: 'mbr_aaaaaaaaaaaaaaaaaaaa', phoneNumber: '0812345678', Amount: 6000, bankCode: '004', accountNumber: '1234567890',
  accountName: 'สมชาย ใจดี', status: 'pending_approval', Status: 2, createdAt: '2026-11-28T05:00:00.000Z', reason: null, ...overrides,
});

describe('withdrawals queue (issue 25 §4)', () => {
  it('shows states as words, not codes, and keeps the status filter in the address', async () => {
    server.use(http.get(adminPath('/withdrawals'), ({ request }) => answer(withdrawalsResponse, new URL(request.url).searchParams.get('status') === 'paid' ? [waiting({ id: 'wdr_paid00000000000000b', status: 'paid', Status: 1 })] : [waiting()])));
    renderScreen(<WithdrawalsPage canDecide canViewMember={false} />, { path: '/withdrawals?status=paid' });
    const table = await screen.findByTestId('withdrawals-table');
    await waitFor(() => expect(table.textContent).toContain('โอนแล้ว'));
    expect(table.textContent).not.toContain('paid');
    expect(sent.map((request) => request.path)).toEqual(['/admin-api/v1/withdrawals?status=paid&limit=100']);
    const filter = screen.getByRole('combobox', { name: 'สถานะ' }) as HTMLSelectElement;
    expect(filter.value).toBe('paid');
    expect([...filter.options].map((option) => option.textContent)).toContain('รออนุมัติ');
    fireEvent.change(filter, { target: { value: 'pending_approval' } });
    await waitFor(() => expect(table.textContent).toContain('รออนุมัติ'));
    expect(sent.map((request) => request.path)).toContain('/admin-api/v1/withdrawals?status=pending_approval&limit=100');
  });

  it('approves with an empty body and rejects with the reason from a dialog that takes focus and closes on Escape', async () => {
    server.use(
      http.get(adminPath('/withdrawals'), () => answer(withdrawalsResponse, [waiting()])),
      http.post(adminPath('/withdrawals/:id/approve'), () => answer(withdrawalDecisionResponse, { status: 'paid' })),
      http.post(adminPath('/withdrawals/:id/reject'), () => answer(withdrawalDecisionResponse, { status: 'rejected' })),
    );
    renderScreen(<WithdrawalsPage canDecide canViewMember={false} />);
    fireEvent.click(await screen.findByTestId('reject-wdr_waiting0000000000a'));
    const dialog = screen.getByRole('dialog');
    const reason = within(dialog).getByLabelText('เหตุผล (สมาชิกจะเห็นข้อความนี้)');
    expect(document.activeElement).toBe(reason);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByTestId('reject-wdr_waiting0000000000a'));
    fireEvent.change(within(screen.getByRole('dialog')).getByLabelText('เหตุผล (สมาชิกจะเห็นข้อความนี้)'), { target: { value: 'ชื่อบัญชีไม่ตรง' } });
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'ปฏิเสธ' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByTestId('approve-wdr_waiting0000000000a'));
    await waitFor(() => expect(sent.filter((request) => request.method === 'POST')).toHaveLength(2));
    const posts = sent.filter((request) => request.method === 'POST').map((request) => [request.path, request.body]);
    expect(posts).toEqual([
      ['/admin-api/v1/withdrawals/wdr_waiting0000000000a/reject', { reason: 'ชื่อบัญชีไม่ตรง' }],
      ['/admin-api/v1/withdrawals/wdr_waiting0000000000a/approve', {}],
    ]);
  });

  it('says at once when the approved payout failed at the bank, with the bank\'s reason', async () => {
    server.use(
      http.get(adminPath('/withdrawals'), () => answer(withdrawalsResponse, [waiting()])),
      http.post(adminPath('/withdrawals/:id/approve'), () => answer(withdrawalDecisionResponse, { status: 'failed', failureReason: 'บัญชีปลายทางถูกระงับ' })),
    );
    renderScreen(<WithdrawalsPage canDecide canViewMember={false} />);
    fireEvent.click(await screen.findByTestId('approve-wdr_waiting0000000000a'));
    expect((await screen.findByRole('alert')).textContent).toContain('บัญชีปลายทางถูกระงับ');
  });

  it('speaks English only in English mode: states, filter, actions', async () => {
    server.use(http.get(adminPath('/withdrawals'), () => answer(withdrawalsResponse, [waiting(), waiting({ id: 'wdr_failed000000000000c', status: 'failed', Status: 3, reason: 'bank refused' })])));
    const view = renderScreen(<WithdrawalsPage canDecide canViewMember />, { language: 'en' });
    const table = await screen.findByTestId('withdrawals-table');
    await waitFor(() => expect(table.textContent).toContain('Waiting for approval'));
    expect(thaiLeftIn(view.container, ['สมชาย ใจดี'])).toEqual([]);
  });
});

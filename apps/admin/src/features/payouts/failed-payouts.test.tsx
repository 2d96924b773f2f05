// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { failedPayoutActionResponse, failedPayoutsResponse, payoutsToPayResponse, withdrawalDecisionResponse, withdrawalsResponse, type FailedPayout } from '@sabai/contracts';
import { adminPath, answer, refusal, renderScreen, sent, server, thaiLeftIn } from '../../test/harness';
import { FailedPayoutsPage } from './failed-payouts';
import { WithdrawalsPage } from '../withdrawals/withdrawals';

const failed = (overrides: Partial<FailedPayout> = {}): FailedPayout => ({
  withdrawalId: 'wdr_frozen00000000000a',
  memberId: 'mem_1',
  phoneNumber: '0812345678',
  bankCode: 'KBANK',
  accountNumber: '1234567890',
  accountName: 'สมชาย ใจดี',
  Amount: 6000,
  reason: 'บัญชีปลายทางถูกระงับ',
  createdAt: '2026-11-28T05:00:00.000Z',
  failedAt: '2026-11-28T05:01:00.000Z',
  resolution: null,
  pendingApprovals: [],
  ...overrides,
});
const houseAccounts = { payouts: [], houseAccounts: [{ channelId: 'chn_kbank_main', bankCode: 'KBANK', accountNumber: '0011535946', accountName: 'บริษัท สบาย' }] };

describe('failed payouts screen (issue 25 §2)', () => {
  it('lists each failed payout with the bank reason in Thai, the member and the account, and the open count', async () => {
    server.use(
      http.get(adminPath('/payouts/failed'), () => answer(failedPayoutsResponse, { payouts: [failed(), failed({ withdrawalId: 'wdr_other000000000000b', reason: 'ไม่พบบัญชีปลายทาง', Amount: 250.5 })], openCount: 2 })),
      http.get(adminPath('/payouts/to-pay'), () => answer(payoutsToPayResponse, houseAccounts)),
    );
    renderScreen(<FailedPayoutsPage canResolve canRecord />);
    const table = await screen.findByTestId('failed-payouts-table');
    await waitFor(() => expect(within(table).getAllByTestId('failed-reason').map((cell) => cell.textContent)).toEqual(['บัญชีปลายทางถูกระงับ', 'ไม่พบบัญชีปลายทาง']));
    expect(table.textContent).toContain('KBANK 1234567890 · สมชาย ใจดี');
    expect(table.textContent).toContain('0812345678');
    expect(screen.getByTestId('failed-open-count').textContent).toBe('2');
  });

  it('retries: sends the retry and says when it waits for a second person', async () => {
    server.use(
      http.get(adminPath('/payouts/failed'), () => answer(failedPayoutsResponse, { payouts: [failed()], openCount: 1 })),
      http.get(adminPath('/payouts/to-pay'), () => answer(payoutsToPayResponse, houseAccounts)),
      http.post(adminPath('/payouts/failed/:id/retry'), () => answer(failedPayoutActionResponse, { action: 'retry', status: 'pending_approval', nextWithdrawalId: null, approvalId: 'apr_1', isReplay: false })),
    );
    renderScreen(<FailedPayoutsPage canResolve canRecord />);
    fireEvent.click(await screen.findByTestId('retry-wdr_frozen00000000000a'));
    expect((await screen.findByTestId('failed-notice')).textContent).toBe('ส่งขออนุมัติแล้ว รอเจ้าหน้าที่อีกคนอนุมัติ');
    expect(sent.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual(['/admin-api/v1/payouts/failed/wdr_frozen00000000000a/retry']);
  });

  it('pays by hand with the house account, the bank reference and the time', async () => {
    server.use(
      http.get(adminPath('/payouts/failed'), () => answer(failedPayoutsResponse, { payouts: [failed()], openCount: 1 })),
      http.get(adminPath('/payouts/to-pay'), () => answer(payoutsToPayResponse, houseAccounts)),
      http.post(adminPath('/payouts/failed/:id/manual'), () => answer(failedPayoutActionResponse, { action: 'manual', status: 'paid_unconfirmed', nextWithdrawalId: 'wdr_next0000000000000c', approvalId: 'apr_2', isReplay: false })),
    );
    renderScreen(<FailedPayoutsPage canResolve canRecord />);
    fireEvent.click(await screen.findByTestId('manual-wdr_frozen00000000000a'));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getAllByRole('option')).toHaveLength(1));
    fireEvent.change(within(dialog).getByLabelText('เลขอ้างอิงจากแอปธนาคาร'), { target: { value: 'KB-778899' } });
    fireEvent.click(within(dialog).getByTestId('failed-dialog-submit'));
    expect((await screen.findByTestId('failed-notice')).textContent).toContain('บันทึกการโอนด้วยมือแล้ว');
    const posted = sent.find((request) => request.method === 'POST');
    expect(posted?.path).toBe('/admin-api/v1/payouts/failed/wdr_frozen00000000000a/manual');
    await waitFor(() => expect(posted?.body).toMatchObject({ channelId: 'chn_kbank_main', bankReference: 'KB-778899', paidAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) }));
  });

  it('shows the server\'s refusal in Thai (another action closed it first) and how closed ones were handled', async () => {
    server.use(
      http.get(adminPath('/payouts/failed'), ({ request }) =>
        new URL(request.url).searchParams.get('state') === 'closed'
          ? answer(failedPayoutsResponse, { payouts: [failed({ resolution: { action: 'return', by: 'staff:fin1', at: '2026-11-28T06:00:00.000Z', note: null, nextWithdrawalId: null, nextStatus: null } })], openCount: 0 })
          : answer(failedPayoutsResponse, { payouts: [failed()], openCount: 1 }),
      ),
      http.get(adminPath('/payouts/to-pay'), () => answer(payoutsToPayResponse, houseAccounts)),
      http.post(adminPath('/payouts/failed/:id/return'), () => refusal('STATE_CONFLICT', 'รายการโอนไม่สำเร็จนี้ดำเนินการไปแล้วด้วยวิธีอื่น')),
    );
    renderScreen(<FailedPayoutsPage canResolve canRecord />);
    fireEvent.click(await screen.findByTestId('return-wdr_frozen00000000000a'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByTestId('failed-dialog-submit'));
    expect((await screen.findByTestId('failed-notice')).textContent).toBe('รายการโอนไม่สำเร็จนี้ดำเนินการไปแล้วด้วยวิธีอื่น');
    fireEvent.change(screen.getByLabelText('สถานะ'), { target: { value: 'closed' } });
    expect((await screen.findByTestId('failed-resolution')).textContent).toContain('คืนเข้ากระเป๋าหลัก · staff:fin1');
  });
});

describe('approving a withdrawal whose payout fails (issue 25 §2, finding 4)', () => {
  it('tells the staff member at once, with the bank reason', async () => {
    const row = { id: 'wdr_pending00000000000', memberId: 'mem_1', phoneNumber: '0812345678', Amount: 6000, bankCode: 'KBANK', accountNumber: '1234567890', accountName: 'สมชาย ใจดี', status: 'pending_approval' as const, Status: 2 as const, createdAt: '2026-11-28T05:00:00.000Z', reason: null };
    server.use(
      http.get(adminPath('/withdrawals'), () => answer(withdrawalsResponse, [row])),
      http.post(adminPath('/withdrawals/:id/approve'), () => answer(withdrawalDecisionResponse, { status: 'failed', failureReason: 'บัญชีปลายทางถูกระงับ' })),
    );
    renderScreen(<WithdrawalsPage canDecide canViewMember={false} />);
    fireEvent.click(await screen.findByTestId('approve-wdr_pending00000000000'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('ธนาคารโอนไม่สำเร็จ: บัญชีปลายทางถูกระงับ');
    expect(alert.textContent).toContain('โอนไม่สำเร็จ');
  });

  it('speaks English only in English mode (account names and the bank\'s reason are data)', async () => {
    server.use(
      http.get(adminPath('/payouts/failed'), () => answer(failedPayoutsResponse, { payouts: [failed()], openCount: 1 })),
      http.get(adminPath('/payouts/to-pay'), () => answer(payoutsToPayResponse, houseAccounts)),
    );
    const view = renderScreen(<FailedPayoutsPage canResolve canRecord />, { language: 'en' });
    await waitFor(() => expect(screen.getByTestId('failed-payouts-table').textContent).toContain('0812345678'));
    expect(thaiLeftIn(view.container, ['สมชาย ใจดี', 'บริษัท สบาย', 'บัญชีปลายทางถูกระงับ'])).toEqual([]);
  });
});

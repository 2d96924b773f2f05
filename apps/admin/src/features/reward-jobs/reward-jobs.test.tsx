// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { affiliateWithdrawalDecisionResponse, affiliateWithdrawalsResponse, rewardRunsResponse, staffJobRunResponse, type AdminAffiliateWithdrawal } from '@sabai/contracts';
import { adminPath, answer, refusal, renderScreen, sent, server } from '../../test/harness';
import { AffiliateWithdrawalsPage, RewardJobsPage } from './reward-jobs';

const run = { job: 'cashback', periodStart: '2026-11-27T00:00:00.000Z', startedAt: '2026-11-28T00:00:05.000Z', finishedAt: '2026-11-28T00:00:06.000Z', outcome: 'credited', detail: { members: 3 } };

describe('reward jobs screen (issue 25 §1: a run that pays waits for a second person)', () => {
  it('asks for a cashback run and says it waits for approval with the total it would pay', async () => {
    server.use(
      http.get(adminPath('/jobs/runs'), () => answer(rewardRunsResponse, [run])),
      http.post(adminPath('/jobs/cashback'), () => answer(staffJobRunResponse, { job: 'cashback', count: 0, status: 'pending', approvalId: 'apr_1', total: 1250.5 })),
    );
    renderScreen(<RewardJobsPage canRun />);
    await screen.findByTestId('reward-runs');
    fireEvent.click(screen.getByTestId('run-cashback'));
    expect((await screen.findByTestId('run-notice')).textContent).toBe('ส่งขออนุมัติแล้ว: ยอดจ่ายรวม 1,250.50 ฿ รอเจ้าหน้าที่อีกคนอนุมัติ');
    expect(sent.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual(['/admin-api/v1/jobs/cashback']);
  });

  it('says how many periods an approved run computed', async () => {
    server.use(
      http.get(adminPath('/jobs/runs'), () => answer(rewardRunsResponse, [])),
      http.post(adminPath('/jobs/affiliate'), () => answer(staffJobRunResponse, { job: 'affiliate', count: 2, status: 'executed', approvalId: null })),
    );
    renderScreen(<RewardJobsPage canRun />);
    fireEvent.click(await screen.findByTestId('run-affiliate'));
    expect((await screen.findByTestId('run-notice')).textContent).toBe('คำนวณ 2 รอบ');
  });

  it('shows the refusal and offers no run button to a role that may not run', async () => {
    server.use(
      http.get(adminPath('/jobs/runs'), () => answer(rewardRunsResponse, [])),
      http.post(adminPath('/jobs/cashback'), () => refusal('STAFF_FORBIDDEN', 'ไม่มีสิทธิ์ทำรายการนี้', 403)),
    );
    renderScreen(<RewardJobsPage canRun={false} />);
    await screen.findByTestId('reward-runs');
    expect(screen.queryByTestId('run-cashback')).toBeNull();
    renderScreen(<RewardJobsPage canRun />);
    fireEvent.click((await screen.findAllByTestId('run-cashback'))[0]!);
    await waitFor(() => expect(document.body.textContent).toContain('ไม่มีสิทธิ์ทำรายการนี้'));
  });
});

const pending = (overrides: Partial<AdminAffiliateWithdrawal> = {}): AdminAffiliateWithdrawal => ({
  id: 'afw_1', memberId: 'mem_1', phoneNumber: '0812345678', Amount: 3200, status: 'pending_approval', createdAt: '2026-11-28T05:00:00.000Z', decidedBy: null, reason: null, ...overrides,
});

describe('affiliate income withdrawals screen', () => {
  it('rejects only with a reason the member reads, and sends it', async () => {
    server.use(
      http.get(adminPath('/affiliate-withdrawals'), () => answer(affiliateWithdrawalsResponse, [pending()])),
      http.post(adminPath('/affiliate-withdrawals/:id/reject'), () => answer(affiliateWithdrawalDecisionResponse, { status: 'rejected' })),
    );
    renderScreen(<AffiliateWithdrawalsPage canDecide />);
    fireEvent.click(await screen.findByRole('button', { name: 'ปฏิเสธ' }));
    const dialog = await screen.findByRole('dialog');
    const confirm = Array.from(dialog.querySelectorAll('button')).find((button) => button.textContent === 'ปฏิเสธ')!;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(dialog.querySelector('textarea')!, { target: { value: 'ยอดแนะนำไม่ถึงเงื่อนไข' } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(sent.filter((request) => request.method === 'POST').map((request) => [request.path, request.body])).toEqual([
      ['/admin-api/v1/affiliate-withdrawals/afw_1/reject', { reason: 'ยอดแนะนำไม่ถึงเงื่อนไข' }],
    ]));
  });
});

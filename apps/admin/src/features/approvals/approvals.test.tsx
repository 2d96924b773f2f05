// @vitest-environment happy-dom
// @vitest-environment-options {"url": "http://admin.test/"}
import { moneyActionOutcomeResponse, moneyApprovalResponse, moneyApprovalsResponse, roleDailyLimitsResponse, type MoneyApprovalWire } from '@sabai/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { I18nProvider } from '../../lib/i18n';
import { LANGUAGE_KEY } from '../../lib/language';
import { thaiLeftIn } from '../../test/thai-left';
import { ApprovalsPage } from './approvals';

/**
 * The approvals screen (issue 25 §1) against the real API client, msw answering at the network
 * edge with bodies checked against the contract (a handler that drifts from it fails the test).
 */
const server = setupServer();
const sent: Array<{ method: string; path: string; body: unknown }> = [];
server.events.on('request:start', ({ request }) => {
  const entry = { method: request.method, path: new URL(request.url).pathname + new URL(request.url).search, body: undefined as unknown };
  sent.push(entry);
  void request.clone().text().then((text) => { entry.body = text ? JSON.parse(text) : undefined; });
});
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  sent.length = 0;
});
afterAll(() => server.close());

const answer = (schema: { parse(value: unknown): unknown }, data: unknown, status = 200) => {
  const body = { success: true, message: 'ok', data } as JsonBodyType;
  schema.parse(body);
  return HttpResponse.json(body, { status });
};

const row = (over: Partial<MoneyApprovalWire> = {}): MoneyApprovalWire => ({
  approvalId: 'apr_aaaaaaaaaaaaaaaaaaaa', kind: 'adjustment.credit', status: 'pending', amount: 1000, subjectType: 'member', subjectId: 'mbr_bbbbbbbbbbbbbbbbbbbb',
  reason: 'ชดเชยระบบขัดข้อง', payload: {}, requester: 'support1', requesterRole: 'support', withinLimit: false, decidedBy: null, decisionReason: null,
  createdAt: '2026-11-28T05:00:00.000Z', decidedAt: null, canDecide: true, ...over,
});

function useApi(queue: MoneyApprovalWire[], mine: MoneyApprovalWire[] = []) {
  server.use(
    http.get('*/admin-api/v1/approvals', ({ request }) => answer(moneyApprovalsResponse, new URL(request.url).searchParams.get('scope') === 'mine' ? mine : queue)),
    http.get('*/admin-api/v1/approvals/limits', () => answer(roleDailyLimitsResponse, ['owner', 'finance', 'support', 'marketing', 'auditor'].map((role) => ({ role, limit: role === 'support' ? 1500 : 0 })))),
  );
}

function renderPage(props: { canDecide: boolean; canRequestLimits: boolean }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nProvider>
      <QueryClientProvider client={client}>
        <ApprovalsPage {...props} />
      </QueryClientProvider>
    </I18nProvider>,
  );
}

describe('the approvals screen (issue 25 §1)', () => {
  it('lists pending requests with kind, amount, requester, subject and reason, and approves one', async () => {
    useApi([row()]);
    server.use(http.post('*/admin-api/v1/approvals/:approvalId/approve', () => answer(moneyApprovalResponse, row({ status: 'executed', decidedBy: 'finance1', canDecide: false }))));
    renderPage({ canDecide: true, canRequestLimits: false });
    const queue = await screen.findByTestId('approvals-queue');
    const item = within(queue).getByTestId('approval-row');
    expect(item.textContent).toContain('ปรับเพิ่มยอดสมาชิก');
    expect(item.textContent).toContain('1,000.00');
    expect(item.textContent).toContain('support1');
    expect(item.textContent).toContain('mbr_bbbbbbbbbbbbbbbbbbbb');
    expect(item.textContent).toContain('ชดเชยระบบขัดข้อง');
    fireEvent.click(within(item).getByTestId('approve'));
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'อนุมัติแล้ว รายการดำเนินการแล้ว');
    expect(sent.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual(['/admin-api/v1/approvals/apr_aaaaaaaaaaaaaaaaaaaa/approve']);
  });

  it('rejects only with a reason, and Enter in the reason field sends nothing', async () => {
    useApi([row()]);
    server.use(http.post('*/admin-api/v1/approvals/:approvalId/reject', () => answer(moneyApprovalResponse, row({ status: 'rejected', decidedBy: 'owner1', decisionReason: 'ไม่มีหลักฐาน', canDecide: false }))));
    renderPage({ canDecide: true, canRequestLimits: false });
    const item = within(await screen.findByTestId('approvals-queue')).getByTestId('approval-row');
    fireEvent.click(within(item).getByTestId('reject'));
    expect(await within(item).findByRole('alert')).toHaveProperty('textContent', 'กรุณาระบุเหตุผลที่ปฏิเสธ');
    const reason = within(item).getByLabelText('เหตุผล');
    fireEvent.change(reason, { target: { value: 'ไม่มีหลักฐาน' } });
    fireEvent.keyDown(reason, { key: 'Enter' });
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);
    fireEvent.click(within(item).getByTestId('reject'));
    await screen.findByText('ปฏิเสธแล้ว');
    await waitFor(() => expect(sent.filter((request) => request.method === 'POST').map((request) => [request.path, request.body])).toEqual([
      ['/admin-api/v1/approvals/apr_aaaaaaaaaaaaaaaaaaaa/reject', { reason: 'ไม่มีหลักฐาน' }],
    ]));
  });

  it('shows the requester their own pending request without approve buttons; a role that cannot decide does not load the queue', async () => {
    useApi([], [row({ canDecide: false })]);
    renderPage({ canDecide: false, canRequestLimits: false });
    const mine = await screen.findByTestId('approvals-mine');
    await waitFor(() => expect(within(mine).getByTestId('approval-row').textContent).toContain('รออนุมัติ'));
    expect(within(mine).queryByTestId('approve')).toBeNull();
    expect(screen.queryByTestId('approvals-queue')).toBeNull();
    expect(sent.some((request) => request.path === '/admin-api/v1/approvals?scope=queue')).toBe(false);
  });

  it('shows the role limits (0 = every action needs approval) and says a change was sent for approval, not done', async () => {
    useApi([]);
    server.use(http.post('*/admin-api/v1/approvals/limits', () => answer(moneyActionOutcomeResponse, { status: 'pending', approvalId: 'apr_cccccccccccccccccccc' })));
    renderPage({ canDecide: true, canRequestLimits: true });
    const limits = await screen.findByTestId('role-limits');
    // Roles as words (issue 25 §4: no raw codes).
    await waitFor(() => expect(limits.textContent).toContain('การเงิน: 0 (ต้องมีผู้อนุมัติทุกรายการ)'));
    expect(limits.textContent).toContain('1,500.00');
    fireEvent.change(screen.getByLabelText('บทบาท'), { target: { value: 'support' } });
    fireEvent.change(screen.getByLabelText('เหตุผลการเปลี่ยนวงเงิน'), { target: { value: 'งานคืนเงินเยอะ' } });
    // An empty limit is named and never sent as 0 (0 would mean "every action needs a second person").
    fireEvent.click(screen.getByText('ขอเปลี่ยนวงเงิน'));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^วงเงินต่อวัน: /);
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);
    fireEvent.change(screen.getByLabelText('วงเงินต่อวัน'), { target: { value: '2000' } });
    fireEvent.change(screen.getByLabelText('เหตุผลการเปลี่ยนวงเงิน'), { target: { value: 'งานคืนเงินเยอะ' } });
    fireEvent.click(screen.getByText('ขอเปลี่ยนวงเงิน'));
    expect(await screen.findByText('ส่งขออนุมัติแล้ว รอเจ้าหน้าที่อีกคนอนุมัติ')).toBeTruthy();
    await waitFor(() => expect(sent.find((request) => request.method === 'POST')?.body).toEqual({ role: 'support', limit: 2000, reason: 'งานคืนเงินเยอะ' }));
  });

  it('speaks English only in English mode: kinds, states, limits and roles as words', async () => {
    useApi([row({ reason: 'system outage refund' }), row({ approvalId: 'apr_cccccccccccccccccccc', kind: 'payout.manual', reason: 'bank down', canDecide: false })], [row({ approvalId: 'apr_dddddddddddddddddddd', status: 'executed', decidedBy: 'fin1', reason: 'mine' })]);
    localStorage.setItem(LANGUAGE_KEY, 'en');
    try {
      const view = renderPage({ canDecide: true, canRequestLimits: true });
      expect((await screen.findAllByText('Credit adjustment')).length).toBeGreaterThan(0);
      expect(thaiLeftIn(view.container)).toEqual([]);
    } finally {
      localStorage.removeItem(LANGUAGE_KEY);
    }
  });
});

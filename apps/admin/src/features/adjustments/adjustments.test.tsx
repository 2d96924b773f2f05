// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { memberAdjustmentResponse, pendingAdjustmentsResponse, type MemberAdjustmentWire } from '@sabai/contracts';
import { adminPath, answer, refusal, renderScreen, sent, server } from '../../test/harness';
import { AdjustmentForm } from './adjustment-form';
import { PendingAdjustments } from './pending-adjustments';

const MEMBER = 'mbr_aaaaaaaaaaaaaaaaaaaa';
const adjustment = (overrides: Partial<MemberAdjustmentWire> = {}): MemberAdjustmentWire => ({
  adjustmentId: 'adj_aaaaaaaaaaaaaaaaaaaa', memberId: MEMBER, direction: 'credit', amount: 1000, status: 'pending_approval', requestedBy: 'staff:support.one', decidedBy: null, ...overrides,
});
const posts = () => sent.filter((request) => request.method === 'POST').map((request) => [request.path, request.body]);

describe('adjustments (issue 25 §4)', () => {
  it.each([['12.345'], ['abc'], ['0'], ['']])('refuses the amount %j before sending, naming the field, never NaN', async (typed) => {
    renderScreen(<AdjustmentForm memberId={MEMBER} />);
    fireEvent.change(screen.getByLabelText('จำนวนเงิน'), { target: { value: typed } });
    fireEvent.change(screen.getByLabelText('เหตุผลการปรับยอด'), { target: { value: 'ชดเชย' } });
    fireEvent.click(screen.getByRole('button', { name: 'ปรับยอด' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^จำนวนเงิน: /);
    expect(document.body.textContent).not.toContain('NaN');
    expect(posts()).toEqual([]);
  });

  it('refuses an empty reason before sending, naming the field', async () => {
    renderScreen(<AdjustmentForm memberId={MEMBER} />);
    fireEvent.change(screen.getByLabelText('จำนวนเงิน'), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'ปรับยอด' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^เหตุผลการปรับยอด: /);
    expect(posts()).toEqual([]);
  });

  it('sends the adjustmentRequestBody (baht with commas read, two decimals) and says it waits for a second person', async () => {
    server.use(http.post(adminPath('/members/:id/adjustments'), () => answer(memberAdjustmentResponse, adjustment({ amount: 1500.5 }))));
    renderScreen(<AdjustmentForm memberId={MEMBER} />);
    fireEvent.change(screen.getByLabelText('ทิศทาง'), { target: { value: 'debit' } });
    fireEvent.change(screen.getByLabelText('จำนวนเงิน'), { target: { value: '1,500.50' } });
    fireEvent.change(screen.getByLabelText('เหตุผลการปรับยอด'), { target: { value: ' ถอนผิดบัญชี ' } });
    fireEvent.click(screen.getByRole('button', { name: 'ปรับยอด' }));
    expect((await screen.findByTestId('adjustment-outcome')).textContent).toContain('ส่งขออนุมัติแล้ว');
    expect(posts()).toEqual([[`/admin-api/v1/members/${MEMBER}/adjustments`, { direction: 'debit', amount: 1500.5, reason: 'ถอนผิดบัญชี' }]]);
  });

  it('in English mode, says the server\'s refusal in English', async () => {
    server.use(http.post(adminPath('/members/:id/adjustments'), () => refusal('INSUFFICIENT_BALANCE', 'ยอดเงินไม่เพียงพอ')));
    renderScreen(<AdjustmentForm memberId={MEMBER} />, { language: 'en' });
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '100' } });
    fireEvent.change(screen.getByLabelText('Reason for the adjustment'), { target: { value: 'refund' } });
    fireEvent.click(screen.getByRole('button', { name: 'Adjust' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Insufficient balance');
  });

  it('lists adjustments waiting for a second person and approves one with an empty body, rejects with a reason', async () => {
    server.use(
      http.get(adminPath('/adjustments'), () => answer(pendingAdjustmentsResponse, [adjustment(), adjustment({ adjustmentId: 'adj_bbbbbbbbbbbbbbbbbbbb', direction: 'debit', amount: 250 })])),
      http.post(adminPath('/adjustments/:id/approve'), () => answer(memberAdjustmentResponse, adjustment({ status: 'applied' }))),
      http.post(adminPath('/adjustments/:id/reject'), () => answer(memberAdjustmentResponse, adjustment({ adjustmentId: 'adj_bbbbbbbbbbbbbbbbbbbb', status: 'rejected' }))),
    );
    renderScreen(<PendingAdjustments />);
    const first = await screen.findByTestId('pending-adjustment-adj_aaaaaaaaaaaaaaaaaaaa');
    expect(first.textContent).toContain('เพิ่ม 1,000.00 ฿');
    expect(first.textContent).toContain('staff:support.one');
    fireEvent.click(within(first).getByRole('button', { name: 'อนุมัติ' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    fireEvent.click(within(screen.getByTestId('pending-adjustment-adj_bbbbbbbbbbbbbbbbbbbb')).getByRole('button', { name: 'ไม่อนุมัติ' }));
    await waitFor(() => expect(posts()).toEqual([
      ['/admin-api/v1/adjustments/adj_aaaaaaaaaaaaaaaaaaaa/approve', {}],
      ['/admin-api/v1/adjustments/adj_bbbbbbbbbbbbbbbbbbbb/reject', { reason: 'ไม่อนุมัติ' }],
    ]));
  });
});

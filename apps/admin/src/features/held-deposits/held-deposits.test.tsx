// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { heldDepositCreditedResponse, heldDepositRefundResponse, heldDepositsResponse, refundCheckResponse, type HeldDeposit } from '@sabai/contracts';
import { adminPath, answer, renderScreen, sent, server, thaiLeftIn } from '../../test/harness';
import { HeldDepositsPage } from './held-deposits';

const held = (overrides: Partial<HeldDeposit> = {}): HeldDeposit => ({
  id: 'dep_held0000000000000a', channelId: 'chn_kbank_main', Amount: 700, occurredAt: '2026-11-28T05:00:00.000Z', senderBankCode: '014', senderAccountMasked: 'xxx-x-x1234-x',
  senderPhone: null, senderName: 'นาย ก ไก่', holdReason: 'NO_MATCH', memberPhoneNumber: null, createdAt: '2026-11-28T05:00:01.000Z', ...overrides,
});
const posts = () => sent.filter((request) => request.method === 'POST').map((request) => [request.path, request.body]);

describe('held deposits (issue 25 §4)', () => {
  it('says why each deposit is held in words, not the matcher\'s code', async () => {
    server.use(http.get(adminPath('/deposits/held'), () => answer(heldDepositsResponse, [held(), held({ id: 'dep_held0000000000000b', holdReason: 'AMBIGUOUS' })])));
    renderScreen(<HeldDepositsPage canResolve />);
    await waitFor(() => expect(screen.getAllByTestId('hold-reason').map((cell) => cell.textContent)).toEqual(['ไม่พบสมาชิกที่ตรงกับผู้โอน', 'ตรงกับสมาชิกหลายคน']));
    expect(document.body.textContent).not.toContain('NO_MATCH');
  });

  it('refuses a phone that is not a member phone before sending, naming the field; credits with a good one', async () => {
    server.use(
      http.get(adminPath('/deposits/held'), () => answer(heldDepositsResponse, [held()])),
      http.post(adminPath('/deposits/:id/assign'), () => answer(heldDepositCreditedResponse, { status: 'credited', approvalId: null })),
    );
    renderScreen(<HeldDepositsPage canResolve />);
    fireEvent.change(await screen.findByLabelText('เบอร์สมาชิก'), { target: { value: '08123' } });
    fireEvent.click(screen.getByRole('button', { name: 'เข้าบัญชีสมาชิก' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^เบอร์สมาชิก: /);
    expect(posts()).toEqual([]);
    // The field is the same one, still holding what was typed (the cell is not redrawn from scratch).
    expect((screen.getByLabelText('เบอร์สมาชิก') as HTMLInputElement).value).toBe('08123');
    fireEvent.change(screen.getByLabelText('เบอร์สมาชิก'), { target: { value: '0812345678' } });
    fireEvent.click(screen.getByRole('button', { name: 'เข้าบัญชีสมาชิก' }));
    await waitFor(() => expect(posts()).toEqual([['/admin-api/v1/deposits/dep_held0000000000000a/assign', { memberPhoneNumber: '0812345678' }]]));
  });

  it('refunds only after the names were compared; a different name needs the destination name typed again, and the refund waits for a second person', async () => {
    server.use(
      http.get(adminPath('/deposits/held'), () => answer(heldDepositsResponse, [held()])),
      http.post(adminPath('/deposits/:id/refund-check'), () => answer(refundCheckResponse, { depositId: 'dep_held0000000000000a', Amount: 700, senderName: 'นาย ก ไก่', destinationName: 'นาย ข ไข่', nameCheck: 'different' })),
      http.post(adminPath('/deposits/:id/refund'), () => answer(heldDepositRefundResponse, { status: 'pending_approval', refundId: null, approvalId: 'apr_aaaaaaaaaaaaaaaaaaaa', check: { depositId: 'dep_held0000000000000a', Amount: 700, senderName: 'นาย ก ไก่', destinationName: 'นาย ข ไข่', nameCheck: 'different' } })),
    );
    renderScreen(<HeldDepositsPage canResolve />);
    const form = await screen.findByTestId('refund-form');
    expect(within(form).queryByTestId('refund-submit')).toBeNull();
    fireEvent.change(within(form).getByLabelText('เลขบัญชีผู้โอน'), { target: { value: '111-2-22333-4' } });
    fireEvent.change(within(form).getByLabelText('เหตุผลการคืนเงิน'), { target: { value: 'ผู้โอนขอคืน' } });
    // Enter in a refund field submits nothing.
    fireEvent.keyDown(within(form).getByLabelText('เหตุผลการคืนเงิน'), { key: 'Enter' });
    fireEvent.click(within(form).getByTestId('refund-check'));
    expect((await within(form).findByTestId('refund-names')).textContent).toContain('ไม่ตรงกัน');
    fireEvent.change(within(form).getByLabelText('ยืนยันชื่อบัญชีปลายทาง'), { target: { value: 'นาย ข ไข่' } });
    fireEvent.click(within(form).getByTestId('refund-submit'));
    expect((await screen.findByTestId('deposits-notice')).textContent).toContain('ส่งขออนุมัติแล้ว');
    expect(posts()).toEqual([
      ['/admin-api/v1/deposits/dep_held0000000000000a/refund-check', { bankCode: '014', accountNumber: '1112223334' }],
      ['/admin-api/v1/deposits/dep_held0000000000000a/refund', { note: 'ผู้โอนขอคืน', bankCode: '014', accountNumber: '1112223334', confirmation: 'นาย ข ไข่' }],
    ]);
  });

  it('speaks English only in English mode (the sender name is the bank\'s data)', async () => {
    server.use(http.get(adminPath('/deposits/held'), () => answer(heldDepositsResponse, [held(), held({ id: 'dep_held0000000000000b', holdReason: 'RG_DEPOSIT_LIMIT', memberPhoneNumber: '0812345678' })])));
    const view = renderScreen(<HeldDepositsPage canResolve />, { language: 'en' });
    await waitFor(() => expect(screen.getAllByTestId('hold-reason').map((cell) => cell.textContent)).toEqual(['No member matches the sender', 'Above the member\'s deposit limit']));
    expect(thaiLeftIn(view.container, ['นาย ก ไก่'])).toEqual([]);
  });
});

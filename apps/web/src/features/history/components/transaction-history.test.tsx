// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../../test/setup-dom.ts';
import { withdrawRow } from '../../../test/fixtures.ts';
import { mockBackend, ok, renderAt, signIn } from '../../../test/render.tsx';
import { TransactionHistory, type HistoryTab } from './transaction-history.tsx';
import { useState } from 'react';

function Harness({ initial }: { initial: HistoryTab }) {
  const [tab, setTab] = useState(initial);
  return <TransactionHistory tab={tab} onTabChange={setTab} />;
}

const page = (rows: unknown[]) => ok({ Transaction: rows, page: 1, pageSize: 20, total: rows.length });

describe('history (spec dialog 3; issue 14 §4)', () => {
  it("shows a rejected withdrawal's staff reason and that the money came back, not only ไม่สำเร็จ", async () => {
    signIn();
    mockBackend({
      'GET /user-profile-composite/v1/history/withdraw': page([
        withdrawRow({ rejectionReason: 'บัญชีปลายทางไม่ตรงกับชื่อผู้สมัคร' }),
        withdrawRow({ id: 'wdr_failedatthebank000', Amount: 300, rejectionReason: null }),
        withdrawRow({ id: 'wdr_paid00000000000000', Amount: 200, Status: 1 }),
        withdrawRow({ id: 'wdr_frozenaccount00000', Amount: 6000, rejectionReason: null, failureReason: 'บัญชีปลายทางถูกระงับ' }),
      ]),
    });
    renderAt(<Harness initial="withdraw" />, { path: '/user/transactions-withdraw' });
    const rows = await screen.findAllByTestId('history-row');
    expect(rows).toHaveLength(4);
    // Issue 25 §2: the member reads the bank's reason, as staff do.
    expect(within(rows[3]!).getByTestId('history-failure-reason').textContent).toBe('ธนาคารโอนไม่สำเร็จ: บัญชีปลายทางถูกระงับ');
    expect(within(rows[3]!).getByTestId('history-reason').textContent).toContain('คืนเงินเข้ากระเป๋าแล้ว');
    expect(within(rows[0]!).getByTestId('history-status').textContent).toBe('ไม่สำเร็จ');
    expect(within(rows[0]!).getByTestId('history-rejection-reason').textContent).toBe('เจ้าหน้าที่ไม่อนุมัติ: บัญชีปลายทางไม่ตรงกับชื่อผู้สมัคร');
    expect(within(rows[0]!).getByTestId('history-reason').textContent).toContain('คืนเงินเข้ากระเป๋าแล้ว');
    expect(within(rows[1]!).getByTestId('history-reason').textContent).toBe('ธนาคารปฏิเสธรายการ คืนเงินเข้ากระเป๋าแล้ว');
    expect(within(rows[2]!).queryByTestId('history-reason')).toBeNull();
  });

  it('keeps the four columns, shows the whole id and the time as two unbroken halves', async () => {
    signIn();
    mockBackend({ 'GET /user-profile-composite/v1/history/deposit': page([{ id: 'dep_k3j9x2a1b2c3d4e5f6g7', Amount: 1000, createdAt: '2026-11-22T07:30:55.000Z', Status: 1, TransType: 'DEPOSIT', reference: null }]) });
    renderAt(<Harness initial="deposit" />, { path: '/user/transactions-deposit' });
    const row = (await screen.findAllByTestId('history-row'))[0]!;
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['รหัสรายการ', 'จำนวนเงิน (บาท)', 'เวลา', 'สถานะ']);
    expect(within(row).getByTestId('history-id').textContent).toBe('dep_k3j9x2a1b2c3d4e5f6g7');
    expect(within(row).getByTestId('history-amount').textContent).toBe('1,000.00');
    const halves = [...within(row).getByTestId('history-time').querySelectorAll('.whitespace-nowrap')].map((part) => part.textContent);
    expect(halves).toEqual(['22 พฤศจิกายน 2569', '2:30:55 หลังเที่ยง']);
  });

  it('switches tabs', async () => {
    signIn();
    mockBackend({ 'GET /user-profile-composite/v1/history/deposit': page([]), 'GET /user-profile-composite/v1/history/withdraw': page([withdrawRow({ Status: 2 })]) });
    renderAt(<Harness initial="deposit" />, { path: '/user/history' });
    expect((await screen.findByTestId('history-empty')).textContent).toBe('ไม่มีข้อมูล');
    fireEvent.click(screen.getByTestId('history-tab-withdraw'));
    expect((await screen.findByTestId('history-status')).textContent).toBe('รอดำเนินการ');
  });
});

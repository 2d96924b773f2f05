// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { itemCodeBatchResponse, itemCodeListResponse, staffWheelPrizesResponse, type ItemCodeView } from '@sabai/contracts';
import { adminPath, answer, renderScreen, sent, server, thaiLeftIn } from '../../test/harness';
import { RewardsPage } from './rewards';

const code = (overrides: Partial<ItemCodeView> = {}): ItemCodeView => ({
  code: 'PROMOAAAA2222', Amount: 20, totalUses: 1, redeemedCount: 0, expiresAt: '2026-12-28T05:00:00.000Z', isExpired: false, createdAt: '2026-11-28T05:00:00.000Z',
  createdBy: 'staff:marketing.one', turnoverMultiple: 1, approvalStatus: 'pending', ...overrides,
});
const posts = () => sent.filter((request) => request.method === 'POST').map((request) => [request.path, request.body]);
const field = (label: string) => within(screen.getByTestId('batch-form')).getByLabelText(label) as HTMLInputElement;

function given(codes: ItemCodeView[] = [code()]) {
  server.use(
    http.get(adminPath('/wheel-prizes'), () => answer(staffWheelPrizesResponse, [])),
    http.get(adminPath('/item-codes'), () => answer(itemCodeListResponse, codes)),
    http.post(adminPath('/item-codes/batch'), () => answer(itemCodeBatchResponse, { codes: ['XMASAAAA2222', 'XMASBBBB3333'], Amount: 50, usesPerCode: 1, expiresAt: '2026-12-28T05:00:00+07:00', turnoverMultiple: 0, approvalStatus: 'pending', approvalId: 'apr_aaaaaaaaaaaaaaaaaaaa' })),
  );
}

describe('item codes (issue 25 §4, §1)', () => {
  it('lists codes with their turnover, liability approval state and uses', async () => {
    given([code(), code({ code: 'FREEBBBB3333', turnoverMultiple: 0, approvalStatus: 'approved', redeemedCount: 1 })]);
    renderScreen(<RewardsPage />);
    const table = await screen.findByTestId('item-codes');
    await waitFor(() => expect(table.textContent).toContain('FREEBBBB3333'));
    const rows = within(table).getAllByRole('row').slice(1).map((row) => row.textContent ?? '');
    expect(rows[0]).toContain('1×');
    expect(rows[0]).toContain('รออนุมัติ');
    expect(rows[1]).toContain('ไม่มี');
    expect(rows[1]).toContain('อนุมัติแล้ว');
    expect(rows[1]).toContain('1 / 1');
  });

  it('creates a batch with the turnover multiple typed (0 = none), and says it pays only once approved', async () => {
    given();
    renderScreen(<RewardsPage />);
    await screen.findByTestId('batch-form');
    fireEvent.change(field('ขึ้นต้นด้วย'), { target: { value: 'XMAS' } });
    fireEvent.change(field('จำนวนโค้ด (≤ 500)'), { target: { value: '2' } });
    fireEvent.change(field('มูลค่า (บาท)'), { target: { value: '50' } });
    fireEvent.change(field('เทิร์นโอเวอร์ (เท่าของมูลค่า)'), { target: { value: '0' } });
    fireEvent.change(field('เหตุผล'), { target: { value: 'แจกในไลน์' } });
    fireEvent.click(screen.getByRole('button', { name: 'สร้างโค้ดชุดใหม่' }));
    expect((await screen.findByTestId('batch-pending')).textContent).toContain('ส่งขออนุมัติยอดรวมแล้ว');
    const [[path, body]] = posts() as [[string, Record<string, unknown>]];
    expect(path).toBe('/admin-api/v1/item-codes/batch');
    expect(body).toMatchObject({ prefix: 'XMAS', count: 2, amount: 50, usesPerCode: 1, turnoverMultiple: 0, reason: 'แจกในไลน์' });
    expect(String(body.expiresAt)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\+07:00$/);
  });

  it.each([['101'], ['-1'], ['1.5'], ['']])('refuses the turnover multiple %j (0..100 whole) at its field and sends nothing', async (typed) => {
    given();
    renderScreen(<RewardsPage />);
    await screen.findByTestId('batch-form');
    fireEvent.change(field('เทิร์นโอเวอร์ (เท่าของมูลค่า)'), { target: { value: typed } });
    fireEvent.change(field('เหตุผล'), { target: { value: 'แจกในไลน์' } });
    fireEvent.click(screen.getByRole('button', { name: 'สร้างโค้ดชุดใหม่' }));
    const label = field('เทิร์นโอเวอร์ (เท่าของมูลค่า)').closest('label');
    await waitFor(() => expect(label?.textContent).toContain('0 – 100'));
    expect(posts()).toEqual([]);
  });

  it('speaks English only in English mode: wheel prizes, codes, approval states', async () => {
    server.use(
      http.get(adminPath('/wheel-prizes'), () => answer(staffWheelPrizesResponse, [
        { id: 1, label: '100 baht', kind: 'credit', amount: 100, weight: 1, sortOrder: 1, isActive: true, chancePercent: 50 },
        { id: 2, label: 'Try again', kind: 'nothing', amount: 0, weight: 1, sortOrder: 2, isActive: false, chancePercent: 0 },
      ])),
      http.get(adminPath('/item-codes'), () => answer(itemCodeListResponse, [code(), code({ code: 'FREEBBBB3333', turnoverMultiple: 0, approvalStatus: 'approved', isExpired: true })])),
    );
    const view = renderScreen(<RewardsPage />, { language: 'en' });
    await waitFor(() => expect(screen.getByTestId('item-codes').textContent).toContain('FREEBBBB3333'));
    await screen.findByText('Try again');
    expect(thaiLeftIn(view.container)).toEqual([]);
  });
});

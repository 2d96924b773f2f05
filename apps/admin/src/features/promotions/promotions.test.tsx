// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { moneyActionOutcomeResponse, staffPromotionResponse, staffPromotionsResponse, type StaffPromotion } from '@sabai/contracts';
import { adminPath, answer, renderScreen, sent, server, thaiLeftIn } from '../../test/harness';
import { PromotionsPage } from './promotions';

const promotion = (overrides: Partial<StaffPromotion> = {}): StaffPromotion => ({
  id: 'welcome', title: 'ฝากแรกรับ 50%', description: null, imageUrl: null, minimumDeposit: 100, bonus: { type: 1, value: 0.5 }, maxBonus: { type: 0, value: 500 },
  turnover: { type: 1, value: 5 }, maxWithdraw: { type: 0, value: 0 }, startsAt: '2026-11-01T00:00:00.000Z', endsAt: null, eligibility: 'first_deposit',
  oncePerMember: true, oncePerDay: false, maxGrantsTotal: null, sortOrder: 0, isActive: true, grants: 3, bonusPaid: 150,
  budget: { state: 'approved', approved: 10_000, requested: null }, ...overrides,
});
const posts = () => sent.filter((request) => request.method === 'POST').map((request) => [request.path, request.body]);

describe('promotions (issue 25 §4, §1 leftovers)', () => {
  it('shows each promotion\'s bonus budget and its state', async () => {
    server.use(http.get(adminPath('/promotions'), () => answer(staffPromotionsResponse, [
      promotion(),
      promotion({ id: 'nobudget', budget: { state: 'none', approved: null, requested: null } }),
      promotion({ id: 'asked', budget: { state: 'pending', approved: 5_000, requested: 20_000 } }),
      promotion({ id: 'legacy', budget: { state: 'unlimited', approved: null, requested: null } }),
    ])));
    renderScreen(<PromotionsPage />);
    expect((await screen.findByTestId('budget-state-welcome')).textContent).toBe('อนุมัติแล้ว 10,000.00 ฿ใช้ไป 150.00 ฿');
    expect(screen.getByTestId('budget-state-nobudget').textContent).toBe('ยังไม่มีงบ (ยังไม่มอบโบนัส)');
    expect(screen.getByTestId('budget-state-asked').textContent).toBe('รออนุมัติ 20,000.00 ฿งบเดิม 5,000.00 ฿');
    expect(screen.getByTestId('budget-state-legacy').textContent).toBe('ไม่จำกัด (สร้างก่อนกฎงบ)');
    // A pending request or an uncapped promotion has nothing to ask for.
    expect(screen.queryByTestId('budget-asked')).toBeNull();
    expect(screen.queryByTestId('budget-legacy')).toBeNull();
  });

  it('asks for a budget with promotionBudgetRequest; a bad amount is named and never sent; the dialog closes on Escape', async () => {
    server.use(
      http.get(adminPath('/promotions'), () => answer(staffPromotionsResponse, [promotion({ budget: { state: 'none', approved: null, requested: null } })])),
      http.post(adminPath('/promotions/:id/budget'), () => answer(moneyActionOutcomeResponse, { status: 'pending', approvalId: 'apr_aaaaaaaaaaaaaaaaaaaa' })),
    );
    renderScreen(<PromotionsPage />);
    fireEvent.click(await screen.findByTestId('budget-welcome'));
    let dialog = screen.getByRole('dialog');
    const amount = within(dialog).getByLabelText('งบโบนัส (บาท)');
    expect(document.activeElement).toBe(amount);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByTestId('budget-welcome'));
    dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('งบโบนัส (บาท)'), { target: { value: '10,000.005' } });
    fireEvent.change(within(dialog).getByLabelText('เหตุผล'), { target: { value: 'งบเดือนธันวา' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'ส่งขออนุมัติ' }));
    expect((await within(dialog).findByRole('alert')).textContent).toMatch(/^งบโบนัส \(บาท\): /);
    expect(posts()).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('งบโบนัส (บาท)'), { target: { value: '10,000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'ส่งขออนุมัติ' }));
    expect((await within(dialog).findByTestId('budget-outcome')).textContent).toContain('ส่งขออนุมัติแล้ว');
    expect(posts()).toEqual([['/admin-api/v1/promotions/welcome/budget', { budget: 10_000, reason: 'งบเดือนธันวา' }]]);
  });

  it('saves an edit with the updatePromotionRequest body (units as 0/1, numbers from the form\'s text)', async () => {
    server.use(
      http.get(adminPath('/promotions'), () => answer(staffPromotionsResponse, [promotion()])),
      http.post(adminPath('/promotions/:id'), () => answer(staffPromotionResponse, promotion())),
    );
    renderScreen(<PromotionsPage />);
    fireEvent.click(await screen.findByTestId('edit-welcome'));
    const form = screen.getByTestId('promotion-form');
    fireEvent.change(within(form).getByLabelText('เหตุผล (บันทึกในประวัติการทำงาน)'), { target: { value: 'ปรับเทิร์น' } });
    fireEvent.click(within(form).getByRole('button', { name: 'บันทึก' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    const [[path, body]] = posts() as [[string, { promotion: Record<string, unknown>; reason: string }]];
    expect(path).toBe('/admin-api/v1/promotions/welcome');
    expect(body.reason).toBe('ปรับเทิร์น');
    expect(body.promotion).toMatchObject({ minimumDeposit: 100, bonus: { type: 1, value: 0.5 }, maxBonus: { type: 0, value: 500 }, turnover: { type: 1, value: 5 }, eligibility: 'first_deposit', oncePerMember: true, maxGrantsTotal: null });
  });

  it('speaks English only in English mode: budgets, eligibility and states', async () => {
    server.use(http.get(adminPath('/promotions'), () => answer(staffPromotionsResponse, [
      promotion({ title: 'First deposit 50%' }),
      promotion({ id: 'nobudget', title: 'Daily 10%', oncePerMember: false, oncePerDay: true, maxGrantsTotal: 100, isActive: false, budget: { state: 'none', approved: null, requested: null } }),
      promotion({ id: 'asked', title: 'Weekend', budget: { state: 'pending', approved: 5_000, requested: 20_000 } }),
      promotion({ id: 'legacy', title: 'Old', budget: { state: 'unlimited', approved: null, requested: null } }),
    ])));
    const view = renderScreen(<PromotionsPage />, { language: 'en' });
    expect((await screen.findByTestId('budget-state-welcome')).textContent).toContain('Approved');
    expect(thaiLeftIn(view.container)).toEqual([]);
  });
});

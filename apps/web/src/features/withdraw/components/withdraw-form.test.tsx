// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '@sabai/contracts';
import '../../../test/setup-dom.ts';
import { balanceFixture } from '../../../test/fixtures.ts';
import { mockBackend, ok, renderAt, signIn } from '../../../test/render.tsx';
import { WithdrawForm } from './withdraw-form.tsx';

const condition = (overrides: Record<string, unknown> = {}) =>
  ok({
    canWithdraw: true,
    reasons: [],
    availableAmount: 1508.88,
    balance: 1508.88,
    minWithdraw: 100,
    maxWithdraw: 50_000,
    autoWithdraw: 5_000,
    turnover: { now: 0, needed: 0 },
    bonusMaxWithdraw: null,
    pendingWithdrawals: 0,
    ...overrides,
  });

const render = () =>
  renderAt(<WithdrawForm settingsMinWithdraw={100} destination={{ bankName: 'กสิกรไทย', maskedAccount: 'xxxxxx4567' }} onCancel={() => undefined} />, { path: '/user/withdraw' });

describe('withdraw form (spec dialog 2; issue 14 §4)', () => {
  it("shows the partner's live game wallet with the time it was read", async () => {
    signIn();
    mockBackend({ 'GET /fund-composite/v1/withdrawal/condition': condition(), 'GET /user-profile-composite/v1/profile/balance': ok(balanceFixture()) });
    render();
    await screen.findByText((_, element) => element?.getAttribute('data-testid') === 'withdraw-game-wallet' && element.textContent === '300.00');
    expect((await screen.findByTestId('withdraw-game-wallet-note')).textContent).toBe('ยอดสดจากผู้ให้บริการเกม เวลา 14:30:55\u00a0น.');
  });

  it('when the member may not withdraw: the reasons in the form’s number format, and a confirm button that is disabled', async () => {
    signIn();
    mockBackend({
      'GET /fund-composite/v1/withdrawal/condition': condition({ canWithdraw: false, availableAmount: 0, balance: 50, reasons: [{ code: 'WITHDRAW_BELOW_MINIMUM', message: 'ถอนเงินขั้นต่ำ 100 บาท' }] }),
      'GET /user-profile-composite/v1/profile/balance': ok(balanceFixture()),
    });
    render();
    const reasons = await screen.findByTestId('withdraw-reasons');
    expect(reasons.textContent).toContain('ถอนเงินขั้นต่ำ 100.00 บาท');
    const submit = screen.getByTestId('withdraw-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    // The hint says the same numbers the same way.
    expect(screen.getByTestId('withdraw-form').textContent).toContain('ถอนขั้นต่ำ 100.00 บาท · สูงสุด 50,000.00 บาทต่อครั้ง');
  });

  it('explains an account not verified yet (typed holder name, docs/adr/0040): the first deposit from it, or staff', async () => {
    signIn();
    mockBackend({
      'GET /fund-composite/v1/withdrawal/condition': condition({ canWithdraw: false, availableAmount: 0, reasons: [{ code: 'BANK_ACCOUNT_NOT_VERIFIED', message: ERRORS.BANK_ACCOUNT_NOT_VERIFIED.message }] }),
      'GET /user-profile-composite/v1/profile/balance': ok(balanceFixture()),
    });
    render();
    const reasons = await screen.findByTestId('withdraw-reasons');
    expect(reasons.querySelector('[data-reason="BANK_ACCOUNT_NOT_VERIFIED"]')?.textContent).toBe(
      'บัญชีธนาคารของคุณยังไม่ได้รับการยืนยัน ระบบจะยืนยันให้เมื่อคุณฝากเงินครั้งแรกจากบัญชีนี้ หรือติดต่อเจ้าหน้าที่เพื่อยืนยันบัญชี',
    );
    expect((screen.getByTestId('withdraw-submit') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('withdraw form under a bonus (issue 26 §1, docs/adr/0043)', () => {
  it('says what the cap forfeits before confirming, and confirm waits until the member acknowledges that amount', async () => {
    signIn();
    mockBackend({
      'GET /fund-composite/v1/withdrawal/condition': condition({
        availableAmount: 2000,
        balance: 5000,
        bonusMaxWithdraw: 2000,
        bonusForfeitAmount: 3000,
        bonusCancelForfeitAmount: 4900,
        hasActiveBonus: true,
      }),
      'GET /user-profile-composite/v1/profile/balance': ok(balanceFixture()),
    });
    render();
    expect((await screen.findByTestId('withdraw-available')).textContent).toBe('฿ 2,000.00');
    expect(screen.getByTestId('withdraw-forfeit-warning').textContent).toBe(
      'หากถอนตอนนี้ โบนัสและยอดได้จากโบนัส ฿3,000.00 ที่เกินยอดถอนสูงสุดจะถูกริบ (เงินฝากของคุณไม่ถูกริบ)',
    );
    const submit = screen.getByTestId('withdraw-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    (screen.getByTestId('withdraw-forfeit-acknowledge').querySelector('input') as HTMLInputElement).click();
    expect(submit.disabled).toBe(false);
    screen.getByTestId('withdraw-bonus-cancel').click();
    expect((await screen.findByTestId('withdraw-bonus-cancel-confirm')).textContent).toContain('฿4,900.00 จะถูกริบ');
  });

  it('shows no bonus block and no acknowledgement without an active bonus', async () => {
    signIn();
    mockBackend({ 'GET /fund-composite/v1/withdrawal/condition': condition(), 'GET /user-profile-composite/v1/profile/balance': ok(balanceFixture()) });
    render();
    await screen.findByTestId('withdraw-available');
    expect(screen.queryByTestId('withdraw-bonus')).toBeNull();
    expect(screen.queryByTestId('withdraw-forfeit-acknowledge')).toBeNull();
  });
});

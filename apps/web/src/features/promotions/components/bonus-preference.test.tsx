// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../../test/setup-dom.ts';
import { balanceFixture, promotionFixture, userFixture } from '../../../test/fixtures.ts';
import { mockBackend, ok, renderAt, signIn } from '../../../test/render.tsx';
import { BonusToggle } from './bonus-preference.tsx';

const backend = () =>
  mockBackend({
    'GET /auth-service/v1/refresh': ok(userFixture(), 0),
    'GET /user-profile-composite/v1/profile/balance': ok(balanceFixture()),
    'GET /user-profile-composite/v1/info/promotion': ok([promotionFixture]),
    // The wire keeps the spec's own text, typo included (docs/adr/0004).
    'POST /user-profile-composite/v1/users/setting': { success: true, message: 'อัพเดทสภานะโปรโมชั่นเรียบร้อยแล้ว', data: { isBonus: true } },
  });

describe('accepting a bonus (issue 14 §4: say exactly what will be locked)', () => {
  it("states before confirming that the member's own money is locked too, with the amount now and each promotion's terms", async () => {
    signIn();
    backend();
    renderAt(<BonusToggle isBonus={false} />, { path: '/user/promotion' });
    fireEvent.click(screen.getByTestId('bonus-toggle'));
    const ownMoney = await screen.findByTestId('bonus-lock-own-money');
    // main 1,208.88 + game 300.00 at the partner.
    await screen.findByText((_, element) => element?.getAttribute('data-testid') === 'bonus-lock-own-money' && (element.textContent ?? '').includes('1,508.88'));
    expect(ownMoney.textContent).toContain('รวมเงินของคุณเอง');
    expect(ownMoney.textContent).toContain('จะถอนไม่ได้จนกว่าจะทำเทิร์นโอเวอร์ครบ');
    expect(screen.getByTestId('bonus-lock-terms').textContent).toContain('ยอดที่เกินยอดถอนสูงสุดของโปรโมชั่นจะถูกตัดออก');
    expect((await screen.findByTestId('bonus-lock-promotions')).textContent).toContain('เทิร์น 5 เท่า · ถอนสูงสุด 10 เท่า');
  });

  it('shows our correctly spelled message on success, whatever the wire says', async () => {
    signIn();
    const calls = backend();
    renderAt(<BonusToggle isBonus={false} />, { path: '/user/promotion' });
    fireEvent.click(screen.getByTestId('bonus-toggle'));
    fireEvent.click(await screen.findByTestId('bonus-confirm-ok'));
    expect((await screen.findByTestId('success-dialog')).textContent).toContain('อัพเดทสถานะโปรโมชั่นเรียบร้อยแล้ว');
    expect(calls.find((call) => call.path === '/user-profile-composite/v1/users/setting')?.body).toEqual({ isBonus: true });
  });

  it('declining says an active bonus keeps its rules, and shows no lock statement', async () => {
    signIn();
    backend();
    renderAt(<BonusToggle isBonus={true} />, { path: '/user/promotion' });
    fireEvent.click(screen.getByTestId('bonus-toggle'));
    expect((await screen.findByTestId('bonus-confirm-dialog')).textContent).toContain('โบนัสที่รับอยู่แล้วยังใช้เงื่อนไขเดิม');
    expect(screen.queryByTestId('bonus-lock-terms')).toBeNull();
  });
});

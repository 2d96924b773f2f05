// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../../test/setup-dom.ts';
import { balanceFixture, userFixture } from '../../../test/fixtures.ts';
import { mockBackend, ok, renderAt, signIn } from '../../../test/render.tsx';
import { Component as Unavailable } from './unavailable.tsx';

const refresh = (user = userFixture()) => ({ 'GET /auth-service/v1/refresh': ok(user, 0) });

describe('/user/account (issue 14 §3: built, not "ยังไม่เปิดให้บริการ")', () => {
  it("shows every wallet, the game wallet as the partner's live figure with the time it was read, totals and the payout account", async () => {
    signIn();
    mockBackend({ ...refresh(), 'GET /user-profile-composite/v1/profile/balance': ok(balanceFixture()) });
    renderAt(<Unavailable />, { path: '/user/account' });

    expect((await screen.findByTestId('account-total')).textContent).toContain('1,508.88');
    expect(screen.getByTestId('account-main-wallet').textContent).toContain('1,208.88');
    expect(screen.getByTestId('account-game-wallet').textContent).toContain('300.00');
    // 07:30:55 UTC is 14:30:55 in Bangkok.
    expect(screen.getByTestId('account-game-wallet-note').textContent).toContain('ยอดสดจากผู้ให้บริการเกม เวลา 14:30:55\u00a0น.');
    expect(screen.getByTestId('account-affiliate-wallet').textContent).toContain('150.00');
    expect(screen.getByTestId('account-cashback-wallet').textContent).toContain('25.00');
    expect(screen.getByTestId('account-prize-points').textContent).toContain('70 แต้ม');
    expect((await screen.findByTestId('account-total-deposit')).textContent).toContain('7,000.00');
    expect(screen.getByTestId('account-total-withdraw').textContent).toContain('200.00');
    expect(screen.getByTestId('account-bank').textContent).toContain('กสิกรไทย');
    expect(screen.getByTestId('account-bank').textContent).toContain('xxxxxx4567');
    expect(screen.queryByTestId('feature-unavailable')).toBeNull();
  });

  it('says when the game wallet is our books because the partner could not be read', async () => {
    signIn();
    mockBackend({ ...refresh(), 'GET /user-profile-composite/v1/profile/balance': ok(balanceFixture({ gameWallet: 500, gameWalletSource: 'ledger', gameWalletReadAt: null })) });
    renderAt(<Unavailable />, { path: '/user/account' });
    expect((await screen.findByTestId('account-game-wallet-note')).textContent).toContain('อ่านยอดสดไม่ได้ แสดงยอดตามระบบ');
    expect(screen.getByTestId('account-game-wallet').textContent).toContain('500.00');
  });

  // A visitor never reaches the page: the member guard route sends them away (member-guard.test.tsx).
});

describe('/user/menu (issue 14 §3)', () => {
  it('lists the member features as tiles, the LINE contact in a new tab and sign-out', async () => {
    signIn();
    mockBackend(refresh());
    renderAt(<Unavailable />, { path: '/user/menu' });
    const page = await screen.findByTestId('menu-page');
    for (const tile of ['deposit', 'withdraw', 'play', 'promotion', 'cash_back', 'affiliate', 'spinner', 'free_credit', 'history', 'account', 'profile']) {
      expect(await within(page).findByTestId(`menu-${tile}`)).toBeTruthy();
    }
    expect(within(page).getByTestId('menu-account').getAttribute('href')).toBe('/user/account');
    const contact = await within(page).findByTestId('link-contact');
    expect(contact.getAttribute('href')).toBe('https://line.me/R/ti/p/@sabai.demo');
    expect(contact.getAttribute('target')).toBe('_blank');
    expect(within(page).getByTestId('link-logout').textContent).toContain('ออกจากระบบ');
  });

  it('still says "not open yet" for a feature without a page', () => {
    signIn();
    mockBackend(refresh());
    renderAt(<Unavailable />, { path: '/user/something-else', pattern: '/user/:feature' });
    expect(screen.getByTestId('feature-unavailable').textContent).toContain('ยังไม่เปิดให้บริการ');
  });
});

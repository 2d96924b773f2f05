// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../test/setup-dom.ts';
import { settingsFixture, userFixture } from '../../test/fixtures.ts';
import { renderAt, signIn } from '../../test/render.tsx';
import { storeSiteSettings } from '../../lib/stored-site-settings.ts';
import { Component as HomeRoute } from '../routes/user/home.tsx';
import { FirstLoadHome, isFirstLoadHomePath } from './first-load-home.tsx';

const storedUser = userFixture({ internalWallet: { ...userFixture().internalWallet, mainWallet: 1208.88, gameWallet: 15.5 } });

function renderShell() {
  const onLeave = vi.fn();
  const onPainted = vi.fn();
  const view = render(
    <FirstLoadHome user={storedUser} initialSettings={settingsFixture} settingsRequest={Promise.resolve(settingsFixture)} onLeave={onLeave} onPainted={onPainted} />,
  );
  return { onLeave, onPainted, view };
}

/** The page's elements by test id, in document order: what both renders must draw alike. */
const testIdsIn = (root: ParentNode) => [...root.querySelectorAll('[data-testid]')].map((element) => `${element.tagName}:${element.getAttribute('data-testid')}`);

describe('the member home of a first load, before the member app (docs/adr/0030)', () => {
  it('draws the shell and the member card from the stored session, the balance marked as last known, not current', () => {
    renderShell();
    const header = screen.getByTestId('header-balance');
    expect(header.textContent).toContain('1,224.38');
    expect(header.getAttribute('aria-busy')).toBe('true');
    expect(header.getAttribute('data-last-known')).toBe('true');
    expect(screen.getByTestId('wallet-balance').textContent).toBe('฿ 1,224.38');
    expect(screen.getByTestId('wallet-balance').className).toContain('opacity-70');
    expect(screen.getByTestId('member-figures').getAttribute('aria-busy')).toBe('true');
    expect((screen.getByTestId('refresh-balance') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('member-id').textContent).toBe(storedUser.PhoneNumber);
    expect(screen.getByTestId('member-bottom-bar')).toBeTruthy();
    expect(screen.getByTestId('menu-deposit').getAttribute('href')).toBe('/user/deposit');
  });

  it('hands a followed link to the member app instead of loading a page, and asks for the app after painting', async () => {
    const { onLeave, onPainted } = renderShell();
    fireEvent.click(screen.getByTestId('member-deposit'));
    expect(onLeave).toHaveBeenLastCalledWith('/user/deposit');
    fireEvent.click(screen.getByTestId('header-profile'));
    expect(onLeave).toHaveBeenLastCalledWith('/user/profile');
    fireEvent.click(screen.getByTestId('menu-deposit'), { ctrlKey: true });
    expect(onLeave).toHaveBeenCalledTimes(2); // a new tab is the browser's
    await vi.waitFor(() => expect(onPainted).toHaveBeenCalledTimes(1));
  });

  it('draws the same elements in the same order as the member app home route drawn from the same stored session', () => {
    const { view } = renderShell();
    const shellMain = view.container.querySelector('main');
    if (!shellMain) throw new Error('the shell has no main');
    const shellIds = testIdsIn(shellMain);
    view.unmount();

    storeSiteSettings(settingsFixture);
    signIn(storedUser);
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => undefined))); // no call has answered yet
    const app = renderAt(<HomeRoute />, { path: '/user/home' });
    expect(testIdsIn(app.container)).toEqual(shellIds);
    expect(shellIds.length).toBeGreaterThan(20);
    expect(app.getByTestId('wallet-balance').textContent).toBe('฿ 1,224.38');
    expect(app.getByTestId('member-figures').getAttribute('aria-busy')).toBe('true'); // the app says "last known" too until refresh answers
  });

  it('draws the figures the server answered as current: no longer dimmed or busy, the live game wallet and its turnover (docs/adr/0045)', () => {
    const current = userFixture({ internalWallet: { ...storedUser.internalWallet, mainWallet: 2000 } });
    render(
      <FirstLoadHome
        user={storedUser}
        card={{ user: current, liveWallet: { mainWallet: 2000, gameWallet: 50 }, liveWalletReadAt: Date.UTC(2026, 10, 28, 6, 5), turnover: { now: 120, needed: 1500 } }}
        initialSettings={settingsFixture}
        settingsRequest={Promise.resolve(settingsFixture)}
        onLeave={vi.fn()}
        onPainted={vi.fn()}
      />,
    );
    const header = screen.getByTestId('header-balance');
    expect(header.textContent).toContain('2,050.00');
    expect(header.getAttribute('aria-busy')).toBeNull();
    expect(header.getAttribute('data-last-known')).toBeNull();
    expect(screen.getByTestId('wallet-balance').textContent).toBe('฿ 2,050.00');
    expect(screen.getByTestId('wallet-balance').className).not.toContain('opacity-70');
    expect(screen.getByTestId('member-figures').getAttribute('aria-busy')).toBeNull();
    expect(screen.getByTestId('game-wallet-box').getAttribute('data-live')).toBe('true');
    expect(screen.getByTestId('game-wallet-read-at')).toBeTruthy();
    expect(screen.getByTestId('turnover').textContent).toBe('120.00/1,500.00');
    expect((screen.getByTestId('refresh-balance') as HTMLButtonElement).disabled).toBe(false);
  });

  it('is drawn for /user/home and /user/home/{shareToken} only', () => {
    expect(isFirstLoadHomePath('/user/home')).toBe(true);
    expect(isFirstLoadHomePath('/user/home/')).toBe(true);
    expect(isFirstLoadHomePath('/user/home/abc123')).toBe(true);
    expect(isFirstLoadHomePath('/user/deposit')).toBe(false);
    expect(isFirstLoadHomePath('/user/home/abc/def')).toBe(false);
    expect(isFirstLoadHomePath('/user/homework')).toBe(false);
  });
});

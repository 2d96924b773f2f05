// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import '../../../test/setup-dom.ts';
import { mockBackend, ok, renderAt, signIn } from '../../../test/render.tsx';
import { Component as Play } from './play.tsx';

/** What the sandbox partner lists: one live table and one slot, both of provider `sabai`. */
const sandboxGames = ok([
  { code: 'sabai-baccarat-1', name: 'บาคาร่า โต๊ะ 1', category: 'LIVECASINO', provider: 'sabai', imageUrl: 'http://partner.test/b.svg' },
  { code: 'sabai-slot-golden-elephant', name: 'ช้างทองคำ', category: 'EGAMES', provider: 'sabai', imageUrl: 'http://partner.test/s.svg' },
]);

describe('the game lobby shows only what the partner can launch (issue 14 §3, docs/adr/0015)', () => {
  it('offers casino and slots, and no poker or trading tab', async () => {
    signIn();
    mockBackend({ 'GET /game-composite/v1/games': sandboxGames });
    renderAt(<Play />, { path: '/user/play' });
    expect(await screen.findByTestId('category-banner-LIVECASINO')).toBeTruthy();
    expect(screen.getByTestId('category-banner-EGAMES')).toBeTruthy();
    expect(screen.queryByTestId('category-banner-POKER')).toBeNull();
    expect(screen.queryByTestId('lobby-tab-TRADING')).toBeNull();
    expect(screen.getAllByRole('link').filter((link) => link.getAttribute('data-testid')?.startsWith('lobby-tab-'))).toHaveLength(2);
  });

  it('says a spec category route with nothing behind it has no games, instead of tiles that lead nowhere', async () => {
    signIn();
    mockBackend({ 'GET /game-composite/v1/games': sandboxGames });
    renderAt(<Play />, { path: '/user/poker' });
    expect((await screen.findByTestId('category-empty')).textContent).toContain('ยังไม่มีเกมที่เปิดให้เล่น');
    expect(screen.queryAllByTestId('provider-tile')).toHaveLength(0);
  });

  it('lists a category’s launchable providers only', async () => {
    signIn();
    mockBackend({ 'GET /game-composite/v1/games': sandboxGames });
    renderAt(<Play />, { path: '/user/slot' });
    const tiles = await screen.findAllByTestId('provider-tile');
    expect(tiles.map((tile) => tile.getAttribute('data-ch'))).toEqual(['sabai']);
  });

  it('offers a retry when the partner cannot be read', async () => {
    signIn();
    mockBackend({ 'GET /game-composite/v1/games': () => ({ status: 503, body: { success: false, code: 'GAME_PROVIDER_UNAVAILABLE', message: 'ระบบเกมไม่พร้อมให้บริการชั่วคราว กรุณาลองใหม่อีกครั้ง', data: null } }) });
    renderAt(<Play />, { path: '/user/play' });
    expect((await screen.findByTestId('lobby-error')).textContent).toContain('ระบบเกมไม่พร้อมให้บริการชั่วคราว');
  });
});

describe('a launched game plays inside the site, with the reality check during play (issue 26 §2)', () => {
  // The frame's page is the partner's: happy-dom is not to fetch it.
  beforeAll(() => {
    (window as unknown as { happyDOM: { settings: { disableIframePageLoading: boolean } } }).happyDOM.settings.disableIframePageLoading = true;
  });
  const RG_SESSION = '/user-profile-composite/v1/responsible-gaming/session';
  const backend = (startedAt: string) => ({
    'GET /game-composite/v1/games': sandboxGames,
    'POST /game-composite/v1/launch': ok({ url: 'http://partner.test/games/play/tok_1' }),
    [`POST ${RG_SESSION}`]: ok({ startedAt, netResult: -120, realityCheckMinutes: 15 }),
  });

  it('opens the partner URL in the game frame over the lobby, and its way back is the page that closes the frame', async () => {
    signIn();
    const calls = mockBackend(backend(new Date().toISOString()));
    renderAt(<Play />, { path: '/user/play/egames/egames/sabai', pattern: '/user/play/:category/:gameType/:ch' });
    fireEvent.click((await screen.findAllByTestId('game-tile'))[0]!);
    const frame = await screen.findByTestId('game-frame-iframe');
    expect(frame.getAttribute('src')).toBe('http://partner.test/games/play/tok_1');
    expect(calls.find((call) => call.path === '/game-composite/v1/launch')?.body).toMatchObject({ returnUrl: `${window.location.origin}/game-closed.html` });
    // The lobby is still there under the frame; the bar closes the frame.
    expect(screen.getByTestId('play-page')).toBeTruthy();
    fireEvent.click(screen.getByTestId('game-frame-close'));
    expect(screen.queryByTestId('game-frame')).toBeNull();
  });

  it('shows the reality check over the game while it is being played', async () => {
    signIn();
    // A 15-minute interval that ends a moment from now.
    mockBackend(backend(new Date(Date.now() - 15 * 60_000 + 300).toISOString()));
    renderAt(<Play />, { path: '/user/play/egames/egames/sabai', pattern: '/user/play/:category/:gameType/:ch' });
    fireEvent.click((await screen.findAllByTestId('game-tile'))[0]!);
    await screen.findByTestId('game-frame');
    const check = await screen.findByTestId('reality-check', {}, { timeout: 3_000 });
    expect(check.textContent).toContain('คุณเล่นมาแล้ว 15 นาที');
    expect(check.textContent).toContain('เสีย 120.00 บาท');
    expect(screen.getByTestId('game-frame')).toBeTruthy();
    fireEvent.click(screen.getByTestId('reality-check-continue'));
    await waitFor(() => expect(screen.queryByTestId('reality-check')).toBeNull());
    expect(screen.getByTestId('game-frame')).toBeTruthy();
  });
});

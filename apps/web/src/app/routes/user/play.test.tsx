// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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

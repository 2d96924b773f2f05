// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../../test/setup-dom.ts';
import { renderAt } from '../../../test/render.tsx';
import { GameAccount } from './game-account.tsx';

describe('GameAccount (spec §1 GameInfo; issue 14 §3: never null)', () => {
  it('names the game username from sign-up and says the password comes with the first deposit or game', () => {
    renderAt(<GameAccount gameInfo={{ username: 'sbiab12cd34', password: '', Partner: 'Sabai Games' }} />, { path: '/user/profile' });
    expect(screen.getByTestId('game-username').textContent).toBe('sbiab12cd34');
    expect(screen.getByTestId('game-account-not-opened').textContent).toBe('ตั้งให้เมื่อฝากเงินหรือเข้าเกมครั้งแรก');
    expect(screen.queryByTestId('game-password')).toBeNull();
  });

  it('hides an opened account’s password until asked', () => {
    renderAt(<GameAccount gameInfo={{ username: 'sbiab12cd34', password: 'aub6s9ma', Partner: 'Sabai Games' }} />, { path: '/user/profile' });
    expect(screen.getByTestId('game-password').textContent).toBe('••••••••');
    fireEvent.click(screen.getByTestId('toggle-game-password'));
    expect(screen.getByTestId('game-password').textContent).toBe('aub6s9ma');
    expect(screen.getByTestId('game-partner').textContent).toBe('Sabai Games');
  });
});

import { describe, expect, it } from 'vitest';
import { rollingResponse } from '../../member/api/get-rolling.ts';
import { gameWalletResponse, gamesResponse, launchResponse } from './schemas.ts';

const ok = (data: unknown) => ({ success: true, message: 'สำเร็จ', data });

describe('game call envelopes', () => {
  it('accepts the games list, also empty', () => {
    const game = { code: 'sabai-slot-golden-elephant', name: 'ช้างทองคำ', category: 'EGAMES', provider: 'sabai', imageUrl: 'http://127.0.0.1:3100/games/assets/golden-elephant.svg' };
    expect(gamesResponse.safeParse(ok([game])).success).toBe(true);
    expect(gamesResponse.safeParse(ok([])).success).toBe(true);
    expect(gamesResponse.safeParse(ok([{ ...game, code: 1 }])).success).toBe(false);
    expect(gamesResponse.safeParse(ok(null)).success).toBe(false);
    // A refusal's `success: false` is caught before the schema (lib/api.ts compares it with the call's success value).
  });

  it('accepts only an http(s) launch URL', () => {
    expect(launchResponse.safeParse(ok({ url: 'http://127.0.0.1:3100/games/play/abc' })).success).toBe(true);
    expect(launchResponse.safeParse(ok({ url: 'javascript:alert(1)' })).success).toBe(false);
    expect(launchResponse.safeParse(ok({})).success).toBe(false);
  });

  it('checks the game wallet and the turnover', () => {
    expect(gameWalletResponse.safeParse(ok({ gameWallet: 480.5, ledgerGameWallet: 480.5, mainWallet: 0, turnover: { now: 50, needed: 0 } })).success).toBe(true);
    expect(gameWalletResponse.safeParse(ok({ gameWallet: '480.50', ledgerGameWallet: 480.5, mainWallet: 0, turnover: { now: 50, needed: 0 } })).success).toBe(false);
    expect(gameWalletResponse.safeParse(ok({ gameWallet: 1, mainWallet: 0 })).success).toBe(false);
    expect(rollingResponse.safeParse(ok({ nowTurnover: 50, needTurnover: 0 })).success).toBe(true);
    expect(rollingResponse.safeParse(ok({ nowTurnover: 50 })).success).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { shownTurnover } from './shown-turnover.ts';

const gameWallet = { now: 300, needed: 5_100 };
const grant = { bonusId: 'promo-1', nowTurnover: 300, needTurnover: 5_000 };

describe('turnover on the member card', () => {
  it('shows get-rolling first: it combines the grant and every wagering requirement (ADR 0011)', () => {
    const rolling = { nowTurnover: 300, needTurnover: 5_100 };
    expect(shownTurnover({ bonus: grant, rolling, gameWallet: undefined })).toEqual({ now: 300, needed: 5_100 });
  });

  it('falls back to the game wallet’s combined figure, and only then to the grant’s own BonusInfo', () => {
    expect(shownTurnover({ bonus: grant, rolling: undefined, gameWallet })).toEqual(gameWallet);
    expect(shownTurnover({ bonus: grant, rolling: undefined, gameWallet: undefined })).toEqual({ now: 300, needed: 5_000 });
    const spent = { bonusId: 'promo-1', nowTurnover: 5_000, needTurnover: 0 };
    expect(shownTurnover({ bonus: spent, rolling: undefined, gameWallet: undefined })).toBeNull();
  });

  it('has nothing to show before any call answered', () => {
    expect(shownTurnover({ bonus: undefined, rolling: undefined, gameWallet: undefined })).toBeNull();
  });
});

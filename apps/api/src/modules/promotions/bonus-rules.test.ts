import { describe, expect, it } from 'vitest';
import { forfeitOnWithdrawal, grantTermsFor, type PromotionTerms } from './bonus-rules.ts';

const base: PromotionTerms = {
  minimumDepositSatang: 10_000n,
  depositType: 1,
  bonusValue: 100n,
  maxBonusType: 0,
  maxBonus: 100_000n,
  turnoverType: 1,
  turnoverAmount: 500n,
  maxWithdrawType: 1,
  maxWithdrawAmount: 1_000n,
};

describe('grantTermsFor', () => {
  it.each([
    ['100% of a 500-baht deposit is 500 baht; 5× (500+500) turnover; 10× cap', {}, 50_000n, { bonusSatang: 50_000n, turnoverNeededSatang: 500_000n, maxWithdrawSatang: 1_000_000n }],
    ['the 1,000-baht cap (type 0) stops a 100% bonus on 5,000', {}, 500_000n, { bonusSatang: 100_000n, turnoverNeededSatang: 3_000_000n, maxWithdrawSatang: 6_000_000n }],
    ['max bonus 0 means no cap', { maxBonus: 0n }, 500_000n, { bonusSatang: 500_000n, turnoverNeededSatang: 5_000_000n, maxWithdrawSatang: 10_000_000n }],
    ['a cap of type 1 is a multiple of the deposit (0.3×)', { maxBonusType: 1, maxBonus: 30n }, 50_000n, { bonusSatang: 15_000n, turnoverNeededSatang: 325_000n, maxWithdrawSatang: 650_000n }],
    ['deposit type 0: a fixed 50-baht bonus', { depositType: 0, bonusValue: 5_000n }, 50_000n, { bonusSatang: 5_000n, turnoverNeededSatang: 275_000n, maxWithdrawSatang: 550_000n }],
    ['turnover type 0: a fixed 2,000-baht target', { turnoverType: 0, turnoverAmount: 200_000n }, 50_000n, { bonusSatang: 50_000n, turnoverNeededSatang: 200_000n, maxWithdrawSatang: 1_000_000n }],
    ['max withdraw 0 means no cap', { maxWithdrawAmount: 0n }, 50_000n, { bonusSatang: 50_000n, turnoverNeededSatang: 500_000n, maxWithdrawSatang: null }],
    ['max withdraw type 0: 3,000 baht', { maxWithdrawType: 0, maxWithdrawAmount: 300_000n }, 50_000n, { bonusSatang: 50_000n, turnoverNeededSatang: 500_000n, maxWithdrawSatang: 300_000n }],
    ['multiples round down to the satang: 33% of 100.01 baht = 33.0033 → 33.00', { bonusValue: 33n }, 10_001n, { bonusSatang: 3_300n, turnoverNeededSatang: 66_505n, maxWithdrawSatang: 133_010n }],
  ])('%s', (_why, overrides, depositSatang, expected) => {
    expect(grantTermsFor(depositSatang, { ...base, ...overrides })).toEqual(expected);
  });

  it.each([
    ['below the minimum deposit', 9_999n, {}],
    ['a bonus that rounds to 0', 10_000n, { bonusValue: 0n }],
    ['no deposit', 0n, {}],
  ])('grants nothing for %s', (_why, depositSatang, overrides) => {
    expect(grantTermsFor(depositSatang, { ...base, ...overrides })).toBeNull();
  });
});

describe('forfeitOnWithdrawal', () => {
  it.each<[bigint, bigint | null, bigint, string]>([
    [500_000n, 300_000n, 200_000n, 'above the cap, the excess is forfeited'],
    [300_000n, 300_000n, 0n, 'exactly the cap forfeits nothing'],
    [100_000n, 300_000n, 0n, 'under the cap forfeits nothing'],
    [900_000n, null, 0n, 'no cap forfeits nothing'],
  ])('balance %s, cap %s → forfeit %s (%s)', (balance, cap, expected, _why) => {
    expect(forfeitOnWithdrawal(balance, cap)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { grantTermsFor, payableUnderGrant, splitUnderGrant, type PromotionTerms } from './bonus-rules.ts';

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

describe('payableUnderGrant: a cap takes only the bonus and its winnings (docs/adr/0043)', () => {
  const grant = (ownSatang: bigint, bonusSatang: bigint, maxWithdrawSatang: bigint | null, depositedSinceSatang = 0n) => ({ ownSatang, bonusSatang, maxWithdrawSatang, depositedSinceSatang });
  it('a 6,000 deposit made under a 100 + 100 grant (cap 2,000) is outside the cap: nothing is forfeited; won to 20,000, 8,000 is paid', () => {
    expect(payableUnderGrant(620_000n, grant(610_000n, 10_000n, 200_000n, 600_000n))).toEqual({ payableSatang: 620_000n, forfeitSatang: 0n });
    expect(payableUnderGrant(2_000_000n, grant(610_000n, 10_000n, 200_000n, 600_000n))).toEqual({ payableSatang: 800_000n, forfeitSatang: 1_200_000n });
  });

  it.each<[bigint, bigint, bigint, bigint | null, bigint, string]>([
    [500_000n, 10_000n, 10_000n, 200_000n, 300_000n, 'won big on 100 + 100: above the 2,000 cap the excess is forfeited'],
    [200_000n, 10_000n, 10_000n, 200_000n, 0n, 'exactly the cap forfeits nothing'],
    [120_000n, 100_000n, 20_000n, 30_000n, 20_000n, 'cap under the own money: only the bonus goes, the 1,000 deposited is paid'],
    [150_000n, 100_000n, 100_000n, 10_000n, 100_000n, 'a pot that is down lost own money first: of 1,000 + 1,000, 1,500 left: 500 own paid, the bonus goes'],
    [900_000n, 10_000n, 10_000n, null, 0n, 'no cap forfeits nothing'],
  ])('wallet %s, own %s, bonus %s, cap %s → forfeit %s (%s)', (wallet, own, bonus, cap, expected, _why) => {
    expect(payableUnderGrant(wallet, grant(own, bonus, cap)).forfeitSatang).toBe(expected);
  });

  it('never forfeits own money, never more than the bonus part, and pays what it does not forfeit', () => {
    const satang = fc.bigInt({ min: 0n, max: 10_000_000n });
    fc.assert(
      fc.property(satang, satang, fc.bigInt({ min: 1n, max: 1_000_000n }), fc.option(fc.bigInt({ min: 1n, max: 5_000_000n })), satang, (wallet, own, bonus, cap, since) => {
        const terms = grant(own, bonus, cap, since > own ? own : since);
        const split = splitUnderGrant(wallet, terms);
        const { payableSatang, forfeitSatang } = payableUnderGrant(wallet, terms);
        expect(split.ownSatang + split.bonusPartSatang).toBe(wallet);
        expect(split.ownSatang <= own && split.ownSatang >= 0n).toBe(true);
        // Own money (put in minus the pot's net loss, never below 0) is never taken.
        const ownLeft = wallet - bonus < 0n ? 0n : wallet - bonus > own ? own : wallet - bonus;
        expect(split.ownSatang).toBe(ownLeft);
        expect(payableSatang >= split.ownSatang).toBe(true);
        expect(forfeitSatang <= split.bonusPartSatang && forfeitSatang >= 0n).toBe(true);
        expect(payableSatang + forfeitSatang).toBe(wallet);
      }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { drawPrize, MAX_TOTAL_WEIGHT, type RandomInt } from './draw-prize.ts';
import { prizeCreditEarned, SPIN_COST_SATANG, type WheelSettings } from './wheel-rules.ts';

/** The default wheel of migration 0005 (weights only matter here). */
const DEFAULT_WHEEL = [
  { label: 'เครดิต 10 บาท', weight: 400 },
  { label: 'ไม่ได้รางวัล', weight: 230 },
  { label: 'เครดิต 20 บาท', weight: 250 },
  { label: 'เครดิต 50 บาท', weight: 80 },
  { label: 'เครดิต 100 บาท', weight: 35 },
  { label: 'เครดิต 500 บาท', weight: 5 },
];

/** mulberry32: a small seeded 32-bit generator, so the frequency test is the same on every run. */
function seededRandomInt(seed: number): RandomInt {
  let state = seed >>> 0;
  return (maxExclusive) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    const unit = ((value ^ (value >>> 14)) >>> 0) / 2 ** 32;
    return Math.floor(unit * maxExclusive);
  };
}

describe('drawPrize', () => {
  it('maps every roll to exactly one prize: over all rolls each prize is drawn exactly its weight times', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 12 }), (weights) => {
        const prizes = weights.map((weight, id) => ({ id, weight }));
        const total = weights.reduce((sum, weight) => sum + weight, 0);
        const counts = new Array<number>(prizes.length).fill(0);
        for (let roll = 0; roll < total; roll += 1) {
          const draw = drawPrize(prizes, () => roll);
          expect(draw.totalWeight).toBe(total);
          expect(draw.prize).toBe(prizes[draw.index]);
          counts[draw.index] = (counts[draw.index] ?? 0) + 1;
        }
        expect(counts).toEqual(weights);
      }),
    );
  });

  it('asks the random source for a number below the sum of the weights', () => {
    const asked: number[] = [];
    drawPrize(DEFAULT_WHEEL, (max) => (asked.push(max), 0));
    expect(asked).toEqual([1000]);
  });

  it('draws each prize of the default wheel in proportion to its weight over 100,000 seeded draws', () => {
    const draws = 100_000;
    const random = seededRandomInt(20_240_501);
    const counts = new Array<number>(DEFAULT_WHEEL.length).fill(0);
    for (let index = 0; index < draws; index += 1) {
      const drawn = drawPrize(DEFAULT_WHEEL, random).index;
      counts[drawn] = (counts[drawn] ?? 0) + 1;
    }

    const total = DEFAULT_WHEEL.reduce((sum, prize) => sum + prize.weight, 0);
    let chiSquare = 0;
    for (const [index, prize] of DEFAULT_WHEEL.entries()) {
      const p = prize.weight / total;
      const expected = draws * p;
      // Per prize: a binomial count stays within 5 standard deviations (odds of failing ~ 6e-7).
      expect(Math.abs(counts[index]! - expected), prize.label).toBeLessThan(5 * Math.sqrt(draws * p * (1 - p)));
      chiSquare += (counts[index]! - expected) ** 2 / expected;
    }
    // All together: chi-square with 5 degrees of freedom under its 0.1 % critical value.
    expect(chiSquare).toBeLessThan(20.515);
  });

  it.each([
    ['no prizes', [], () => 0, 'no prizes'],
    ['a zero weight (a prize that can never be drawn belongs inactive)', [{ weight: 0 }], () => 0, 'not a positive integer'],
    ['a fractional weight (weights are integers so odds are exact)', [{ weight: 1.5 }], () => 0, 'not a positive integer'],
    ['a negative weight', [{ weight: 3 }, { weight: -1 }], () => 0, 'not a positive integer'],
    ['weights beyond what crypto.randomInt can draw', [{ weight: MAX_TOTAL_WEIGHT }, { weight: 1 }], () => 0, 'too large'],
    ['a random source answering past the range (a broken RNG must not pick the last prize)', [{ weight: 2 }], () => 2, 'outside'],
    ['a random source answering a fraction', [{ weight: 2 }], () => 0.5, 'outside'],
  ])('refuses %s', (_why, prizes: Array<{ weight: number }>, random: RandomInt, message) => {
    expect(() => drawPrize(prizes, random)).toThrow(message);
  });
});

describe('prizeCreditEarned', () => {
  const defaults: WheelSettings = { isEnabled: true, depositStepSatang: 10_000n, prizeCreditSatangPerStep: 100n };
  it.each([
    ['a deposit under one step earns nothing', 9_999n, defaults, 0n],
    ['exactly 100 baht earns 1 credit (100 satang)', 10_000n, defaults, 100n],
    ['only whole steps count: 250 baht earns 2 credit', 25_000n, defaults, 200n],
    ['5,000 baht earns the 50 credit of one spin', 500_000n, defaults, SPIN_COST_SATANG],
    ['nothing while the wheel is off (credit that cannot be spent is not handed out)', 500_000n, { ...defaults, isEnabled: false }, 0n],
    ['nothing when the operator sets the rate to 0', 500_000n, { ...defaults, prizeCreditSatangPerStep: 0n }, 0n],
    ['another rule: 2 credit per full 50 baht', 25_000n, { isEnabled: true, depositStepSatang: 5_000n, prizeCreditSatangPerStep: 200n }, 1_000n],
  ])('%s', (_why, depositSatang, settings, expected) => {
    expect(prizeCreditEarned(depositSatang, settings)).toBe(expected);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { turnoverTowards } from './get-turnover.ts';

describe('turnoverTowards: several turnover requirements as one now/needed pair', () => {
  // [why, total, requirements [start, needed][], expected now, expected needed]
  const cases: Array<[string, bigint, Array<[bigint, bigint]>, bigint, bigint]> = [
    ['no requirement: everything counts, nothing is needed', 5_000n, [], 5_000n, 0n],
    ['one requirement counts from its own start', 5_000n, [[2_000n, 10_000n]], 3_000n, 10_000n],
    ['before any play since the start, now is 0', 2_000n, [[2_000n, 10_000n]], 0n, 10_000n],
    ['a later, larger target moves the finish line out', 5_000n, [[2_000n, 1_000n], [4_000n, 6_000n]], 3_000n, 8_000n],
    ['a later, smaller target inside the first changes nothing', 5_000n, [[0n, 10_000n], [3_000n, 1_000n]], 5_000n, 10_000n],
    ['a zero requirement is met at once', 7_000n, [[7_000n, 0n]], 0n, 0n],
  ];
  it.each(cases)('%s', (_why, total, requirements, now, needed) => {
    expect(turnoverTowards(total, requirements.map(([startSatang, neededSatang]) => ({ startSatang, neededSatang })))).toEqual({ nowSatang: now, neededSatang: needed });
  });

  it('says "met" exactly when every requirement is met (property)', () => {
    const requirement = fc.record({ startSatang: fc.bigInt({ min: 0n, max: 10n ** 9n }), neededSatang: fc.bigInt({ min: 0n, max: 10n ** 9n }) });
    fc.assert(
      fc.property(fc.array(requirement, { minLength: 1, maxLength: 6 }), fc.bigInt({ min: 0n, max: 3n * 10n ** 9n }), (requirements, extra) => {
        const total = requirements.reduce((max, r) => (r.startSatang > max ? r.startSatang : max), 0n) + extra;
        const combined = turnoverTowards(total, requirements);
        const everyMet = requirements.every((r) => total - r.startSatang >= r.neededSatang);
        expect(combined.nowSatang >= combined.neededSatang).toBe(everyMet);
      }),
    );
  });

  it('refuses a negative requirement', () => {
    expect(() => turnoverTowards(0n, [{ startSatang: 0n, neededSatang: -1n }])).toThrow(/negative/);
  });
});

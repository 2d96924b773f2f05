import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { turnoverTowards, type TurnoverRequirement } from './get-turnover.ts';

const req = (startSatang: bigint, neededSatang: bigint): TurnoverRequirement => ({ startSatang, neededSatang });

describe('turnoverTowards: stacked turnover requirements as one now/needed pair (ADR 0011)', () => {
  // [why, total, requirements [start, needed][], expected now, expected needed]
  const cases: Array<[string, bigint, Array<[bigint, bigint]>, bigint, bigint]> = [
    ['no requirement: everything counts, nothing is needed', 5_000n, [], 5_000n, 0n],
    ['one requirement counts from its own start', 5_000n, [[2_000n, 10_000n]], 3_000n, 10_000n],
    ['before any play since the start, now is 0', 2_000n, [[2_000n, 10_000n]], 0n, 10_000n],
    ['two made at the same moment stack: one baht of turnover counts once', 0n, [[0n, 10_000n], [0n, 100n]], 0n, 10_100n],
    ['a later one starts after the earlier one is worked off', 5_000n, [[0n, 10_000n], [3_000n, 1_000n]], 5_000n, 11_000n],
    ['turnover made before a requirement existed never counts for it', 9_000n, [[0n, 1_000n], [8_000n, 2_000n]], 9_000n, 10_000n],
    ['a zero requirement is met at once', 7_000n, [[7_000n, 0n]], 0n, 0n],
  ];
  it.each(cases)('%s', (_why, total, requirements, now, needed) => {
    expect(turnoverTowards(total, requirements.map(([start, need]) => req(start, need)))).toEqual({ nowSatang: now, neededSatang: needed });
  });

  // Small values as often as large ones, so that ties, zeros and totals below a start come up.
  const satang = (max: bigint) => fc.oneof(fc.bigInt({ min: 0n, max: 20n }), fc.bigInt({ min: 0n, max }));
  const requirement = fc.record({ startSatang: satang(10n ** 9n), neededSatang: satang(10n ** 9n) });
  const requirements = fc.array(requirement, { minLength: 1, maxLength: 6 });

  it('says "met" only when every requirement is met on its own (property)', () => {
    fc.assert(
      fc.property(requirements, satang(8n * 10n ** 9n), (list, total) => {
        const combined = turnoverTowards(total, list);
        if (combined.nowSatang >= combined.neededSatang) {
          // Turnover since a start is never negative (a cancelled round can take the total below a
          // start); a requirement of 0 is met at once, whatever the total.
          for (const r of list) expect((total > r.startSatang ? total - r.startSatang : 0n) >= r.neededSatang).toBe(true);
        }
      }),
    );
  });

  it('never needs less than the requirements added up, whatever their order (property)', () => {
    fc.assert(
      fc.property(requirements, (list) => {
        const combined = turnoverTowards(0n, list);
        expect(combined.neededSatang >= list.reduce((sum, r) => sum + r.neededSatang, 0n)).toBe(true);
        expect(turnoverTowards(0n, [...list].reverse())).toEqual(combined);
      }),
    );
  });

  it('refuses a negative requirement', () => {
    expect(() => turnoverTowards(0n, [req(0n, -1n)])).toThrow(/negative/);
  });
});

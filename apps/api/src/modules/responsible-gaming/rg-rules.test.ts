import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { exclusionEnd, limitChange, remainingAllowance } from './rg-rules.ts';

const now = new Date('2026-11-25T03:00:00Z');

describe('player-protection rules (issue 12)', () => {
  it.each([
    ['a first limit', null, 100_000n, 'now'],
    ['a lower limit', 100_000n, 50_000n, 'now'],
    ['the same limit', 100_000n, 100_000n, 'now'],
    ['a higher limit', 100_000n, 150_000n, 'after_cooling_off'],
    ['removing a limit', 100_000n, null, 'after_cooling_off'],
    ['no limit, none asked', null, null, 'now'],
  ] as const)('%s applies %s', (_name, current, requested, expected) => {
    const change = limitChange(current, requested, now);
    expect(change.apply).toBe(expected);
    if (change.apply === 'after_cooling_off') expect(change.effectiveAt.toISOString()).toBe('2026-11-26T03:00:00.000Z');
  });

  it.each([
    ['no limits', {}, { day: 0n, week: 0n, month: 0n }, null],
    ['the lowest applies', { day: 100_000n, week: 300_000n, month: 1_000_000n }, { day: 20_000n, week: 250_000n, month: 250_000n }, 50_000n],
    ['used past a limit leaves nothing', { day: 100_000n }, { day: 150_000n, week: 150_000n, month: 150_000n }, 0n],
  ] as const)('%s', (_name, limits, used, expected) => {
    expect(remainingAllowance(limits, used)).toBe(expected);
  });

  it('never allows more than any single limit leaves', () => {
    const amount = fc.bigInt({ min: 1n, max: 10_000_000n });
    fc.assert(
      fc.property(fc.option(amount), fc.option(amount), fc.option(amount), fc.bigInt({ min: 0n, max: 10_000_000n }), (day, week, month, used) => {
        const remaining = remainingAllowance({ day, week, month }, { day: used, week: used, month: used });
        for (const limit of [day, week, month]) if (limit !== null && remaining !== null) expect(remaining <= (limit - used > 0n ? limit - used : 0n)).toBe(true);
      }),
    );
  });

  it.each([
    ['timeout', '24h', '2026-11-26T03:00:00.000Z'],
    ['timeout', '7d', '2026-12-02T03:00:00.000Z'],
    ['timeout', '30d', '2026-12-25T03:00:00.000Z'],
    ['self_exclusion', '6m', '2027-05-25T03:00:00.000Z'],
    ['self_exclusion', '1y', '2027-11-25T03:00:00.000Z'],
    ['self_exclusion', '5y', '2031-11-25T03:00:00.000Z'],
  ] as const)('a %s of %s ends at %s', (kind, period, end) => {
    expect(exclusionEnd(kind, period, now).toISOString()).toBe(end);
  });

  it('refuses a period that does not exist', () => {
    expect(() => exclusionEnd('timeout', '6m', now)).toThrow();
  });
});

import { describe, expect, it } from 'vitest';
import { findStops, SCRIPTED_OUTCOME_KINDS, stopsOfScriptedOutcome } from './scripted-stops.ts';
import { evaluateLine, outcomeOfStops, REEL_STRIPS } from './slot-machine.ts';

describe('finding reel stops for a scripted slot outcome', () => {
  it.each([
    ['loss', (multiplier: bigint) => multiplier === 0n],
    ['win', (multiplier: bigint) => multiplier > 1n],
    ['stake_back', (multiplier: bigint) => multiplier === 1n],
  ] as const)('finds stops whose middle line pays as a %s', (kind, pays) => {
    const stops = findStops(kind);
    const outcome = outcomeOfStops(stops);
    expect(pays(outcome.win.multiplier)).toBe(true);
    expect(evaluateLine(outcome.line).multiplier).toBe(outcome.win.multiplier);
    stops.forEach((stop, reel) => {
      expect(Number.isInteger(stop)).toBe(true);
      expect(stop).toBeGreaterThanOrEqual(0);
      expect(stop).toBeLessThan(REEL_STRIPS[reel]!.length);
    });
  });

  it('returns the first match in stop order, the same every time', () => {
    const length = REEL_STRIPS[0]!.length;
    for (const kind of SCRIPTED_OUTCOME_KINDS) {
      const stops = findStops(kind);
      expect(findStops(kind)).toEqual(stops);
      const [a, b, c] = stops;
      const rank = (a * length + b) * length + c;
      for (let earlier = 0; earlier < rank; earlier += 1) {
        const candidate: [number, number, number] = [Math.floor(earlier / length ** 2), Math.floor(earlier / length) % length, earlier % length];
        const { multiplier } = outcomeOfStops(candidate).win;
        const matches = kind === 'loss' ? multiplier === 0n : kind === 'win' ? multiplier > 1n : multiplier === 1n;
        expect(matches, `${kind} at ${candidate.join(',')}`).toBe(false);
      }
    }
  });

  it('hands out copies, so a caller cannot change the remembered stops', () => {
    const stops = findStops('win');
    stops[0] = 99;
    expect(findStops('win')[0]).not.toBe(99);
  });

  it('plays explicit stops as given and named kinds through findStops', () => {
    expect(stopsOfScriptedOutcome({ stops: [1, 2, 3] })).toEqual([1, 2, 3]);
    expect(stopsOfScriptedOutcome('loss')).toEqual(findStops('loss'));
  });
});

import { describe, expect, it } from 'vitest';
import { evaluateLine, MIXED_HIGH_MULTIPLIER, outcomeOfStops, REEL_STRIPS, SLOT_SYMBOLS, spinReels, THREE_OF_A_KIND_MULTIPLIER, type SlotSymbol } from './slot-machine.ts';

const WEIGHTS: Record<SlotSymbol, number> = { elephant: 2, crown: 3, pagoda: 4, lotus: 5, coin: 6, lantern: 8 };
const STRIP_LENGTH = 28;

/** mulberry32: a small seeded generator, so the simulation is the same on every run. */
function seededRandomInt(seed: number): (maxExclusive: number) => number {
  let state = seed >>> 0;
  return (maxExclusive) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4_294_967_296) * maxExclusive);
  };
}

describe('ช้างทองคำ slot maths', () => {
  it('has three strips of 28 with the documented symbol counts', () => {
    expect(REEL_STRIPS).toHaveLength(3);
    for (const strip of REEL_STRIPS) {
      expect(strip).toHaveLength(STRIP_LENGTH);
      for (const symbol of SLOT_SYMBOLS) expect(strip.filter((item) => item === symbol).length, symbol).toBe(WEIGHTS[symbol]);
    }
  });

  it.each([
    [['elephant', 'elephant', 'elephant'], 'three_of_a_kind', 100n],
    [['crown', 'crown', 'crown'], 'three_of_a_kind', 40n],
    [['crown', 'elephant', 'crown'], 'three_of_a_kind', 40n],
    [['elephant', 'elephant', 'lantern'], 'three_of_a_kind', 2n],
    [['coin', 'elephant', 'coin'], 'three_of_a_kind', 8n],
    [['crown', 'pagoda', 'lotus'], 'mixed_high', 1n],
    [['elephant', 'crown', 'lotus'], 'mixed_high', 1n],
    [['crown', 'pagoda', 'coin'], 'none', 0n],
    [['elephant', 'coin', 'lantern'], 'none', 0n],
    [['lantern', 'coin', 'lantern'], 'none', 0n],
  ] as const)('pays %j as %s ×%d', (line, kind, multiplier) => {
    expect(evaluateLine(line)).toMatchObject({ kind, multiplier });
  });

  it('returns exactly 21,082 / 21,952 = 96.04 % over every possible stop (and the closed form agrees)', () => {
    let totalMultiplier = 0n;
    let wins = 0;
    let pushes = 0;
    for (let a = 0; a < STRIP_LENGTH; a += 1)
      for (let b = 0; b < STRIP_LENGTH; b += 1)
        for (let c = 0; c < STRIP_LENGTH; c += 1) {
          const { multiplier } = outcomeOfStops([a, b, c]).win;
          totalMultiplier += multiplier;
          if (multiplier > 1n) wins += 1;
          if (multiplier === 1n) pushes += 1;
        }
    expect(totalMultiplier).toBe(21_082n);
    expect(wins).toBe(2_164);
    expect(pushes).toBe(2_076);
    const wild = WEIGHTS.elephant;
    let closedForm = BigInt(wild ** 3) * THREE_OF_A_KIND_MULTIPLIER.elephant;
    let highLines = 0;
    for (const symbol of SLOT_SYMBOLS.filter((item) => item !== 'elephant')) {
      const lines = (WEIGHTS[symbol] + wild) ** 3 - wild ** 3;
      closedForm += BigInt(lines) * THREE_OF_A_KIND_MULTIPLIER[symbol];
      if (['crown', 'pagoda', 'lotus'].includes(symbol)) highLines += lines;
    }
    const mixedHigh = (wild + WEIGHTS.crown + WEIGHTS.pagoda + WEIGHTS.lotus) ** 3 - wild ** 3 - highLines;
    closedForm += BigInt(mixedHigh) * MIXED_HIGH_MULTIPLIER;
    expect(closedForm).toBe(21_082n);
    const rtp = Number(totalMultiplier) / STRIP_LENGTH ** 3;
    expect(rtp).toBeGreaterThan(0.955);
    expect(rtp).toBeLessThan(0.965);
  });

  it('returns 96 % ± 3 % over 300,000 simulated spins (seeded)', () => {
    const randomInt = seededRandomInt(20_260_305);
    let paid = 0n;
    const spins = 300_000;
    for (let spin = 0; spin < spins; spin += 1) paid += spinReels(randomInt).win.multiplier;
    // Standard deviation of one spin's multiplier is about 4.3, so 3 % is about 4 standard errors.
    expect(Math.abs(Number(paid) / spins - 0.9604)).toBeLessThan(0.03);
  });

  it('shows each reel\u2019s neighbours above and below the line', () => {
    const outcome = outcomeOfStops([0, 27, 5]);
    expect(outcome.reels[0]).toEqual([REEL_STRIPS[0]![27], REEL_STRIPS[0]![0], REEL_STRIPS[0]![1]]);
    expect(outcome.reels[1]).toEqual([REEL_STRIPS[1]![26], REEL_STRIPS[1]![27], REEL_STRIPS[1]![0]]);
    expect(outcome.line).toEqual([REEL_STRIPS[0]![0], REEL_STRIPS[1]![27], REEL_STRIPS[2]![5]]);
  });
});

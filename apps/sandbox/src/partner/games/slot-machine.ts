/**
 * The maths of ช้างทองคำ (Golden Elephant): 3 reels, 3 visible rows, one pay line (the middle row).
 *
 * Each reel is a strip of 28 symbols: elephant ×2, crown ×3, pagoda ×4, lotus ×5, coin ×6,
 * lantern ×8. A spin stops every reel at a uniformly random position (crypto.randomInt on the
 * server), independently; the rows above and below are the strip's neighbours (decoration only).
 * The order on a strip changes the look, never the odds: only the counts matter.
 *
 * Pays on the middle line, as a multiple of the stake (the payout includes the stake):
 * - three of a kind, the elephant being wild (it stands in for any symbol):
 *   elephant 100, crown 40, pagoda 20, lotus 10, coin 8, lantern 2;
 * - otherwise any three "high" symbols (elephant, crown, pagoda, lotus) mixed: 1 (stake back).
 *
 * Expected return, exactly, out of 28³ = 21,952 equally likely stops (w = count on the strip,
 * e = 2 elephants; a line of symbol s, wild included, happens (w_s + e)³ − e³ times):
 *   elephant ×3        2³              =     8 × 100 =    800
 *   crown              5³ − 8          =   117 ×  40 =  4,680
 *   pagoda             6³ − 8          =   208 ×  20 =  4,160
 *   lotus              7³ − 8          =   335 ×  10 =  3,350
 *   coin               8³ − 8          =   504 ×   8 =  4,032
 *   lantern           10³ − 8          =   992 ×   2 =  1,984
 *   mixed high        14³ − (8 + 117 + 208 + 335) = 2,076 × 1 = 2,076
 *   total                                              21,082
 * RTP = 21,082 / 21,952 = 96.04 % (house edge 3.96 %); a win (payout > stake) on 2,164 stops
 * (9.9 %), the stake back on 2,076 (9.5 %). slot-machine.test.ts checks this by enumerating all
 * stops and by a seeded simulation.
 */

export const SLOT_SYMBOLS = ['elephant', 'crown', 'pagoda', 'lotus', 'coin', 'lantern'] as const;
export type SlotSymbol = (typeof SLOT_SYMBOLS)[number];

export const WILD_SYMBOL: SlotSymbol = 'elephant';
const HIGH_SYMBOLS: ReadonlySet<SlotSymbol> = new Set(['elephant', 'crown', 'pagoda', 'lotus']);

export const THREE_OF_A_KIND_MULTIPLIER: Readonly<Record<SlotSymbol, bigint>> = {
  elephant: 100n,
  crown: 40n,
  pagoda: 20n,
  lotus: 10n,
  coin: 8n,
  lantern: 2n,
};
export const MIXED_HIGH_MULTIPLIER = 1n;

const LETTER: Readonly<Record<string, SlotSymbol>> = { E: 'elephant', C: 'crown', P: 'pagoda', L: 'lotus', G: 'coin', N: 'lantern' };
/** The three strips (E elephant, C crown, P pagoda, L lotus, G coin, N lantern); same counts, different order. */
export const REEL_STRIPS: readonly (readonly SlotSymbol[])[] = [
  'GNPLGLGEPLNPGNPLNGNECNCNGNLC',
  'NGNPCGNCNLGNENENGLGLPLPGNCLP',
  'GLPNCNEGLPGNLEGNGPNLNCNPCNGL',
].map((letters) => [...letters].map((letter) => LETTER[letter] as SlotSymbol));

export type LineWin = { kind: 'three_of_a_kind'; symbol: SlotSymbol; multiplier: bigint } | { kind: 'mixed_high'; multiplier: bigint } | { kind: 'none'; multiplier: 0n };

/** What the middle line pays (see the table above). */
export function evaluateLine(line: readonly [SlotSymbol, SlotSymbol, SlotSymbol]): LineWin {
  const others = line.filter((symbol) => symbol !== WILD_SYMBOL);
  const first = others[0];
  if (first === undefined) return { kind: 'three_of_a_kind', symbol: WILD_SYMBOL, multiplier: THREE_OF_A_KIND_MULTIPLIER[WILD_SYMBOL] };
  if (others.every((symbol) => symbol === first)) return { kind: 'three_of_a_kind', symbol: first, multiplier: THREE_OF_A_KIND_MULTIPLIER[first] };
  if (line.every((symbol) => HIGH_SYMBOLS.has(symbol))) return { kind: 'mixed_high', multiplier: MIXED_HIGH_MULTIPLIER };
  return { kind: 'none', multiplier: 0n };
}

export interface SpinOutcome {
  /** Where each reel stopped (index of the middle symbol on its strip). */
  stops: [number, number, number];
  /** Visible window, one column per reel, top to bottom. */
  reels: [SlotSymbol[], SlotSymbol[], SlotSymbol[]];
  line: [SlotSymbol, SlotSymbol, SlotSymbol];
  win: LineWin;
}

/** The outcome of reel stops (pure; `spinReels` draws the stops). */
export function outcomeOfStops(stops: [number, number, number]): SpinOutcome {
  const column = (reel: number): SlotSymbol[] => {
    const strip = REEL_STRIPS[reel] as readonly SlotSymbol[];
    const at = (offset: number) => strip[(stops[reel]! + offset + strip.length) % strip.length] as SlotSymbol;
    return [at(-1), at(0), at(1)];
  };
  const reels: SpinOutcome['reels'] = [column(0), column(1), column(2)];
  const line: SpinOutcome['line'] = [reels[0][1]!, reels[1][1]!, reels[2][1]!];
  return { stops, reels, line, win: evaluateLine(line) };
}

/** A spin: each reel stops at `randomInt(stripLength)`, independently (crypto.randomInt in play). */
export function spinReels(randomInt: (maxExclusive: number) => number): SpinOutcome {
  const stop = (reel: number) => randomInt((REEL_STRIPS[reel] as readonly SlotSymbol[]).length);
  return outcomeOfStops([stop(0), stop(1), stop(2)]);
}

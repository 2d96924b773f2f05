import { outcomeOfStops, REEL_STRIPS, type SlotSymbol } from './slot-machine.ts';

/** The named results a test can script for the slot (see findStops). */
export const SCRIPTED_OUTCOME_KINDS = ['loss', 'win', 'stake_back'] as const;
export type ScriptedOutcomeKind = (typeof SCRIPTED_OUTCOME_KINDS)[number];

/** Reel stops: the index of each reel's middle symbol on its strip (0..27 for 28-symbol strips). */
export type ReelStops = [number, number, number];

/** What the middle line must pay, as a multiple of the stake, for each kind. */
const MATCHES: Readonly<Record<ScriptedOutcomeKind, (multiplier: bigint) => boolean>> = {
  loss: (multiplier) => multiplier === 0n,
  win: (multiplier) => multiplier > 1n,
  stake_back: (multiplier) => multiplier === 1n,
};

const found = new Map<ScriptedOutcomeKind, ReelStops>();

/**
 * The first reel stops, in the order [0,0,0], [0,0,1], … [27,27,27] (all 28³ = 21,952 of them,
 * read from REEL_STRIPS, so it follows any change of the strips), whose middle line pays:
 * - `loss`: nothing (multiplier 0, payout 0);
 * - `win`: more than the stake (multiplier > 1, e.g. three lanterns ×2 or three lotus ×10);
 * - `stake_back`: exactly the stake (mixed high symbols, multiplier 1).
 * Pure and deterministic (memoized). @throws Error if the strips can produce no such line (a bug).
 */
export function findStops(kind: ScriptedOutcomeKind): ReelStops {
  const cached = found.get(kind);
  if (cached) return [...cached];
  const [first, second, third] = REEL_STRIPS.map((strip: readonly SlotSymbol[]) => strip.length);
  for (let a = 0; a < (first ?? 0); a += 1)
    for (let b = 0; b < (second ?? 0); b += 1)
      for (let c = 0; c < (third ?? 0); c += 1) {
        const stops: ReelStops = [a, b, c];
        if (MATCHES[kind](outcomeOfStops(stops).win.multiplier)) {
          found.set(kind, stops);
          return [...stops];
        }
      }
  throw new Error(`no reel stops give a slot ${kind}`);
}

/** One scripted spin: a named result, or explicit reel stops (each 0..strip length − 1). */
export type ScriptedSlotOutcome = ScriptedOutcomeKind | { stops: ReelStops };

/** The reel stops a scripted outcome plays (explicit stops as given, a kind via findStops). */
export function stopsOfScriptedOutcome(outcome: ScriptedSlotOutcome): ReelStops {
  return typeof outcome === 'string' ? findStops(outcome) : [...outcome.stops];
}

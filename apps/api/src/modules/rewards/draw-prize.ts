/**
 * The wheel's draw (money.md "Prize wheel"): an integer `roll` uniform over [0, total weight)
 * picks the prize whose cumulative weight interval holds it, so a prize of weight w out of W is
 * drawn with probability exactly w / W. Pure: the random source is passed in (production:
 * `crypto.randomInt`, a CSPRNG without modulo bias; tests: a seeded generator).
 */

/** `crypto.randomInt` accepts ranges below 2^48; our weights stay far under it (≤ 1,000,000 each, ≤ 100 prizes). */
export const MAX_TOTAL_WEIGHT = 2 ** 48 - 1;

/** A uniform integer in [0, maxExclusive). */
export type RandomInt = (maxExclusive: number) => number;

export interface WeightedPrize {
  weight: number;
}

export interface Draw<P extends WeightedPrize> {
  prize: P;
  /** Position of the prize in the list given. */
  index: number;
  roll: number;
  totalWeight: number;
}

/**
 * Draws one prize. Invariant violations (no prizes, a weight that is not a positive integer, a
 * random source out of range) are programmer or configuration errors and throw.
 */
export function drawPrize<P extends WeightedPrize>(prizes: readonly P[], randomInt: RandomInt): Draw<P> {
  if (prizes.length === 0) throw new Error('drawPrize: no prizes');
  let totalWeight = 0;
  for (const prize of prizes) {
    if (!Number.isSafeInteger(prize.weight) || prize.weight <= 0) throw new Error(`drawPrize: weight ${prize.weight} is not a positive integer`);
    totalWeight += prize.weight;
  }
  if (totalWeight > MAX_TOTAL_WEIGHT) throw new Error(`drawPrize: total weight ${totalWeight} is too large`);
  const roll = randomInt(totalWeight);
  if (!Number.isInteger(roll) || roll < 0 || roll >= totalWeight) throw new Error(`drawPrize: roll ${roll} outside 0..${totalWeight - 1}`);
  let upper = 0;
  for (const [index, prize] of prizes.entries()) {
    upper += prize.weight;
    if (roll < upper) return { prize, index, roll, totalWeight };
  }
  throw new Error('drawPrize: unreachable');
}

/**
 * Hub88 money on the wire: an integer, the amount × 100,000 (docs.hub88.io Wallet API: "$3.56 is
 * represented as 356000"). Sabai keeps satang (× 100), so 1 satang = 1,000 Hub88 units.
 */
export const HUB88_UNITS_PER_SATANG = 1_000n;

/** satang → Hub88 units (a JSON number; safe up to ~90 billion baht). @throws RangeError when unsafe. */
export function satangToHub88Units(satang: bigint): number {
  const units = satang * HUB88_UNITS_PER_SATANG;
  if (units > BigInt(Number.MAX_SAFE_INTEGER) || units < -BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('amount too large for Hub88 units');
  return Number(units);
}

/** Hub88 units → satang; null when not a safe integer or not a whole satang. */
export function hub88UnitsToSatang(units: unknown): bigint | null {
  if (typeof units !== 'number' || !Number.isSafeInteger(units)) return null;
  const big = BigInt(units);
  return big % HUB88_UNITS_PER_SATANG === 0n ? big / HUB88_UNITS_PER_SATANG : null;
}

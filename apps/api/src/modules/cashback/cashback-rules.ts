/**
 * Cashback money rules (issue "Rewards" §2, money.md "Cashback"). Pure.
 *
 * - Net loss of a period = Σ (stake − payout) over the member's rounds settled in the period with
 *   status `settled` (cancelled and refunded rounds returned the stake: they are not losses).
 *   A period with a net win (negative) or zero earns nothing.
 * - Cashback = net loss × Payout basis points / 10,000, rounded DOWN to the satang (the operator
 *   never pays a fraction it did not promise; the direction is stated so members can check it).
 */
export function cashbackForNetLoss(netLossSatang: bigint, payoutBasisPoints: number): bigint {
  if (!Number.isInteger(payoutBasisPoints) || payoutBasisPoints < 0 || payoutBasisPoints > 10_000) {
    throw new RangeError(`payout basis points ${payoutBasisPoints} outside 0..10000`);
  }
  if (netLossSatang <= 0n) return 0n;
  return (netLossSatang * BigInt(payoutBasisPoints)) / 10_000n;
}

/** Days are Asia/Bangkok calendar days (UTC+7, no daylight saving). */
const BANGKOK_OFFSET_MS = 7 * 3_600_000;

/** The Bangkok calendar day containing `instant`, as `YYYY-MM-DD`, and its UTC bounds. */
export function bangkokDay(instant: Date): { periodStart: string; fromUtc: Date; toUtc: Date } {
  const local = new Date(instant.getTime() + BANGKOK_OFFSET_MS);
  const periodStart = local.toISOString().slice(0, 10);
  const fromUtc = new Date(Date.parse(`${periodStart}T00:00:00Z`) - BANGKOK_OFFSET_MS);
  return { periodStart, fromUtc, toUtc: new Date(fromUtc.getTime() + 86_400_000) };
}

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

/** Periods are aligned to Asia/Bangkok time (UTC+7, no daylight saving). */
const BANGKOK_OFFSET_MS = 7 * 3_600_000;
export const DAY_MINUTES = 1_440;

export interface RewardPeriod {
  /** The period's key: its start as an ISO-8601 UTC instant. */
  periodStart: string;
  fromUtc: Date;
  toUtc: Date;
}

/**
 * The reward period (cashback, affiliate) containing `instant`: `periodMinutes` long (a day by
 * default, settings CASHBACK_PERIOD_MINUTES), aligned to Bangkok midnight, so a daily period is the
 * Bangkok calendar day.
 */
export function rewardPeriodOf(instant: Date, periodMinutes: number = DAY_MINUTES): RewardPeriod {
  if (!Number.isInteger(periodMinutes) || periodMinutes < 1 || DAY_MINUTES % periodMinutes !== 0) {
    throw new RangeError(`period of ${periodMinutes} minutes must divide a day`);
  }
  const periodMs = periodMinutes * 60_000;
  const localMs = instant.getTime() + BANGKOK_OFFSET_MS;
  const fromUtc = new Date(Math.floor(localMs / periodMs) * periodMs - BANGKOK_OFFSET_MS);
  return { periodStart: fromUtc.toISOString(), fromUtc, toUtc: new Date(fromUtc.getTime() + periodMs) };
}

/** The last period that has ended at `now`. */
export const lastCompletedPeriod = (now: Date, periodMinutes: number = DAY_MINUTES): RewardPeriod =>
  rewardPeriodOf(new Date(rewardPeriodOf(now, periodMinutes).fromUtc.getTime() - 1), periodMinutes);

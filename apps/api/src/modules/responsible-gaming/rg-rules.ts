/**
 * Player-protection rules (issue 12; UKGC RTS 12 "financial limits", RTS 13 "time-outs", RTS 14
 * "self-exclusion"; the MGA Player Protection Directive): pure functions over satang and instants.
 */
export const LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];
export type LimitKind = 'deposit' | 'loss';

/** Rolling windows: 24 hours, 7 days, 30 days. */
export const PERIOD_MS: Record<LimitPeriod, number> = { day: 86_400_000, week: 7 * 86_400_000, month: 30 * 86_400_000 };
/** An increase or a removal waits this long, then needs the member's confirmation. */
export const COOLING_OFF_MS = 86_400_000;

export type LimitChange =
  | { apply: 'now'; amountSatang: bigint | null }
  | { apply: 'after_cooling_off'; amountSatang: bigint | null; effectiveAt: Date };

/**
 * What a requested limit does: a new or lower limit applies at once; a higher one, or removing a
 * limit, waits for the cooling-off (and then the member's confirmation). Unchanged: applies (no-op).
 */
export function limitChange(current: bigint | null, requested: bigint | null, now: Date): LimitChange {
  const isLooser = requested === null ? current !== null : current !== null && requested > current;
  if (!isLooser) return { apply: 'now', amountSatang: requested };
  return { apply: 'after_cooling_off', amountSatang: requested, effectiveAt: new Date(now.getTime() + COOLING_OFF_MS) };
}

/**
 * How much more is allowed now under the limits of one kind: the lowest of (limit − used) over the
 * periods that have a limit; null when none has. Never negative.
 */
export function remainingAllowance(limits: Partial<Record<LimitPeriod, bigint | null>>, used: Record<LimitPeriod, bigint>): bigint | null {
  let remaining: bigint | null = null;
  for (const period of LIMIT_PERIODS) {
    const limit = limits[period];
    if (limit === null || limit === undefined) continue;
    const left = limit - used[period] > 0n ? limit - used[period] : 0n;
    if (remaining === null || left < remaining) remaining = left;
  }
  return remaining;
}

export const EXCLUSION_PERIODS = {
  timeout: ['24h', '7d', '30d'],
  self_exclusion: ['6m', '1y', '5y'],
} as const;
export type ExclusionKind = keyof typeof EXCLUSION_PERIODS;

/** When an exclusion of `period` that starts at `from` ends (calendar months and years for self-exclusion). */
export function exclusionEnd(kind: ExclusionKind, period: string, from: Date): Date {
  if (!(EXCLUSION_PERIODS[kind] as readonly string[]).includes(period)) throw new Error(`no ${kind} period ${period}`);
  const end = new Date(from.getTime());
  switch (period) {
    case '24h':
      return new Date(from.getTime() + 86_400_000);
    case '7d':
      return new Date(from.getTime() + 7 * 86_400_000);
    case '30d':
      return new Date(from.getTime() + 30 * 86_400_000);
    case '6m':
      end.setUTCMonth(end.getUTCMonth() + 6);
      return end;
    case '1y':
      end.setUTCFullYear(end.getUTCFullYear() + 1);
      return end;
    default:
      end.setUTCFullYear(end.getUTCFullYear() + 5);
      return end;
  }
}

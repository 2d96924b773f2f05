import { RG_LIMIT_PERIODS, type RgActivity, type RgSettings } from '@sabai/contracts';

/**
 * What the member's own protection (issue 12) does to a deposit made now, read before they try
 * (issue 26 §2): the crediting holds and pays back a deposit during a time-out or
 * self-exclusion, or past a deposit limit (apps/api responsible-gaming `depositRefusal`), and the
 * PromptPay request is refused for the same reasons (`assertMayDeposit`).
 *
 * - `open`: no exclusion, no deposit limit;
 * - `excluded`: a time-out or self-exclusion until `endsAt` (ISO-8601);
 * - `limit-reached`: nothing left of a deposit limit;
 * - `limited`: `remaining` baht (two decimals at most) left of the tightest deposit limit.
 */
export type DepositProtection =
  | { state: 'open' }
  | { state: 'excluded'; kind: 'timeout' | 'self_exclusion'; endsAt: string }
  | { state: 'limit-reached' }
  | { state: 'limited'; remaining: number };

/** Baht with at most two decimals (the wire form) to whole satang, without float drift. */
const toSatang = (baht: number): number => Math.round(baht * 100);

/**
 * The member's deposit protection from their settings and activity (both from the API: limits and
 * credited deposits per rolling window, baht), as `remainingAllowance` of the API computes it:
 * the smallest (limit − deposited) over the periods with a limit, never below zero.
 */
export function readDepositProtection(settings: RgSettings, activity: RgActivity): DepositProtection {
  if (settings.exclusion) return { state: 'excluded', kind: settings.exclusion.kind, endsAt: settings.exclusion.endsAt };
  let remainingSatang: number | null = null;
  for (const period of RG_LIMIT_PERIODS) {
    const limit = settings.depositLimit[period];
    if (limit === null) continue;
    const left = Math.max(0, toSatang(limit) - toSatang(activity.deposits[period]));
    remainingSatang = remainingSatang === null ? left : Math.min(remainingSatang, left);
  }
  if (remainingSatang === null) return { state: 'open' };
  if (remainingSatang === 0) return { state: 'limit-reached' };
  return { state: 'limited', remaining: remainingSatang / 100 };
}

/** Whether a deposit now would only be held and paid back: no QR, a notice instead. */
export const depositBlocked = (protection: DepositProtection | undefined): boolean =>
  protection?.state === 'excluded' || protection?.state === 'limit-reached';

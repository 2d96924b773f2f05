import type { Queryable } from '@sabai/db';
import { SPIN_COST_CREDIT } from '@sabai/contracts';

/**
 * Units and rules of the prize wheel (README.md). Prize credit lives in the member's `prize`
 * ledger account in satang, like money: 1 credit = 100 satang, shown on the wire as 1.00.
 */
export const SATANG_PER_PRIZE_CREDIT = 100n;

/** Spec §9: a spin costs 50 prize credit = 5,000 satang of the prize account. */
export const SPIN_COST_SATANG = BigInt(SPIN_COST_CREDIT) * SATANG_PER_PRIZE_CREDIT;

/** More active segments than this is a configuration error (a wheel is drawn with them all). */
export const MAX_WHEEL_SEGMENTS = 24;

export interface WheelSettings {
  isEnabled: boolean;
  /** Each full step of a deposit earns `prizeCreditSatangPerStep` (default 100 baht → 1 credit). */
  depositStepSatang: bigint;
  prizeCreditSatangPerStep: bigint;
}

/** The one row of `wheel_settings` (migration 0005 inserts it). */
export async function readWheelSettings(q: Queryable): Promise<WheelSettings> {
  const { rows } = await q.query<{ is_enabled: boolean; deposit_step_satang: bigint; prize_credit_satang_per_step: bigint }>(
    'SELECT is_enabled, deposit_step_satang, prize_credit_satang_per_step FROM wheel_settings WHERE id',
  );
  return wheelSettingsFromRow(rows[0]);
}

/** The wheel's settings from a row of `wheel_settings` (its columns as named there), read by the caller's own statement. */
export function wheelSettingsFromRow(row: { is_enabled: boolean; deposit_step_satang: bigint; prize_credit_satang_per_step: bigint } | undefined): WheelSettings {
  if (!row) throw new Error('wheel_settings has no row (migration 0005)');
  return { isEnabled: row.is_enabled, depositStepSatang: row.deposit_step_satang, prizeCreditSatangPerStep: row.prize_credit_satang_per_step };
}

/**
 * Prize credit a credited deposit earns, in satang: whole steps only, so 99.99 baht earns nothing
 * and 250 baht earns 2 credit by default. Nothing while the wheel is off (credit that cannot be
 * spent is not handed out). Pure.
 */
export function prizeCreditEarned(depositAmountSatang: bigint, settings: WheelSettings): bigint {
  if (!settings.isEnabled || depositAmountSatang <= 0n) return 0n;
  return (depositAmountSatang / settings.depositStepSatang) * settings.prizeCreditSatangPerStep;
}

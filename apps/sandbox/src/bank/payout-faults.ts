/**
 * How the sandbox's payout API misbehaves, for tests of Sabai's payout adapter
 * (POST /sandbox/v1/faults, or per request the header `x-sandbox-fault`):
 * - `ok`: pays (or fails by the account rules) and answers at once;
 * - `fail`: does not pay, answers `failed` ('บัญชีปลายทางถูกระงับ');
 * - `timeout_after_applying`: pays, then holds the answer `faultHoldMs` (30 s);
 * - `error_after_applying`: pays, then answers HTTP 502;
 * - `timeout_before_applying`: does not pay, holds `faultHoldMs`, then answers HTTP 504.
 */
export const PAYOUT_FAULTS = ['ok', 'fail', 'timeout_after_applying', 'error_after_applying', 'timeout_before_applying'] as const;
export type PayoutFault = (typeof PAYOUT_FAULTS)[number];

export const isPayoutFault = (value: unknown): value is PayoutFault =>
  typeof value === 'string' && (PAYOUT_FAULTS as readonly string[]).includes(value);

export interface FaultSettings {
  payout: PayoutFault;
}

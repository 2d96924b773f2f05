import { ERRORS } from '@sabai/contracts';

/**
 * Spec §4/§5: cashback may be claimed only when the accumulated balance is above zero; otherwise
 * the claim is refused here, without a call, with the spec's message (shown as the alert's title).
 */
export type CashbackClaimCheck = { ok: true } | { ok: false; message: string };

export function checkCashbackClaim(balance: number | null | undefined): CashbackClaimCheck {
  if (typeof balance === 'number' && Number.isFinite(balance) && balance > 0) return { ok: true };
  return { ok: false, message: ERRORS.NO_CASHBACK.message };
}

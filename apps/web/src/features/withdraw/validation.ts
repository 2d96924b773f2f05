import { ERRORS } from '@sabai/contracts';
import { readBahtInput } from '../../lib/amount-input.ts';
import { formatBaht } from '../../lib/format.ts';

export type WithdrawAmountCheck = { ok: true; amount: number } | { ok: false; message: string };

export const WITHDRAW_AMOUNT_REQUIRED = 'กรุณาระบุจำนวนเงินที่ต้องการถอน';

/**
 * Amounts in these messages read like every other amount on the page (spec §9: two decimals and
 * thousands separators): "ถอนเงินได้สูงสุด 50,000.00 บาทต่อครั้ง" beside the hint's "50,000.00",
 * never "50000".
 */
const bahtText = (amount: number) => formatBaht(amount);

export interface WithdrawLimits {
  /** Settings Withdraw.minWithdraw (spec §5, §9). */
  minWithdraw: number;
  /** Per-request maximum; 0 or absent = no local check. */
  maxWithdraw?: number;
  /** The most the member may take now (withdrawal/condition availableAmount); absent = no local check. */
  availableAmount?: number;
}

/**
 * Spec §5 withdraw: an amount below the configured minimum is refused with
 * 'ถอนเงินขั้นต่ำ {min} บาท'. Also refused locally: an empty field, more than two decimals, more
 * than the per-request maximum or than what is available. The server checks everything again.
 */
export function validateWithdrawAmount(text: string, limits: WithdrawLimits): WithdrawAmountCheck {
  const input = readBahtInput(text);
  const belowMinimum = { ok: false as const, message: ERRORS.WITHDRAW_BELOW_MINIMUM.message.replace('{min}', bahtText(limits.minWithdraw)) };
  if (!input.ok) {
    if (input.reason === 'EMPTY') return { ok: false, message: WITHDRAW_AMOUNT_REQUIRED };
    if ((input.reason === 'ZERO' || input.reason === 'NEGATIVE') && limits.minWithdraw > 0) return belowMinimum;
    return { ok: false, message: ERRORS.INVALID_AMOUNT.message };
  }
  if (input.amount < limits.minWithdraw) return belowMinimum;
  if (limits.maxWithdraw !== undefined && limits.maxWithdraw > 0 && input.amount > limits.maxWithdraw) {
    return { ok: false, message: ERRORS.WITHDRAW_ABOVE_MAXIMUM.message.replace('{max}', bahtText(limits.maxWithdraw)) };
  }
  if (limits.availableAmount !== undefined && input.amount > limits.availableAmount) {
    return { ok: false, message: ERRORS.INSUFFICIENT_BALANCE.message };
  }
  return { ok: true, amount: input.amount };
}

/**
 * A refusal reason of the withdrawal condition as shown: the server's Thai text, except the
 * minimum, which is written again with the amount formatted like the rest of the form (the
 * server prints "100", the hint "100.00").
 */
export function describeWithdrawReason(reason: { code: string; message: string }, limits: { minWithdraw: number }): string {
  if (reason.code === 'WITHDRAW_BELOW_MINIMUM') return ERRORS.WITHDRAW_BELOW_MINIMUM.message.replace('{min}', bahtText(limits.minWithdraw));
  return reason.message;
}

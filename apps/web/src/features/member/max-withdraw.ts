import { formatBaht } from '@sabai/money';

/**
 * The max-withdraw line of the member card (spec dialog 1, §9): type 1 means a multiple of the
 * deposit, any other type means baht; an amount of 0 means no limit.
 */
export type MaxWithdrawText =
  | { kind: 'unlimited' }
  | { kind: 'multiple'; value: string }
  | { kind: 'baht'; value: string };

export const MULTIPLE_TYPE = 1;

export function describeMaxWithdraw(bonus: { maxWithdrawType: number; maxWithdrawAmount: number }): MaxWithdrawText {
  if (!(bonus.maxWithdrawAmount > 0)) return { kind: 'unlimited' };
  if (bonus.maxWithdrawType === MULTIPLE_TYPE) return { kind: 'multiple', value: String(bonus.maxWithdrawAmount) };
  return { kind: 'baht', value: formatBaht(bonus.maxWithdrawAmount) };
}

/**
 * Masked account numbers as banks print them (`X189776X`, `x838467`, `xxx-x-x3846-7`), and whether
 * a member's bound account fits one. Used by the deposit matcher (deposits) and the manual-payout debit matcher (withdrawals); pure, so it
 * lives here where both reach it without a module cycle (issue 28 §1).
 *
 * Rule (fixture bank-sms-samples.json "about"): `X`/`x` hides one or more digits; the visible run is
 * a contiguous part of the account number. Where the mask pins the run, we respect it:
 * - `X189776X`: hidden digits on both sides → the run is strictly inside (≥ 1 digit each side);
 * - `x838467`:  nothing hidden after → the run is the END of the account (≥ 1 digit before);
 * - `123456x`:  nothing hidden before → the run is the START of the account (≥ 1 digit after);
 * - `1234567890`: nothing hidden → the whole account.
 * A run of several `x` counts as "at least one digit", not "exactly that many": banks pad masks
 * for looks, so the count is not trusted (a looser fit can only add candidates, i.e. more holds).
 */

/** Fewer visible digits than this is too weak to tell members apart: the mask is refused. */
export const MIN_VISIBLE_DIGITS = 4;
/** Longest mask we read (Thai accounts are 10–15 digits; hyphens and padding included). */
export const MAX_MASKED_ACCOUNT_LENGTH = 32;

export interface MaskedAccount {
  /** The visible digits, e.g. `189776`. */
  visibleDigits: string;
  /** Whether the mask hides at least one digit before / after the visible run. */
  isHiddenBefore: boolean;
  isHiddenAfter: boolean;
}

const SINGLE_VISIBLE_RUN = /^(?<before>[Xx]*)(?<digits>\d+)(?<after>[Xx]*)$/;

/**
 * Reads a mask: hyphens and spaces are layout and dropped; then it must be `X*` digits `X*` with
 * one visible run of at least MIN_VISIBLE_DIGITS digits.
 * @returns the mask, or null when it cannot be read safely (several visible runs, other
 *   characters, too few visible digits, too long).
 */
export function readMaskedAccount(masked: string): MaskedAccount | null {
  if (masked.length > MAX_MASKED_ACCOUNT_LENGTH) return null;
  const groups = SINGLE_VISIBLE_RUN.exec(masked.replace(/[- ]/g, ''))?.groups;
  if (!groups) return null;
  const { before = '', digits = '', after = '' } = groups;
  if (digits.length < MIN_VISIBLE_DIGITS) return null;
  return { visibleDigits: digits, isHiddenBefore: before.length > 0, isHiddenAfter: after.length > 0 };
}

/**
 * Whether an account number fits a mask under the rule above. An account that is not all digits
 * never fits (bound accounts are stored as 10 or 12 digits).
 */
export function accountFitsMask(accountNumber: string, mask: MaskedAccount): boolean {
  if (!/^\d+$/.test(accountNumber)) return false;
  const { visibleDigits, isHiddenBefore, isHiddenAfter } = mask;
  if (isHiddenBefore && isHiddenAfter) return accountNumber.slice(1, -1).includes(visibleDigits);
  if (isHiddenBefore) return accountNumber.slice(1).endsWith(visibleDigits);
  if (isHiddenAfter) return accountNumber.slice(0, -1).startsWith(visibleDigits);
  return accountNumber === visibleDigits;
}

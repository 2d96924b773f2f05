/**
 * @sabai/money — the only place where baht and satang are converted.
 *
 * Inside Sabai money is `bigint` satang (1 baht = 100 satang). On the wire it is baht as a JSON
 * number with at most two decimals (spec §3 `Amount`, ARCHITECTURE.md "Wire conventions").
 * Conversion never uses float arithmetic: a number is read through its shortest decimal string
 * (what `String(n)` prints, which round-trips exactly) and refused unless it is a plain decimal.
 *
 * No dependencies, so the API, the web client and the sandbox share it.
 */

/** Satang in one baht. */
export const SATANG_PER_BAHT = 100n;

/**
 * Largest amount any single money value may hold: 1,000,000,000.00 baht.
 * Far below Number.MAX_SAFE_INTEGER / 100, so a wire number always represents it exactly.
 */
export const MAX_AMOUNT_SATANG = 100_000_000_000n;

/** Why an amount was refused; a value, not an exception, so callers map it to their own error. */
export type AmountError =
  | 'NOT_A_NUMBER'
  | 'TOO_MANY_DECIMALS'
  | 'NEGATIVE'
  | 'ZERO'
  | 'TOO_LARGE';

export type AmountResult = { ok: true; amountSatang: bigint } | { ok: false; error: AmountError };

const PLAIN_DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * Parses baht from the wire into satang.
 *
 * @param baht a JSON number (`150.25`) or a decimal string (`"150.25"`); nothing else.
 * @param options.allowZero whether 0 is acceptable (default false: a money movement of 0 is refused).
 * @returns `{ ok: true, amountSatang }`, or `{ ok: false, error }` for a non-finite or non-decimal
 *   value, more than two decimals, a negative amount, zero (unless allowed) or more than
 *   MAX_AMOUNT_SATANG. Never rounds.
 */
export function parseBahtToSatang(baht: unknown, options: { allowZero?: boolean } = {}): AmountResult {
  let text: string;
  if (typeof baht === 'number') {
    if (!Number.isFinite(baht)) return { ok: false, error: 'NOT_A_NUMBER' };
    text = String(baht); // shortest round-trip form; exponent forms fail the regex below
  } else if (typeof baht === 'string') {
    text = baht.trim();
  } else {
    return { ok: false, error: 'NOT_A_NUMBER' };
  }
  const match = PLAIN_DECIMAL.exec(text);
  if (!match) return { ok: false, error: 'NOT_A_NUMBER' };
  const [, sign, whole = '0', fraction = ''] = match;
  if (fraction.replace(/0+$/, '').length > 2) return { ok: false, error: 'TOO_MANY_DECIMALS' };
  if (whole.length > 15) return { ok: false, error: 'TOO_LARGE' };
  const satang = BigInt(whole) * SATANG_PER_BAHT + BigInt(fraction.slice(0, 2).padEnd(2, '0'));
  if (satang === 0n) return options.allowZero ? { ok: true, amountSatang: 0n } : { ok: false, error: 'ZERO' };
  if (sign === '-') return { ok: false, error: 'NEGATIVE' };
  if (satang > MAX_AMOUNT_SATANG) return { ok: false, error: 'TOO_LARGE' };
  return { ok: true, amountSatang: satang };
}

/**
 * Formats satang as a plain decimal string with exactly two decimals: `123450n` → `"1234.50"`,
 * `-5n` → `"-0.05"`. Exact for any bigint.
 */
export function satangToDecimalString(amountSatang: bigint): string {
  const negative = amountSatang < 0n;
  const absolute = negative ? -amountSatang : amountSatang;
  const whole = absolute / SATANG_PER_BAHT;
  const fraction = (absolute % SATANG_PER_BAHT).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/**
 * Converts satang to the wire's baht number: `15025n` → `150.25`.
 * @throws RangeError when |amount| exceeds MAX_AMOUNT_SATANG × 1000 (a programmer error: no
 *   balance can get there), because beyond 2^53 the number would not be exact.
 */
export function satangToBahtNumber(amountSatang: bigint): number {
  const limit = MAX_AMOUNT_SATANG * 1000n;
  if (amountSatang > limit || amountSatang < -limit) {
    throw new RangeError(`amount ${amountSatang} satang is outside the wire range`);
  }
  return Number(satangToDecimalString(amountSatang));
}

/**
 * Formats money for people (spec §9: two decimals and thousands separators): `123456789n` →
 * `"1,234,567.89"`. Accepts satang (bigint) or a wire baht number; never does float arithmetic
 * on the value itself.
 */
export function formatBaht(amount: bigint | number): string {
  let text: string;
  if (typeof amount === 'bigint') {
    text = satangToDecimalString(amount);
  } else {
    const parsed = parseBahtToSatang(Math.abs(amount), { allowZero: true });
    if (!parsed.ok) return '-';
    text = satangToDecimalString(amount < 0 ? -parsed.amountSatang : parsed.amountSatang);
  }
  const [whole = '0', fraction = '00'] = text.split('.');
  const negative = whole.startsWith('-');
  const digits = negative ? whole.slice(1) : whole;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}.${fraction}`;
}

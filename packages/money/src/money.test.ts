import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  MAX_AMOUNT_SATANG,
  formatBaht,
  parseBahtToSatang,
  satangToBahtNumber,
  satangToDecimalString,
} from './index.ts';

describe('parseBahtToSatang', () => {
  it.each([
    [150.25, 15025n],
    [0.01, 1n],
    [1, 100n],
    ['99.9', 9990n],
    ['100.10', 10010n],
    [1_000_000_000, MAX_AMOUNT_SATANG],
    [0.1 + 0.7, null], // 0.7999999999999999: not two decimals, refused rather than rounded
  ])('reads %s baht as %s satang', (input, expected) => {
    const result = parseBahtToSatang(input);
    if (expected === null) expect(result.ok).toBe(false);
    else expect(result).toEqual({ ok: true, amountSatang: expected });
  });

  it.each([
    [1.234, 'TOO_MANY_DECIMALS'],
    [-5, 'NEGATIVE'],
    [0, 'ZERO'],
    [Number.NaN, 'NOT_A_NUMBER'],
    [Number.POSITIVE_INFINITY, 'NOT_A_NUMBER'],
    [1e21, 'NOT_A_NUMBER'],
    ['1e3', 'NOT_A_NUMBER'],
    ['12,000', 'NOT_A_NUMBER'],
    [null, 'NOT_A_NUMBER'],
    [true, 'NOT_A_NUMBER'],
    [1_000_000_000.01, 'TOO_LARGE'],
  ])('refuses %s with %s', (input, error) => {
    expect(parseBahtToSatang(input)).toEqual({ ok: false, error });
  });

  it('accepts zero only when asked', () => {
    expect(parseBahtToSatang(0, { allowZero: true })).toEqual({ ok: true, amountSatang: 0n });
  });

  it('round-trips every satang amount through the wire number exactly', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: MAX_AMOUNT_SATANG }), (amountSatang) => {
        expect(parseBahtToSatang(satangToBahtNumber(amountSatang))).toEqual({ ok: true, amountSatang });
        expect(parseBahtToSatang(satangToDecimalString(amountSatang))).toEqual({ ok: true, amountSatang });
      }),
      { numRuns: 2000 },
    );
  });
});

describe('formatting', () => {
  it('writes two decimals, thousands separators and the sign', () => {
    expect(satangToDecimalString(5n)).toBe('0.05');
    expect(satangToDecimalString(-123450n)).toBe('-1234.50');
    expect(formatBaht(123456789n)).toBe('1,234,567.89');
    expect(formatBaht(0n)).toBe('0.00');
    expect(formatBaht(-100000n)).toBe('-1,000.00');
    expect(formatBaht(1500.5)).toBe('1,500.50');
  });

  it('refuses to produce an inexact wire number', () => {
    expect(() => satangToBahtNumber(MAX_AMOUNT_SATANG * 1001n)).toThrow(RangeError);
  });
});

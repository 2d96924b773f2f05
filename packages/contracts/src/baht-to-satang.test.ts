import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bahtToSatang } from './envelope.ts';
import { promptPayDepositRequest, withdrawalRequest } from './wallet.ts';

const issueParams = (result: { error?: { issues: readonly object[] } }) => (result.error?.issues[0] as { params?: unknown } | undefined)?.params;

describe('wire baht in → satang', () => {
  it.each([
    [150, 15_000n],
    [150.5, 15_050n],
    [0.01, 1n],
    [1234567.89, 123_456_789n],
  ])('reads %s baht as %s satang', (baht, satang) => {
    expect(bahtToSatang().parse(baht)).toBe(satang);
  });

  it.each([[0], [-1], [100.001], [1e21]])('refuses %s with INVALID_AMOUNT', (baht) => {
    const result = bahtToSatang().safeParse(baht);
    expect(result.success).toBe(false);
    expect(issueParams(result)).toMatchObject({ errorCode: 'INVALID_AMOUNT' });
  });

  it('refuses what JSON cannot carry (NaN, Infinity) and anything not a number', () => {
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, '100', null]) expect(bahtToSatang().safeParse(value).success).toBe(false);
  });

  it('gives back exactly the cents of any two-decimal amount (no float arithmetic)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10_000_000_000n }), (satang) => {
        const baht = Number(`${satang / 100n}.${(satang % 100n).toString().padStart(2, '0')}`);
        expect(bahtToSatang().parse(baht)).toBe(satang);
      }),
    );
  });

  it('holds a withdrawal to amounts and a PromptPay request to whole baht from 1 to 50,000 with its own Thai message', () => {
    expect(withdrawalRequest.parse({ Amount: 100.25, Channel: 'BANK' }).Amount).toBe(10_025n);
    expect(promptPayDepositRequest.parse({ Amount: 500 }).Amount).toBe(50_000n);
    for (const Amount of [0.5, 50_001, 100.5]) {
      const result = promptPayDepositRequest.safeParse({ Amount });
      expect(result.success).toBe(false);
      expect(issueParams(result)).toEqual({ errorCode: 'INVALID_AMOUNT', errorMessage: 'กรุณาระบุจำนวนเงินเป็นบาทเต็ม ตั้งแต่ 1 ถึง 50,000 บาท' });
    }
  });
});

import { describe, expect, it } from 'vitest';
import { parseBualuangSms } from './bualuang-sms.ts';

const SAMPLE = 'ฝาก/โอนเงินเข้าบ/ชX1234 ผ่านMB 5,000.00บ ใช้ได้15,000.00บ';
const receivedAt = new Date('2025-03-01T02:00:00Z');

describe('parseBualuangSms', () => {
  it('reads the amount and balance; occurredAt is receivedAt and there is no sender information', () => {
    expect(parseBualuangSms(SAMPLE, { receivedAt })).toEqual({
      ok: true,
      notification: {
        kind: 'credit',
        bankCode: '002',
        houseAccountMasked: 'X1234',
        amountSatang: 500_000n,
        occurredAt: receivedAt,
        occurredAtSource: 'received',
        dayMonthTime: null,
        balanceAfterSatang: 1_500_000n,
        senderBankCode: null,
        senderAccountMasked: null,
        senderName: null,
      },
    });
  });

  it('returns its own Date, so a caller mutating it cannot change receivedAt', () => {
    const result = parseBualuangSms(SAMPLE, { receivedAt });
    expect(result.ok && result.notification.occurredAt).not.toBe(receivedAt);
  });

  it.each([
    ['amount missing', 'ฝาก/โอนเงินเข้าบ/ชX1234 ผ่านMB บ ใช้ได้15,000.00บ', 'UNRECOGNISED_FORMAT'],
    ['amount with three decimals', 'ฝาก/โอนเงินเข้าบ/ชX1234 ผ่านMB 5,000.000บ ใช้ได้15,000.00บ', 'UNRECOGNISED_FORMAT'],
    ['a withdrawal wording', 'ถอน/โอนเงินออกบ/ชX1234 ผ่านMB 5,000.00บ ใช้ได้15,000.00บ', 'UNRECOGNISED_FORMAT'],
    ['truncated after the amount', 'ฝาก/โอนเงินเข้าบ/ชX1234 ผ่านMB 5,000.00บ ใช้ได้', 'UNRECOGNISED_FORMAT'],
    ['a zero amount', 'ฝาก/โอนเงินเข้าบ/ชX1234 ผ่านMB 0.00บ ใช้ได้15,000.00บ', 'INVALID_AMOUNT'],
  ])('refuses %s', (_why, text, reason) => {
    expect(parseBualuangSms(text, { receivedAt })).toEqual({ ok: false, reason });
  });
});

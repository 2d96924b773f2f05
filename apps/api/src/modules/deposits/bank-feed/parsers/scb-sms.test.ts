import { describe, expect, it } from 'vitest';
import { parseScbSms } from './scb-sms.ts';

const NAMED = '08/09@10:46 100.00 โอนจากPHUCHONG SONGเข้าx354011 ใช้ได้2,375.46บ';
const OTHER_BANK = '08/02@12:23 100.00 จากBAAC/x838467เข้าx475366 ใช้ได้3,452.35บ';
const bangkok = (iso: string) => new Date(`${iso}+07:00`);

describe('parseScbSms', () => {
  it('reads a named SCB-to-SCB transfer: sender bank is SCB itself, no sender account', () => {
    expect(parseScbSms(NAMED, { receivedAt: bangkok('2024-09-08T10:46:40') })).toEqual({
      ok: true,
      notification: {
        kind: 'credit',
        bankCode: '014',
        houseAccountMasked: 'x354011',
        amountSatang: 10_000n,
        occurredAt: bangkok('2024-09-08T10:46:00'),
        occurredAtSource: 'text-year-inferred',
        dayMonthTime: { day: 8, month: 9, hour: 10, minute: 46 },
        balanceAfterSatang: 237_546n,
        senderBankCode: '014',
        senderAccountMasked: null,
        senderName: 'PHUCHONG SONG',
      },
    });
  });

  it('reads a transfer from another bank: bank by short name (BAAC → 034) and masked account', () => {
    const result = parseScbSms(OTHER_BANK, { receivedAt: bangkok('2025-02-08T12:24:00') });
    expect(result.ok && result.notification).toMatchObject({
      senderBankCode: '034',
      senderAccountMasked: 'x838467',
      senderName: null,
      occurredAt: bangkok('2025-02-08T12:23:00'),
    });
  });

  it.each([
    ['same day', '2024-09-08T10:47:00', '2024-09-08T10:46:00'],
    ['the text is up to a day ahead of the phone clock: still this year', '2024-09-07T11:00:00', '2024-09-08T10:46:00'],
    ['received in January for an SMS dated 08/09: this year\'s 08/09 is months ahead, so the previous year', '2025-01-01T00:05:00', '2024-09-08T10:46:00'],
    ['received months later in the same year', '2024-12-31T23:59:00', '2024-09-08T10:46:00'],
  ])('takes the year from receivedAt (Bangkok): %s', (_why, received, expected) => {
    const result = parseScbSms(NAMED, { receivedAt: bangkok(received) });
    expect(result.ok && result.notification.occurredAt).toEqual(bangkok(expected));
  });

  it('takes the previous year when this year would put the SMS more than a day in the future', () => {
    const newYearsEve = '31/12@23:50 100.00 โอนจากPHUCHONG SONGเข้าx354011 ใช้ได้2,375.46บ';
    const result = parseScbSms(newYearsEve, { receivedAt: bangkok('2025-01-01T00:02:00') });
    expect(result.ok && result.notification.occurredAt).toEqual(bangkok('2024-12-31T23:50:00'));
  });

  it('refuses 29/02 when the chosen year is not a leap year, instead of moving it to another year', () => {
    const leapDay = '29/02@10:00 100.00 โอนจากPHUCHONG SONGเข้าx354011 ใช้ได้2,375.46บ';
    expect(parseScbSms(leapDay, { receivedAt: bangkok('2025-03-01T09:00:00') })).toEqual({ ok: false, reason: 'INVALID_DATE' });
    const result = parseScbSms(leapDay, { receivedAt: bangkok('2024-03-01T09:00:00') });
    expect(result.ok && result.notification.occurredAt).toEqual(bangkok('2024-02-29T10:00:00'));
  });

  it('accepts a lower-case bank short name through the bank table', () => {
    const result = parseScbSms(OTHER_BANK.replace('BAAC', 'baac'), { receivedAt: bangkok('2025-02-08T12:24:00') });
    expect(result.ok && result.notification.kind === 'credit' && result.notification.senderBankCode).toBe('034');
  });

  it.each([
    ['a bank short name not in the bank table', OTHER_BANK.replace('BAAC', 'ZZZ'), 'UNKNOWN_SENDER_BANK'],
    ['amount missing', '08/09@10:46 โอนจากPHUCHONG SONGเข้าx354011 ใช้ได้2,375.46บ', 'UNRECOGNISED_FORMAT'],
    ['amount with three decimals', '08/09@10:46 100.000 โอนจากPHUCHONG SONGเข้าx354011 ใช้ได้2,375.46บ', 'UNRECOGNISED_FORMAT'],
    ['balance with a broken comma group', '08/09@10:46 100.00 โอนจากPHUCHONG SONGเข้าx354011 ใช้ได้23,75.46บ', 'UNRECOGNISED_FORMAT'],
    ['balance missing', '08/09@10:46 100.00 โอนจากPHUCHONG SONGเข้าx354011', 'UNRECOGNISED_FORMAT'],
    ['a sender name with digits', '08/09@10:46 100.00 โอนจากPHUCHONG 5ONGเข้าx354011 ใช้ได้2,375.46บ', 'UNRECOGNISED_FORMAT'],
    ['an empty sender name', '08/09@10:46 100.00 โอนจากเข้าx354011 ใช้ได้2,375.46บ', 'UNRECOGNISED_FORMAT'],
    ['no sender at all', '08/09@10:46 100.00 เข้าx354011 ใช้ได้2,375.46บ', 'UNRECOGNISED_FORMAT'],
    ['a year in the date', '08/09/67@10:46 100.00 โอนจากPHUCHONG SONGเข้าx354011 ใช้ได้2,375.46บ', 'UNRECOGNISED_FORMAT'],
    ['a zero amount', '08/09@10:46 0.00 โอนจากPHUCHONG SONGเข้าx354011 ใช้ได้2,375.46บ', 'INVALID_AMOUNT'],
    ['day 32', '32/09@10:46 100.00 โอนจากPHUCHONG SONGเข้าx354011 ใช้ได้2,375.46บ', 'INVALID_DATE'],
    ['31 April', '31/04@10:46 100.00 โอนจากPHUCHONG SONGเข้าx354011 ใช้ได้2,375.46บ', 'INVALID_DATE'],
  ])('refuses %s', (_why, text, reason) => {
    expect(parseScbSms(text, { receivedAt: bangkok('2025-09-08T10:47:00') })).toEqual({ ok: false, reason });
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_AMOUNT_SATANG, satangToDecimalString } from '@sabai/money';
import { parseKbankSms } from './kbank-sms.ts';

const receivedAt = new Date('2019-02-09T12:55:00Z'); // 19:55 Bangkok, a minute after the sample
const TRANSFER = '09/02/62 19:54 บชX153594X รับโอนจากX189776X 500.00บ คงเหลือ9350.00บ';

describe('parseKbankSms', () => {
  it('reads a transfer with sender account and balance, converting the BE year and Bangkok time to UTC', () => {
    expect(parseKbankSms(TRANSFER, { receivedAt })).toEqual({
      ok: true,
      notification: {
        kind: 'credit',
        bankCode: '004',
        houseAccountMasked: 'X153594X',
        amountSatang: 50_000n,
        occurredAt: new Date('2019-02-09T12:54:00Z'),
        occurredAtSource: 'text',
        dayMonthTime: { day: 9, month: 2, hour: 19, minute: 54 },
        balanceAfterSatang: 935_000n,
        senderBankCode: null,
        senderAccountMasked: 'X189776X',
        senderName: null,
      },
    });
  });

  it('reads a debit as kind debit with the recipient account, never as a credit', () => {
    const result = parseKbankSms('29/10/61 10:03 หักบชX341626X เข้าX180745X 1000.00 คงเหลือ1285.29บ', {
      receivedAt: new Date('2018-10-29T03:04:00Z'),
    });
    expect(result.ok && result.notification).toMatchObject({
      kind: 'debit',
      amountSatang: 100_000n,
      recipientAccountMasked: 'X180745X',
      balanceAfterSatang: 128_529n,
    });
    expect(result.ok && 'senderAccountMasked' in result.notification).toBe(false);
  });

  it.each([
    ['thousands commas', '09/02/62 19:54 บชX153594X รับโอนจากX189776X 1,500.00บ คงเหลือ12,350.00บ', 150_000n],
    ['a balance of zero', '09/02/62 19:54 บชX153594X เงินเข้า500.00บ คงเหลือ0.00บ', 50_000n],
    ['line breaks and doubled spaces of a forwarded SMS', '09/02/62 19:54\nบชX153594X  เงินเข้า500.00บ\r\n', 50_000n],
    ['a space after เงินเข้า', '09/02/62 19:54 บชX153594X เงินเข้า 0.01บ', 1n],
  ])('accepts %s', (_why, text, amountSatang) => {
    const result = parseKbankSms(text, { receivedAt });
    expect(result.ok && result.notification.amountSatang).toBe(amountSatang);
  });

  it.each([
    ['amount missing', '08/01/62 22:59 บชX153594X เงินเข้าบ', 'UNRECOGNISED_FORMAT'],
    ['amount with three decimals', '08/01/62 22:59 บชX153594X เงินเข้า500.000บ', 'UNRECOGNISED_FORMAT'],
    ['amount with one decimal', '08/01/62 22:59 บชX153594X เงินเข้า500.0บ', 'UNRECOGNISED_FORMAT'],
    ['amount without decimals', '08/01/62 22:59 บชX153594X เงินเข้า500บ', 'UNRECOGNISED_FORMAT'],
    ['commas not grouping by three', '08/01/62 22:59 บชX153594X เงินเข้า50,00.00บ', 'UNRECOGNISED_FORMAT'],
    ['Thai digits', '08/01/62 22:59 บชX153594X เงินเข้า๕๐๐.๐๐บ', 'UNRECOGNISED_FORMAT'],
    ['a zero amount', '08/01/62 22:59 บชX153594X เงินเข้า0.00บ', 'INVALID_AMOUNT'],
    ['an amount over the money limit', '08/01/62 22:59 บชX153594X เงินเข้า9999999999999.00บ', 'INVALID_AMOUNT'],
    ['a negative amount', '08/01/62 22:59 บชX153594X เงินเข้า-500.00บ', 'UNRECOGNISED_FORMAT'],
    ['money going out (เงินออก)', '08/01/62 22:59 บชX153594X เงินออก500.00บ', 'UNRECOGNISED_FORMAT'],
    ['a prefix before the text', 'FW: 08/01/62 22:59 บชX153594X เงินเข้า500.00บ', 'UNRECOGNISED_FORMAT'],
    ['junk after the text', '08/01/62 22:59 บชX153594X เงินเข้า500.00บ ขอบคุณ', 'UNRECOGNISED_FORMAT'],
    ['a four-digit year', '08/01/2562 22:59 บชX153594X เงินเข้า500.00บ', 'UNRECOGNISED_FORMAT'],
    ['a zero-width space inside', '08/01/62 22:59 บชX153594X เงิน\u200Bเข้า500.00บ', 'UNRECOGNISED_FORMAT'],
    ['31 February', '31/02/62 22:59 บชX153594X เงินเข้า500.00บ', 'INVALID_DATE'],
    ['month 13', '08/13/62 22:59 บชX153594X เงินเข้า500.00บ', 'INVALID_DATE'],
    ['hour 24', '08/01/62 24:00 บชX153594X เงินเข้า500.00บ', 'INVALID_DATE'],
    ['minute 60', '08/01/62 22:60 บชX153594X เงินเข้า500.00บ', 'INVALID_DATE'],
    ['day 00', '00/01/62 22:59 บชX153594X เงินเข้า500.00บ', 'INVALID_DATE'],
  ])('refuses %s', (_why, text, reason) => {
    expect(parseKbankSms(text, { receivedAt })).toEqual({ ok: false, reason });
  });

  it('refuses a text dated more than a day after it was received (a text cannot report the future)', () => {
    const early = new Date('2019-02-08T12:53:00Z'); // one day and one minute before the text's time
    expect(parseKbankSms(TRANSFER, { receivedAt: early })).toEqual({ ok: false, reason: 'OCCURRED_AFTER_RECEIVED' });
    const withinADay = new Date('2019-02-08T12:55:00Z');
    expect(parseKbankSms(TRANSFER, { receivedAt: withinADay }).ok).toBe(true);
  });

  it('refuses an invalid receivedAt as a value instead of throwing', () => {
    expect(parseKbankSms(TRANSFER, { receivedAt: new Date('nonsense') })).toEqual({ ok: false, reason: 'INVALID_RECEIVED_AT' });
  });

  it('reads back any well-formed credit it could be sent (generated texts round-trip)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2050-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.bigInt({ min: 1n, max: MAX_AMOUNT_SATANG }),
        fc.stringMatching(/^\d{6}$/),
        fc.boolean(),
        (instant, amountSatang, senderDigits, withSender) => {
          const minuteInstant = new Date(Math.floor(instant.getTime() / 60_000) * 60_000);
          const bangkok = new Date(minuteInstant.getTime() + 7 * 3_600_000);
          const pad = (value: number) => String(value).padStart(2, '0');
          const yearBe = (bangkok.getUTCFullYear() + 543) % 100;
          const stamp = `${pad(bangkok.getUTCDate())}/${pad(bangkok.getUTCMonth() + 1)}/${pad(yearBe)} ${pad(bangkok.getUTCHours())}:${pad(bangkok.getUTCMinutes())}`;
          const amount = satangToDecimalString(amountSatang);
          const text = withSender
            ? `${stamp} บชX153594X รับโอนจากX${senderDigits}X ${amount}บ`
            : `${stamp} บชX153594X เงินเข้า${amount}บ`;
          const result = parseKbankSms(text, { receivedAt: minuteInstant });
          expect(result.ok && result.notification.kind).toBe('credit');
          expect(result.ok && result.notification.amountSatang).toBe(amountSatang);
          expect(result.ok && result.notification.occurredAt.getTime()).toBe(minuteInstant.getTime());
          expect(result.ok && result.notification.kind === 'credit' && result.notification.senderAccountMasked).toBe(
            withSender ? `X${senderDigits}X` : null,
          );
        },
      ),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { formatKbankCreditSms, formatKbankDebitSms, formatScbCreditSms, maskAccountKbank, maskAccountScb, toBangkokWallClock } from './bank-sms-texts.ts';

/** The fixture formats (bank-sms-samples.json), read back field by field. */
const KBANK_CREDIT =
  /^(?<day>\d{2})\/(?<month>\d{2})\/(?<year>\d{2}) (?<hour>\d{2}):(?<minute>\d{2}) บช(?<house>X\d{6}X) รับโอนจาก(?<sender>X\d{6}X) (?<amount>\d+\.\d{2})บ คงเหลือ(?<balance>\d+\.\d{2})บ$/;
const SCB_CREDIT =
  /^(?<day>\d{2})\/(?<month>\d{2})@(?<hour>\d{2}):(?<minute>\d{2}) (?<amount>\d+\.\d{2}) (?:โอนจาก(?<name>[^\d]+?)|จาก(?<bank>[A-Z]+)\/(?<sender>x\d{6}))เข้า(?<house>x\d{6}) ใช้ได้(?<balance>\d{1,3}(?:,\d{3})*\.\d{2})บ$/u;

const at = (iso: string): Date => new Date(iso);

describe('bank SMS texts', () => {
  it('reproduces the KBank fixture text exactly', () => {
    const text = formatKbankCreditSms({
      occurredAt: at('2019-02-09T19:54:00+07:00'),
      houseAccountNumber: '0011535946',
      amountSatang: 50_000n,
      balanceAfterSatang: 935_000n,
      senderBankCode: '014',
      senderAccountNumber: '0001897760',
      senderName: null,
    });
    expect(text).toBe('09/02/62 19:54 บชX153594X รับโอนจากX189776X 500.00บ คงเหลือ9350.00บ');
  });

  it('writes a KBank credit that parses back to its fields: Bangkok time, Buddhist year, masks, plain amounts', () => {
    const text = formatKbankCreditSms({
      occurredAt: at('2026-03-05T17:04:30Z'), // 00:04 on 6 March 2026 in Bangkok = 2569 BE
      houseAccountNumber: '0011535946',
      amountSatang: 123_456_78n,
      balanceAfterSatang: 1_000_123_456_78n,
      senderBankCode: '004',
      senderAccountNumber: '0401234567',
      senderName: 'สมชาย ใจดี',
    });
    expect(KBANK_CREDIT.exec(text)?.groups).toEqual({
      day: '06', month: '03', year: '69', hour: '00', minute: '04',
      house: 'X153594X', sender: 'X123456X', amount: '123456.78', balance: '1000123456.78',
    });
  });

  it('reproduces the KBank debit fixture text exactly (money out of the house account)', () => {
    const text = formatKbankDebitSms({
      occurredAt: at('2018-10-29T10:03:00+07:00'),
      houseAccountNumber: '0003416261',
      recipientAccountNumber: '0001807451',
      amountSatang: 100_000n,
      balanceAfterSatang: 128_529n,
    });
    expect(text).toBe('29/10/61 10:03 หักบชX341626X เข้าX180745X 1000.00 คงเหลือ1285.29บ');
  });

  it('reproduces both SCB fixture texts exactly', () => {
    const fromOtherBank = formatScbCreditSms({
      occurredAt: at('2019-02-08T12:23:00+07:00'),
      houseAccountNumber: '1230475366',
      amountSatang: 10_000n,
      balanceAfterSatang: 345_235n,
      senderBankCode: '034',
      senderAccountNumber: '1110838467',
      senderName: 'ignored for another bank',
    });
    expect(fromOtherBank).toBe('08/02@12:23 100.00 จากBAAC/x838467เข้าx475366 ใช้ได้3,452.35บ');
    const fromScb = formatScbCreditSms({
      occurredAt: at('2019-09-08T10:46:00+07:00'),
      houseAccountNumber: '4021354011',
      amountSatang: 10_000n,
      balanceAfterSatang: 237_546n,
      senderBankCode: '014',
      senderAccountNumber: '1234567890',
      senderName: 'PHUCHONG SONG',
    });
    expect(fromScb).toBe('08/09@10:46 100.00 โอนจากPHUCHONG SONGเข้าx354011 ใช้ได้2,375.46บ');
  });

  it('writes SCB balances with thousands separators and amounts without', () => {
    const text = formatScbCreditSms({
      occurredAt: at('2025-12-31T17:30:00Z'),
      houseAccountNumber: '4021354011',
      amountSatang: 250_000n,
      balanceAfterSatang: 100_250_000n,
      senderBankCode: '004',
      senderAccountNumber: '0401234567',
      senderName: null,
    });
    expect(SCB_CREDIT.exec(text)?.groups).toMatchObject({
      day: '01', month: '01', hour: '00', minute: '30', amount: '2500.00', bank: 'KBANK', sender: 'x234567', house: 'x354011', balance: '1,002,500.00',
    });
  });

  it('names the sender of an SCB-to-SCB transfer and refuses to write one without a name', () => {
    const input = {
      occurredAt: at('2026-01-10T03:00:00Z'),
      houseAccountNumber: '4021354011',
      amountSatang: 100n,
      balanceAfterSatang: 100n,
      senderBankCode: '014',
      senderAccountNumber: '1234567890',
    };
    expect(SCB_CREDIT.exec(formatScbCreditSms({ ...input, senderName: 'สมชาย ใจดี' }))?.groups?.name).toBe('สมชาย ใจดี');
    expect(() => formatScbCreditSms({ ...input, senderName: null })).toThrow(/senderName/);
  });

  it('masks accounts the way each bank does', () => {
    expect(maskAccountKbank('0011535946')).toBe('X153594X');
    expect(maskAccountKbank('123456789012')).toBe('X456789X');
    expect(maskAccountScb('4021354011')).toBe('x354011');
  });

  it('turns the Buddhist-era year over at Bangkok midnight, not UTC midnight', () => {
    expect(toBangkokWallClock(at('2026-12-31T16:59:00Z'))).toMatchObject({ day: '31', month: '12', yearBuddhistEra2: '69', hour: '23' });
    expect(toBangkokWallClock(at('2026-12-31T17:00:00Z'))).toMatchObject({ day: '01', month: '01', yearBuddhistEra2: '70', hour: '00' });
  });
});

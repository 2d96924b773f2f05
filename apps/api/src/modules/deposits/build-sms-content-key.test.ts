import { describe, expect, it } from 'vitest';
import { buildSmsContentKey } from './build-sms-content-key.ts';

const KBANK = '004';
const BUALUANG = '002';
const receivedAt = new Date('2019-02-09T12:54:07.000Z');
const later = (ms: number) => new Date(receivedAt.getTime() + ms);
const transfer = (amount: string, balance: string, sender = 'X189776X') => `09/02/62 19:54 บชX153594X รับโอนจาก${sender} ${amount}บ คงเหลือ${balance}บ`;

describe('buildSmsContentKey', () => {
  it('gives the same SMS the same key however it is delivered, even when the phone saw it again later', () => {
    const text = transfer('500.00', '9350.00');
    const key = buildSmsContentKey({ bankCode: KBANK, text, receivedAt });
    expect(key).toMatch(/^sms:v1:[0-9a-f]{64}$/); // read by the parser
    expect(buildSmsContentKey({ bankCode: KBANK, text, receivedAt: later(999) })).toBe(key);
    // The bank sent it twice / a second phone: a later SMS-centre time, the same text.
    expect(buildSmsContentKey({ bankCode: KBANK, text, receivedAt: later(30_000) })).toBe(key);
  });

  it('tells apart transfers of the same amount in the same minute by the running balance and the sender', () => {
    const keys = new Set([
      buildSmsContentKey({ bankCode: KBANK, text: transfer('500.00', '9350.00'), receivedAt }),
      buildSmsContentKey({ bankCode: KBANK, text: transfer('500.00', '9850.00'), receivedAt }),
      buildSmsContentKey({ bankCode: KBANK, text: transfer('500.00', '9350.00', 'X111111X'), receivedAt }),
    ]);
    expect(keys.size).toBe(3);
  });

  it('adds the SMS-centre second when the text has no running balance of its own', () => {
    const text = '09/02/62 19:54 บชX153594X เงินเข้า500.00บ';
    const first = buildSmsContentKey({ bankCode: KBANK, text, receivedAt });
    expect(first).toMatch(/^sms:v1:[0-9a-f]{64}$/);
    expect(buildSmsContentKey({ bankCode: KBANK, text, receivedAt: later(400) })).toBe(first);
    expect(buildSmsContentKey({ bankCode: KBANK, text, receivedAt: later(5_000) })).not.toBe(first);
  });

  it('adds the SMS-centre second when the text has no time of its own (Bualuang)', () => {
    const text = 'ฝาก/โอนเงินเข้าบ/ชX1234 ผ่านMB 5,000.00บ ใช้ได้15,000.00บ';
    const key = buildSmsContentKey({ bankCode: BUALUANG, text, receivedAt });
    expect(key).toMatch(/^sms:v1:[0-9a-f]{64}$/); // read by the parser, not the unreadable-text fallback
    expect(buildSmsContentKey({ bankCode: BUALUANG, text, receivedAt: later(86_400_000) })).not.toBe(key);
  });

  it('keys an unreadable text by its normalized words and second', () => {
    const key = buildSmsContentKey({ bankCode: KBANK, text: 'รหัส OTP ของคุณคือ 123456', receivedAt });
    expect(key).toMatch(/^sms:v1:text:[0-9a-f]{64}$/);
    expect(buildSmsContentKey({ bankCode: KBANK, text: '  รหัส OTP   ของคุณคือ 123456 ', receivedAt })).toBe(key);
    expect(buildSmsContentKey({ bankCode: KBANK, text: 'รหัส OTP ของคุณคือ 654321', receivedAt })).not.toBe(key);
  });
});

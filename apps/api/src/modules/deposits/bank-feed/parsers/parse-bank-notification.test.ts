import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_AMOUNT_SATANG } from '@sabai/money';
import {
  MAX_NOTIFICATION_TEXT_LENGTH,
  SUPPORTED_HOUSE_BANK_CODES,
  parseBankNotification,
  type ParseResult,
} from './index.ts';

const samples = (
  JSON.parse(readFileSync(new URL('./fixtures/bank-sms-samples.json', import.meta.url), 'utf8')) as {
    samples: Array<{ bank: string; text: string }>;
  }
).samples;

/** A receive time late enough that no fixture text is "in the future" (KBank samples are 2018–2020). */
const receivedAt = new Date('2025-09-08T04:00:00Z');

/** The safety property every result must have: refused, a debit, or a credit with a sane amount. */
function expectSafe(result: ParseResult): void {
  if (!result.ok) {
    expect(typeof result.reason).toBe('string');
    return;
  }
  expect(result.notification.amountSatang > 0n).toBe(true);
  expect(result.notification.amountSatang <= MAX_AMOUNT_SATANG).toBe(true);
  expect(Number.isNaN(result.notification.occurredAt.getTime())).toBe(false);
}

const bankCodeArbitrary = fc.oneof(fc.constantFrom(...SUPPORTED_HOUSE_BANK_CODES, '006', '', '__proto__'), fc.string());

describe('parseBankNotification', () => {
  it('dispatches by house bank code: 004 KBank, 014 SCB, 002 Bangkok Bank', () => {
    expect(SUPPORTED_HOUSE_BANK_CODES).toEqual(['004', '014', '002']);
  });

  it.each([['006'], [''], ['__proto__'], ['constructor'], ['4']])('refuses house bank code %j: no parser', (bankCode) => {
    expect(parseBankNotification({ bankCode, text: samples[0]?.text ?? '', receivedAt })).toEqual({
      ok: false,
      reason: 'UNSUPPORTED_BANK',
    });
  });

  describe.each(SUPPORTED_HOUSE_BANK_CODES.map((code) => [code]))('for house bank %s', (bankCode) => {
    it.each([
      ['an empty text', '', 'EMPTY'],
      ['whitespace only', ' \n\t ', 'EMPTY'],
      ['garbage', 'hello world 123', 'UNRECOGNISED_FORMAT'],
      ['unicode junk', '🙂\u202E\u0000ฝากเงิน\uFFFD\u200B₿ 500.00บ', 'UNRECOGNISED_FORMAT'],
      ['a 10 KB string', 'ก'.repeat(10_240), 'TOO_LONG'],
      ['a lone surrogate', '\uD800 500.00บ', 'UNRECOGNISED_FORMAT'],
    ])('refuses %s', (_why, text, reason) => {
      expect(parseBankNotification({ bankCode, text, receivedAt })).toEqual({ ok: false, reason });
    });

    it(`refuses any text longer than ${MAX_NOTIFICATION_TEXT_LENGTH} characters, even a valid one padded with spaces`, () => {
      const valid = samples.find((sample) => sample.bank === bankCode)?.text ?? '';
      expect(parseBankNotification({ bankCode, text: valid, receivedAt }).ok).toBe(true);
      const padded = valid + ' '.repeat(MAX_NOTIFICATION_TEXT_LENGTH + 1 - valid.length);
      expect(parseBankNotification({ bankCode, text: padded, receivedAt })).toEqual({ ok: false, reason: 'TOO_LONG' });
      const atTheLimit = valid + ' '.repeat(MAX_NOTIFICATION_TEXT_LENGTH - valid.length);
      expect(parseBankNotification({ bankCode, text: atTheLimit, receivedAt }).ok).toBe(true);
    });
  });

  it('never throws on arbitrary strings and never yields a credit with a non-positive amount', () => {
    fc.assert(
      fc.property(
        bankCodeArbitrary,
        fc.oneof(fc.string({ unit: 'binary', maxLength: 300 }), fc.string({ unit: 'grapheme', maxLength: 300 })),
        fc.date(),
        (bankCode, text, receivedAtArbitrary) => {
          expectSafe(parseBankNotification({ bankCode, text, receivedAt: receivedAtArbitrary }));
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('never throws on texts built from pieces of real notifications (closer to the grammar than random strings)', () => {
    const pieces = [
      ...samples.flatMap((sample) => sample.text.split(/(?<=[ บ@/])/)),
      '0.00', '-1.00', '1,000,000,000.01', '99999999999999.99', 'X', 'x', '@', ' ', 'บ', 'คงเหลือ', 'ใช้ได้', 'จาก', 'เข้า',
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...SUPPORTED_HOUSE_BANK_CODES),
        fc.array(fc.constantFrom(...pieces), { maxLength: 14 }),
        (bankCode, chosen) => {
          expectSafe(parseBankNotification({ bankCode, text: chosen.join(''), receivedAt }));
        },
      ),
      { numRuns: 3_000 },
    );
  });

  it('a one-character edit of a real text is refused or keeps a positive amount (never throws)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...samples),
        fc.nat(),
        fc.string({ unit: 'grapheme', minLength: 0, maxLength: 1 }),
        (sample, position, replacement) => {
          const at = position % sample.text.length;
          const edited = sample.text.slice(0, at) + replacement + sample.text.slice(at + 1);
          expectSafe(parseBankNotification({ bankCode: sample.bank, text: edited, receivedAt }));
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('a truncated real text is refused, or keeps kind, amount, accounts and sender (only an optional tail may go)', () => {
    for (const sample of samples) {
      const full = parseBankNotification({ bankCode: sample.bank, text: sample.text, receivedAt });
      if (!full.ok) throw new Error(`fixture refused: ${full.reason}`);
      for (let length = 0; length < sample.text.length; length += 1) {
        const result = parseBankNotification({ bankCode: sample.bank, text: sample.text.slice(0, length), receivedAt });
        if (!result.ok) continue;
        const { balanceAfterSatang: _fullBalance, ...fullCore } = full.notification;
        const { balanceAfterSatang, ...core } = result.notification;
        expect(core).toEqual(fullCore);
        expect([null, full.notification.balanceAfterSatang]).toContainEqual(balanceAfterSatang);
      }
    }
  });
});

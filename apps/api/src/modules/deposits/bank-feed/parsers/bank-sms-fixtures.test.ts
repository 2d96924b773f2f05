import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { satangToDecimalString } from '@sabai/money';
import { parseBankNotification, type ParsedBankNotification } from './index.ts';

/** The fixture as stored in fixtures/bank-sms-samples.json (a copy of /work/shared/fixtures). */
interface BankSmsSample {
  bank: string;
  sender: string;
  note?: string;
  text: string;
  expected: Record<string, string | null>;
}
const samples = (
  JSON.parse(readFileSync(new URL('./fixtures/bank-sms-samples.json', import.meta.url), 'utf8')) as {
    samples: BankSmsSample[];
  }
).samples;

const pad = (value: number) => String(value).padStart(2, '0');

/** How each `expected` key reads from a parsed notification; an unknown key fails the test. */
const READ_EXPECTED_FIELD: Record<string, (notification: ParsedBankNotification) => unknown> = {
  kind: (notification) => notification.kind,
  houseAccountMasked: (notification) => notification.houseAccountMasked,
  amount: (notification) => satangToDecimalString(notification.amountSatang),
  balanceAfter: (notification) =>
    notification.balanceAfterSatang === null ? null : satangToDecimalString(notification.balanceAfterSatang),
  occurredAt: (notification) => notification.occurredAt.toISOString(),
  dayMonthTime: (notification) => {
    const fields = notification.dayMonthTime;
    return fields && `${pad(fields.day)}/${pad(fields.month)} ${pad(fields.hour)}:${pad(fields.minute)}`;
  },
  senderAccountMasked: (notification) => (notification.kind === 'credit' ? notification.senderAccountMasked : undefined),
  senderName: (notification) => (notification.kind === 'credit' ? notification.senderName : undefined),
  senderBankCode: (notification) => (notification.kind === 'credit' ? notification.senderBankCode : undefined),
};

const normalizeExpected = (key: string, value: string | null) =>
  key === 'occurredAt' && value !== null ? new Date(value).toISOString() : value;

/**
 * A plausible receive time for each sample: 30 s after the text's own time; for SCB (no year)
 * in 2025; for Bualuang (no time) any instant.
 */
function receivedAtFor(sample: BankSmsSample): Date {
  const { occurredAt, dayMonthTime } = sample.expected;
  if (occurredAt) return new Date(new Date(occurredAt).getTime() + 30_000);
  if (dayMonthTime) {
    const [, day, month, hour, minute] = /^(\d{2})\/(\d{2}) (\d{2}):(\d{2})$/.exec(dayMonthTime) ?? [];
    return new Date(`2025-${month}-${day}T${hour}:${minute}:30+07:00`);
  }
  return new Date('2025-03-01T02:00:00Z');
}

describe('bank SMS fixtures (fixtures/bank-sms-samples.json)', () => {
  it('has samples for every bank this folder parses', () => {
    expect(new Set(samples.map((sample) => sample.bank))).toEqual(new Set(['004', '014', '002']));
  });

  it.each(samples.map((sample) => [`${sample.sender}: ${sample.text}`, sample] as const))(
    'extracts exactly the expected fields from %s',
    (_name, sample) => {
      const result = parseBankNotification({ bankCode: sample.bank, text: sample.text, receivedAt: receivedAtFor(sample) });
      if (!result.ok) throw new Error(`refused: ${result.reason}`);
      expect(result.notification.bankCode).toBe(sample.bank);
      for (const [key, expectedValue] of Object.entries(sample.expected)) {
        const read = READ_EXPECTED_FIELD[key];
        if (!read) throw new Error(`fixture key ${key} has no reader in this test`);
        expect({ [key]: read(result.notification) }).toEqual({ [key]: normalizeExpected(key, expectedValue) });
      }
    },
  );

  it('gives every credit sample a positive amount and every debit sample kind debit', () => {
    for (const sample of samples) {
      const result = parseBankNotification({ bankCode: sample.bank, text: sample.text, receivedAt: receivedAtFor(sample) });
      expect(result.ok && result.notification.amountSatang > 0n).toBe(true);
      expect(result.ok && result.notification.kind).toBe(sample.expected.kind);
    }
  });

  it('refuses every sample under a house bank it does not belong to (formats are per bank)', () => {
    for (const sample of samples) {
      for (const otherBank of ['004', '014', '002'].filter((code) => code !== sample.bank)) {
        const result = parseBankNotification({ bankCode: otherBank, text: sample.text, receivedAt: receivedAtFor(sample) });
        expect(result).toEqual({ ok: false, reason: 'UNRECOGNISED_FORMAT' });
      }
    }
  });
});

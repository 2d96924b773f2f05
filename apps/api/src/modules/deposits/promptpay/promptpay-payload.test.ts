import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_AMOUNT_SATANG, parseBahtToSatang } from '@sabai/money';
import { buildPromptPayPayload } from './promptpay-payload.ts';
import { verifyPromptPayPayload } from './verify-promptpay-payload.ts';

interface PromptPayVector {
  target: string;
  amount: string | null;
  payload: string;
}
const vectors = (
  JSON.parse(readFileSync(new URL('./fixtures/promptpay-vectors.json', import.meta.url), 'utf8')) as { vectors: PromptPayVector[] }
).vectors;

function satangOf(amount: string | null): bigint | undefined {
  if (amount === null) return undefined;
  const parsed = parseBahtToSatang(amount);
  if (!parsed.ok) throw new Error(`fixture amount ${amount} unreadable`);
  return parsed.amountSatang;
}

describe('buildPromptPayPayload', () => {
  it('has the vector with an amount (4.22 baht) among the fixtures', () => {
    expect(vectors.some((vector) => vector.amount === '4.22')).toBe(true);
  });

  it.each(vectors.map((vector) => [vector.target, vector.amount ?? 'no amount', vector] as const))(
    'builds exactly the fixture payload for %s (%s)',
    (_target, _amount, vector) => {
      const result = buildPromptPayPayload({ target: vector.target, amountSatang: satangOf(vector.amount) });
      expect(result.ok && result.payload).toBe(vector.payload);
    },
  );

  it.each([
    ['0801234567', 'phone', '0801234567'],
    ['+66-89-123-4567', 'phone', '0891234567'],
    ['66891234567', 'phone', '0891234567'],
    [' 080 123 4567 ', 'phone', '0801234567'],
    ['1111111111111', 'national-id', '1111111111111'],
    ['123456789012345', 'e-wallet', '123456789012345'],
  ])('reads target %j as %s %s', (target, targetKind, digits) => {
    expect(buildPromptPayPayload({ target })).toMatchObject({ ok: true, targetKind, target: digits });
  });

  it('builds a 15-digit e-wallet payload with sub-tag 03', () => {
    const result = buildPromptPayPayload({ target: '123456789012345' });
    expect(result.ok && result.payload).toContain('0315123456789012345');
  });

  it.each([
    ['', 'empty'],
    ['12345', 'too short'],
    ['080123456', 'nine digits'],
    ['8012345678', 'ten digits not starting with 0'],
    ['080123456789', 'twelve digits'],
    ['12345678901234', 'fourteen digits'],
    ['1234567890123456', 'sixteen digits'],
    ['08O1234567', 'a letter O the library would silently drop'],
    ['abc0812345678', 'letters around digits'],
    ['+1-202-555-0100', 'a non-Thai international number'],
    ['+1111111111111', 'a plus before a national id'],
    ['0801234567\u0000', 'a control character'],
    ['0'.repeat(40), 'longer than the limit'],
  ])('refuses target %j (%s) with a value, not a throw', (target) => {
    expect(buildPromptPayPayload({ target })).toEqual({ ok: false, error: 'INVALID_TARGET' });
  });

  it.each([
    [0n, 'zero (the library would silently make a static QR)'],
    [-100n, 'negative'],
    [MAX_AMOUNT_SATANG + 1n, 'over the money limit'],
  ])('refuses amount %s satang (%s)', (amountSatang) => {
    expect(buildPromptPayPayload({ target: '0801234567', amountSatang })).toEqual({ ok: false, error: 'INVALID_AMOUNT' });
  });

  it('treats a null amount like no amount (static QR)', () => {
    expect(buildPromptPayPayload({ target: '0801234567', amountSatang: null })).toEqual(buildPromptPayPayload({ target: '0801234567' }));
  });

  it('round-trips any amount exactly in satang, from 1 satang to the money limit', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.bigInt({ min: 1n, max: 100_000n }), fc.bigInt({ min: 1n, max: MAX_AMOUNT_SATANG })),
        fc.constantFrom('0801234567', '1111111111111', '123456789012345'),
        (amountSatang, target) => {
          const built = buildPromptPayPayload({ target, amountSatang });
          if (!built.ok) throw new Error(built.error);
          const verified = verifyPromptPayPayload(built.payload);
          expect(verified).toMatchObject({ ok: true, amountSatang, target, isDynamic: true });
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('round-trips the edge amounts 0.01, 0.10, 1.00, 4.22, 999,999,999.99 and the limit', () => {
    for (const amountSatang of [1n, 10n, 100n, 422n, 99_999_999_999n, MAX_AMOUNT_SATANG]) {
      const built = buildPromptPayPayload({ target: '0801234567', amountSatang });
      expect(built.ok && verifyPromptPayPayload(built.payload)).toMatchObject({ ok: true, amountSatang });
    }
  });

  it('never throws on arbitrary target text: a payload or INVALID_TARGET', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 40 }), fc.stringMatching(/^\+?[0-9 -]{0,20}$/)), (target) => {
        const result = buildPromptPayPayload({ target });
        if (result.ok) expect(verifyPromptPayPayload(result.payload).ok).toBe(true);
        else expect(result.error).toBe('INVALID_TARGET');
      }),
      { numRuns: 2_000 },
    );
  });
});

import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crc16CcittFalse, formatCrc16 } from './crc16-ccitt-false.ts';
import { verifyPromptPayPayload } from './verify-promptpay-payload.ts';

const vectors = (
  JSON.parse(readFileSync(new URL('./fixtures/promptpay-vectors.json', import.meta.url), 'utf8')) as {
    vectors: Array<{ target: string; amount: string | null; payload: string }>;
  }
).vectors;

/** Re-signs a hand-made payload body (everything before the CRC value, ending in 6304). */
const sign = (body: string) => body + formatCrc16(crc16CcittFalse(body));
const TAGS_BEFORE_CRC = '5802TH5303764';

describe('crc16CcittFalse', () => {
  it('gives the standard check value 0x29B1 for "123456789"', () => {
    expect(crc16CcittFalse('123456789')).toBe(0x29b1);
  });

  it('gives 0xFFFF (the initial value) for the empty string', () => {
    expect(crc16CcittFalse('')).toBe(0xffff);
  });

  it('gives every fixture payload its own last four characters', () => {
    for (const { payload } of vectors) expect(formatCrc16(crc16CcittFalse(payload.slice(0, -4)))).toBe(payload.slice(-4));
  });

  it('pads to four upper-case hex digits', () => {
    expect(formatCrc16(0x0cbd)).toBe('0CBD');
    expect(formatCrc16(0)).toBe('0000');
  });
});

describe('verifyPromptPayPayload', () => {
  it.each(vectors.map((vector) => [vector.payload, vector] as const))('accepts fixture payload %s', (_payload, vector) => {
    const result = verifyPromptPayPayload(vector.payload);
    expect(result.ok).toBe(true);
    expect(result.ok && result.target).toBe(vector.target.replace(/\D/g, '').replace(/^66/, '0'));
    expect(result.ok && result.amountSatang).toBe(vector.amount === null ? null : 422n);
    expect(result.ok && result.isDynamic).toBe(vector.amount !== null);
  });

  it('refuses any fixture payload with one character changed', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...vectors.map((vector) => vector.payload)),
        fc.nat(),
        fc.oneof(fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 1 }), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 })),
        (payload, position, replacement) => {
          const at = position % payload.length;
          fc.pre(payload[at] !== replacement);
          const altered = payload.slice(0, at) + replacement + payload.slice(at + 1);
          expect(verifyPromptPayPayload(altered).ok).toBe(false);
        },
      ),
      { numRuns: 5_000 },
    );
  });

  it('refuses every single-character substitution exhaustively over printable ASCII', () => {
    const payload = vectors.find((vector) => vector.amount !== null)?.payload ?? '';
    let refused = 0;
    for (let at = 0; at < payload.length; at += 1) {
      for (let code = 0x20; code <= 0x7e; code += 1) {
        const replacement = String.fromCharCode(code);
        if (replacement === payload[at]) continue;
        const altered = payload.slice(0, at) + replacement + payload.slice(at + 1);
        expect(verifyPromptPayPayload(altered).ok).toBe(false);
        refused += 1;
      }
    }
    expect(refused).toBe(payload.length * 94);
  });

  it.each([
    ['', 'NOT_A_PAYLOAD', 'empty'],
    ['x'.repeat(600), 'NOT_A_PAYLOAD', 'longer than 512'],
    ['00020101021129370016A000000677010111011300668012345675802TH5303764630461977', 'MISSING_CRC', 'a character appended'],
    ['00020101021129370016A000000677010111011300668012345675802TH53037646304619', 'MISSING_CRC', 'CRC truncated'],
    ['00020101021129370016A000000677010111021311111111111115802TH530376463047b5a', 'MISSING_CRC', 'a lower-case CRC'],
    ['00020101021129370016A000000677010111011300668012345675802TH530376463046197'.toLowerCase(), 'CRC_MISMATCH', 'lower-case content'],
    ['00020101021129370016A000000677010111011300668012345675802TH5303764', 'MISSING_CRC', 'no tag 63'],
    ['แปดศูนย์', 'NOT_A_PAYLOAD', 'Thai text'],
  ])('refuses %j as %s (%s)', (payload, reason) => {
    expect(verifyPromptPayPayload(payload)).toEqual({ ok: false, reason });
  });

  it.each([
    ['a length that overruns', sign(`000201010211299900${TAGS_BEFORE_CRC}6304`), 'MALFORMED_TLV'],
    ['a repeated tag', sign(`0002010002010102112937${'0016A000000677010111'}01130066801234567${TAGS_BEFORE_CRC}6304`), 'MALFORMED_TLV'],
    ['a non-digit tag id', sign(`0002010102112937${'0016A000000677010111'}01130066801234567AB00${TAGS_BEFORE_CRC}6304`), 'MALFORMED_TLV'],
    ['another currency (840 USD)', sign('00020101021129370016A000000677010111011300668012345675802TH53038406304'), 'NOT_PROMPTPAY'],
    ['another country', sign('00020101021129370016A000000677010111011300668012345675802US53037646304'), 'NOT_PROMPTPAY'],
    ['point of initiation 13', sign(`000201010213293700${'16A000000677010111'}011300668012345675802TH53037646304`), 'NOT_PROMPTPAY'],
    ['the bill-payment AID in tag 29', sign(`00020101021129370016A000000677010112011300668012345675802TH53037646304`), 'INVALID_TARGET'],
    ['no tag 29', sign(`000201010211${TAGS_BEFORE_CRC}6304`), 'INVALID_TARGET'],
    ['two proxy ids', sign(`00020101021129540016A0000006770101110113006680123456702130123456789012${TAGS_BEFORE_CRC}6304`), 'INVALID_TARGET'],
    ['a non-Thai phone', sign(`00020101021129370016A000000677010111011300018012345675802TH53037646304`), 'INVALID_TARGET'],
    ['a 12-digit national id', sign(`00020101021129360016A00000067701011102120123456789015802TH53037646304`), 'INVALID_TARGET'],
    ['amount with three decimals', sign(`00020101021229370016A000000677010111011300668012345675802TH530376454054.2226304`), 'INVALID_AMOUNT'],
    ['amount zero', sign(`00020101021229370016A000000677010111011300668012345675802TH530376454040.006304`), 'INVALID_AMOUNT'],
    ['amount negative', sign(`00020101021229370016A000000677010111011300668012345675802TH53037645405-4.226304`), 'INVALID_AMOUNT'],
  ])('refuses a correctly signed payload with %s', (_why, payload, reason) => {
    expect(verifyPromptPayPayload(payload)).toEqual({ ok: false, reason });
  });

  it('accepts extra tags such as 62 (additional data) that banks add', () => {
    const payload = sign('00020101021229370016A000000677010111011300668012345675802TH5303764540510.5062070703ABC6304');
    expect(verifyPromptPayPayload(payload)).toEqual({ ok: true, targetKind: 'phone', target: '0801234567', amountSatang: 1_050n, isDynamic: true });
  });

  it('never throws on arbitrary strings, including ones that end in a valid-looking CRC', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 200 }), fc.string({ maxLength: 100 }).map((body) => sign(`${body}6304`))), (payload) => {
        const result = verifyPromptPayPayload(payload);
        expect(typeof result.ok).toBe('boolean');
      }),
      { numRuns: 2_000 },
    );
  });
});

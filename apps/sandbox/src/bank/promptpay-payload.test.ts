import { describe, expect, it } from 'vitest';
import { crc16CcittFalse, readPromptPayPayload } from './promptpay-payload.ts';
import { buildTaxIdPayload } from './test/promptpay-test-payload.ts';

describe('PromptPay QR payload reader', () => {
  it('computes CRC-16/CCITT-FALSE (check value of 123456789 is 0x29B1)', () => {
    expect(crc16CcittFalse('123456789')).toBe(0x29b1);
  });

  it('reads the public promptpay-qr test vectors', () => {
    expect(readPromptPayPayload('00020101021129370016A000000677010111011300668012345675802TH530376463046197')).toEqual({
      ok: true, targetKind: 'phone', target: '0801234567', amountSatang: null,
    });
    expect(readPromptPayPayload('00020101021129370016A000000677010111021311111111111115802TH530376463047B5A')).toEqual({
      ok: true, targetKind: 'national-id', target: '1111111111111', amountSatang: null,
    });
    expect(readPromptPayPayload('00020101021229370016A000000677010111011300660000000005802TH530376454044.226304E469')).toEqual({
      ok: true, targetKind: 'phone', target: '0000000000', amountSatang: 422n,
    });
  });

  it('reads the house tax id and the exact amount of a member-site QR', () => {
    expect(readPromptPayPayload(buildTaxIdPayload('0105566012345', '500.37'))).toEqual({
      ok: true, targetKind: 'national-id', target: '0105566012345', amountSatang: 50_037n,
    });
  });

  it('refuses a payload whose CRC does not match, e.g. an amount changed by hand', () => {
    const payload = buildTaxIdPayload('0105566012345', '500.37');
    expect(readPromptPayPayload(payload.replace('500.37', '900.37'))).toEqual({ ok: false, error: 'BAD_CRC' });
    expect(readPromptPayPayload(payload.slice(0, -1) + (payload.endsWith('0') ? '1' : '0'))).toEqual({ ok: false, error: 'BAD_CRC' });
    expect(readPromptPayPayload(payload.slice(0, -8))).toEqual({ ok: false, error: 'BAD_CRC' });
  });

  it('refuses what is not a PromptPay payload', () => {
    expect(readPromptPayPayload('')).toEqual({ ok: false, error: 'NOT_A_PAYLOAD' });
    expect(readPromptPayPayload('สวัสดี')).toEqual({ ok: false, error: 'NOT_A_PAYLOAD' });
    expect(readPromptPayPayload('x'.repeat(600))).toEqual({ ok: false, error: 'NOT_A_PAYLOAD' });
  });
});

import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crc16CcittFalse, formatCrc16 } from '../../promptpay/index.ts';
import { buildSlipQr, parseSlipQr } from './parse-slip-qr.ts';

const fixture = JSON.parse(readFileSync(new URL('./fixtures/slip-qr-vectors.json', import.meta.url), 'utf8')) as {
  vectors: Array<{ name: string; sendingBank: string; transRef: string; qrPayload: string }>;
  invalid: Array<{ why: string; qrPayload: string }>;
};

describe('parseSlipQr', () => {
  it.each(fixture.vectors)('reads the $name vector: its sending bank and reference', (vector) => {
    expect(parseSlipQr(vector.qrPayload)).toEqual({ ok: true, slip: { apiId: '000001', sendingBankCode: vector.sendingBank, transRef: vector.transRef } });
  });

  it('refuses each invalid fixture, with the reason the fixture gives', () => {
    const reasons = fixture.invalid.map((invalid) => parseSlipQr(invalid.qrPayload));
    expect(reasons).toEqual([
      { ok: false, reason: 'CRC_MISMATCH' },
      { ok: false, reason: 'MALFORMED_TLV' },
      { ok: false, reason: 'NOT_A_SLIP' },
    ]);
  });

  it('refuses an edited reference (the CRC no longer matches)', () => {
    const edited = fixture.vectors[1]!.qrPayload.replace('BPM04988', 'BPM04989');
    expect(parseSlipQr(edited)).toEqual({ ok: false, reason: 'CRC_MISMATCH' });
  });

  it('refuses a payload longer than a slip can be, and the empty string', () => {
    expect(parseSlipQr('0'.repeat(201))).toEqual({ ok: false, reason: 'TOO_LONG' });
    expect(parseSlipQr('')).toEqual({ ok: false, reason: 'MALFORMED_TLV' });
  });

  it('refuses a well-signed payload whose template lacks the reference', () => {
    const body = '0017' + '0006000001' + '0103004' + '5102TH9104';
    expect(parseSlipQr(body + formatCrc16(crc16CcittFalse(body)))).toEqual({ ok: false, reason: 'NOT_A_SLIP' });
  });

  it('builds the fixture vectors exactly (build is the inverse of parse)', () => {
    for (const vector of fixture.vectors) expect(buildSlipQr({ sendingBankCode: vector.sendingBank, transRef: vector.transRef })).toBe(vector.qrPayload);
  });

  it('round-trips any bank and reference (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{3}$/), fc.stringMatching(/^[0-9A-Za-z]{1,40}$/), (sendingBankCode, transRef) => {
        expect(parseSlipQr(buildSlipQr({ sendingBankCode, transRef }))).toEqual({ ok: true, slip: { apiId: '000001', sendingBankCode, transRef } });
      }),
    );
  });
});

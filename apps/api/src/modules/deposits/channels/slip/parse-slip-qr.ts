import { crc16CcittFalse, formatCrc16 } from '../../promptpay/index.ts';

/** What a transfer slip's mini QR says: who to ask (the sending bank) and about what (its reference). */
export interface SlipQr {
  /** The API id in tag 00/00; `000001` is the banks' slip-verification API. */
  apiId: string;
  /** Three digits (Bank of Thailand codes: 004 KBank, 014 SCB, 002 BBL …). */
  sendingBankCode: string;
  /** The sending bank's transaction reference as printed, 1..40 characters, letters and digits. */
  transRef: string;
}

export type SlipQrReading =
  | { ok: true; slip: SlipQr }
  | { ok: false; reason: 'TOO_LONG' | 'MALFORMED_TLV' | 'CRC_MISMATCH' | 'NOT_A_SLIP' };

/** A slip QR is short (a 40-character reference gives 90 characters); anything longer is not one. */
export const MAX_SLIP_QR_LENGTH = 200;

/**
 * Reads a transfer slip's mini-QR payload (../shared/fixtures/slip-qr-vectors.json): EMV-style
 * tag-length-value, tag 00 a template {00: API id `000001`, 01: sending bank (3 digits), 02:
 * transaction reference}, tag 51 the country `TH`, tag 91 (length 04) the CRC-16/CCITT-FALSE of
 * everything before its value (including `9104`), upper-case hex — the same CRC as PromptPay
 * (deposits/promptpay). Pure.
 *
 * The QR proves nothing about money: a verifier asks the sending bank (adapters/slip-verify) for the
 * transfer by bank + reference. Reading it only refuses what cannot be a slip before anyone is asked.
 *
 * @returns the slip, or why not: TOO_LONG, MALFORMED_TLV (a length runs past the payload, the CRC is
 *   not the last field), CRC_MISMATCH, NOT_A_SLIP (no tag 00 template with the three fields, not TH,
 *   e.g. a PromptPay QR).
 */
export function parseSlipQr(input: string): SlipQrReading {
  const payload = input.trim();
  if (payload.length > MAX_SLIP_QR_LENGTH) return { ok: false, reason: 'TOO_LONG' };
  const fields = readTlv(payload);
  if (!fields) return { ok: false, reason: 'MALFORMED_TLV' };
  const crcField = fields.at(-1);
  if (!crcField || crcField.tag !== '91' || crcField.value.length !== 4) {
    return { ok: false, reason: fields.some((field) => field.tag === '63') ? 'NOT_A_SLIP' : 'MALFORMED_TLV' };
  }
  const signed = payload.slice(0, payload.length - 4);
  if (formatCrc16(crc16CcittFalse(signed)) !== crcField.value.toUpperCase()) return { ok: false, reason: 'CRC_MISMATCH' };

  const template = fields.find((field) => field.tag === '00');
  const country = fields.find((field) => field.tag === '51');
  if (!template || country?.value !== 'TH') return { ok: false, reason: 'NOT_A_SLIP' };
  const inner = readTlv(template.value);
  if (!inner) return { ok: false, reason: 'NOT_A_SLIP' };
  const apiId = inner.find((field) => field.tag === '00')?.value;
  const sendingBankCode = inner.find((field) => field.tag === '01')?.value;
  const transRef = inner.find((field) => field.tag === '02')?.value;
  if (!apiId || !/^\d{6}$/.test(apiId) || !sendingBankCode || !/^\d{3}$/.test(sendingBankCode) || !transRef || !/^[0-9A-Za-z]{1,40}$/.test(transRef)) {
    return { ok: false, reason: 'NOT_A_SLIP' };
  }
  return { ok: true, slip: { apiId, sendingBankCode, transRef } };
}

/**
 * Builds a slip payload (the sandbox bank prints them; tests make them): the inverse of parseSlipQr.
 * @throws Error when a field does not fit (bank not 3 digits, reference not 1..40 letters/digits).
 */
export function buildSlipQr(slip: { sendingBankCode: string; transRef: string }): string {
  if (!/^\d{3}$/.test(slip.sendingBankCode) || !/^[0-9A-Za-z]{1,40}$/.test(slip.transRef)) throw new Error('slip fields out of shape');
  const field = (tag: string, value: string) => `${tag}${String(value.length).padStart(2, '0')}${value}`;
  const body = field('00', field('00', '000001') + field('01', slip.sendingBankCode) + field('02', slip.transRef)) + field('51', 'TH') + '9104';
  return body + formatCrc16(crc16CcittFalse(body));
}

function readTlv(text: string): Array<{ tag: string; value: string }> | null {
  const fields: Array<{ tag: string; value: string }> = [];
  let at = 0;
  while (at < text.length) {
    const tag = text.slice(at, at + 2);
    const lengthText = text.slice(at + 2, at + 4);
    if (!/^\d{2}$/.test(tag) || !/^\d{2}$/.test(lengthText)) return null;
    const length = Number(lengthText);
    const value = text.slice(at + 4, at + 4 + length);
    if (value.length !== length) return null;
    fields.push({ tag, value });
    at += 4 + length;
  }
  return fields;
}

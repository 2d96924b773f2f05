import { parseBahtToSatang } from '@sabai/money';
import { crc16CcittFalse, formatCrc16 } from './crc16-ccitt-false.ts';
import type { PromptPayTargetKind } from './promptpay-target.ts';

/** Longest payload read (EMVCo merchant-presented QR payloads are at most 512 characters). */
export const MAX_PROMPTPAY_PAYLOAD_LENGTH = 512;

/** Application id of PromptPay credit transfer inside tag 29 (fixture "about"). */
export const PROMPTPAY_CREDIT_TRANSFER_AID = 'A000000677010111';

export type PromptPayVerifyRefusal =
  /** Empty, longer than MAX_PROMPTPAY_PAYLOAD_LENGTH, or not printable ASCII. */
  | 'NOT_A_PAYLOAD'
  /** Does not end with tag 63 (`6304` + four upper-case hex digits). */
  | 'MISSING_CRC'
  /** The CRC does not match the content: the payload was altered or mistyped. */
  | 'CRC_MISMATCH'
  /** Tag-length-value structure broken, a tag repeated, or tag 63 not last. */
  | 'MALFORMED_TLV'
  /** Payload format, point of initiation, currency (764 THB) or country (TH) not as PromptPay requires. */
  | 'NOT_PROMPTPAY'
  /** Tag 29 missing, not the PromptPay credit-transfer AID, or not exactly one valid proxy id. */
  | 'INVALID_TARGET'
  /** Tag 54 not a positive decimal with at most two decimals within the money limit. */
  | 'INVALID_AMOUNT';

export type PromptPayVerifyResult =
  | {
      ok: true;
      targetKind: PromptPayTargetKind;
      /** Digits; a phone in its local form `0XXXXXXXXX`. */
      target: string;
      /** Tag 54 in satang, or null for a QR without amount. */
      amountSatang: bigint | null;
      /** Point of initiation 12 (dynamic, one payment) rather than 11 (static). */
      isDynamic: boolean;
    }
  | { ok: false; reason: PromptPayVerifyRefusal };

/**
 * Checks a PromptPay payload independently of the library that built it: printable ASCII,
 * the tag 63 CRC-16/CCITT-FALSE over everything before its value, a clean top-level TLV
 * (two-digit id, two-digit length) with no repeated tag and tag 63 last, then the PromptPay
 * tags: 00 = `01`; 01 = `11` or `12`; 29 with sub-tag 00 = A000000677010111 and exactly one of
 * 01 (`0066` + 9 digits), 02 (13 digits), 03 (15 digits); 53 = `764`; 58 = `TH`; optional 54 amount.
 * Other tags (e.g. 62 additional data) are allowed. Source: EMVCo QR Code Specification for
 * Payment Systems (Merchant-Presented Mode) and fixture promptpay-vectors.json.
 *
 * @param payload the QR text, at most MAX_PROMPTPAY_PAYLOAD_LENGTH characters.
 * @returns `{ ok: true, targetKind, target, amountSatang, isDynamic }` or `{ ok: false, reason }`.
 *   Never throws. Any single changed character is refused (CRC-16 detects every error within
 *   one byte, and the CRC digits themselves must match exactly).
 */
export function verifyPromptPayPayload(payload: string): PromptPayVerifyResult {
  if (typeof payload !== 'string' || payload.length > MAX_PROMPTPAY_PAYLOAD_LENGTH || !/^[\x20-\x7E]+$/.test(payload)) {
    return refuse('NOT_A_PAYLOAD');
  }
  const crcMatch = /6304([0-9A-F]{4})$/.exec(payload);
  if (!crcMatch) return refuse('MISSING_CRC');
  if (formatCrc16(crc16CcittFalse(payload.slice(0, -4))) !== crcMatch[1]) return refuse('CRC_MISMATCH');

  const tags = readTlv(payload);
  if (!tags || [...tags.keys()].at(-1) !== '63' || tags.get('63')?.length !== 4) return refuse('MALFORMED_TLV');
  if (tags.get('00') !== '01' || tags.get('53') !== '764' || tags.get('58') !== 'TH') return refuse('NOT_PROMPTPAY');
  const pointOfInitiation = tags.get('01');
  if (pointOfInitiation !== '11' && pointOfInitiation !== '12') return refuse('NOT_PROMPTPAY');

  const target = readMerchantTarget(tags.get('29'));
  if (!target) return refuse('INVALID_TARGET');

  let amountSatang: bigint | null = null;
  const amountText = tags.get('54');
  if (amountText !== undefined) {
    if (!/^\d{1,13}(?:\.\d{1,2})?$/.test(amountText)) return refuse('INVALID_AMOUNT');
    const parsed = parseBahtToSatang(amountText);
    if (!parsed.ok) return refuse('INVALID_AMOUNT');
    amountSatang = parsed.amountSatang;
  }
  return { ok: true, ...target, amountSatang, isDynamic: pointOfInitiation === '12' };
}

/** Tag 29 → the proxy id, or null. */
function readMerchantTarget(value: string | undefined): { targetKind: PromptPayTargetKind; target: string } | null {
  const sub = value === undefined ? null : readTlv(value);
  if (!sub || sub.get('00') !== PROMPTPAY_CREDIT_TRANSFER_AID) return null;
  const ids = (['01', '02', '03'] as const).filter((id) => sub.has(id));
  if (ids.length !== 1) return null;
  const phone = sub.get('01');
  if (phone !== undefined) return /^0066\d{9}$/.test(phone) ? { targetKind: 'phone', target: `0${phone.slice(4)}` } : null;
  const nationalId = sub.get('02');
  if (nationalId !== undefined) return /^\d{13}$/.test(nationalId) ? { targetKind: 'national-id', target: nationalId } : null;
  const eWallet = sub.get('03') ?? '';
  return /^\d{15}$/.test(eWallet) ? { targetKind: 'e-wallet', target: eWallet } : null;
}

/**
 * Splits `IDLLvalue…` into an ordered map; null when a length overruns, a field is not two digits,
 * or an id repeats.
 */
function readTlv(text: string): Map<string, string> | null {
  const tags = new Map<string, string>();
  let position = 0;
  while (position < text.length) {
    const header = text.slice(position, position + 4);
    if (!/^\d{4}$/.test(header)) return null;
    const id = header.slice(0, 2);
    const length = Number(header.slice(2));
    const end = position + 4 + length;
    if (end > text.length || tags.has(id)) return null;
    tags.set(id, text.slice(position + 4, end));
    position = end;
  }
  return tags;
}

function refuse(reason: PromptPayVerifyRefusal): PromptPayVerifyResult {
  return { ok: false, reason };
}

import { parseBahtToSatang } from '@sabai/money';

/**
 * A tiny reader of the PromptPay QR payload (EMVCo merchant-presented mode) a member pastes into
 * the sandbox bank: checks the tag 63 CRC, then reads the tag 29 target and the tag 54 amount.
 * The sandbox's own code, independent of the API's builder/verifier, so each checks the other.
 */

/** EMVCo payloads are at most 512 characters. */
export const MAX_PAYLOAD_LENGTH = 512;

export type PromptPayTargetKind = 'phone' | 'national-id' | 'e-wallet';

export type ReadPromptPayResult =
  | { ok: true; targetKind: PromptPayTargetKind; target: string; amountSatang: bigint | null }
  | { ok: false; error: 'NOT_A_PAYLOAD' | 'BAD_CRC' | 'MALFORMED' | 'NO_TARGET' | 'BAD_AMOUNT' };

/** CRC-16/CCITT-FALSE: poly 0x1021, init 0xFFFF, no reflection, no final XOR (check `123456789` → 0x29B1). */
export function crc16CcittFalse(text: string): number {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'latin1')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/** Appends `6304` and the CRC over everything before it (what a QR generator does). */
export function appendCrc(payloadWithoutCrc: string): string {
  const withTag = `${payloadWithoutCrc}6304`;
  return withTag + crc16CcittFalse(withTag).toString(16).toUpperCase().padStart(4, '0');
}

/**
 * @param payload the QR text; surrounding whitespace is ignored, anything else must be exact.
 * @returns the target (a phone in its local `0…` form) and the amount in satang (null for a
 *   static QR), or an error: NOT_A_PAYLOAD (empty, too long, not printable ASCII), BAD_CRC
 *   (missing or wrong tag 63), MALFORMED (broken TLV), NO_TARGET (tag 29 without exactly one
 *   valid 01/02/03), BAD_AMOUNT.
 */
export function readPromptPayPayload(payload: string): ReadPromptPayResult {
  const text = payload.trim();
  if (text === '' || text.length > MAX_PAYLOAD_LENGTH || !/^[\x20-\x7E]+$/.test(text)) return { ok: false, error: 'NOT_A_PAYLOAD' };
  const crc = /6304([0-9A-Fa-f]{4})$/.exec(text)?.[1];
  if (crc === undefined || crc16CcittFalse(text.slice(0, -4)) !== Number.parseInt(crc, 16)) return { ok: false, error: 'BAD_CRC' };

  const tags = readTlv(text);
  if (!tags) return { ok: false, error: 'MALFORMED' };
  const merchant = tags.get('29') === undefined ? null : readTlv(tags.get('29') ?? '');
  const target = merchant ? readTarget(merchant) : null;
  if (!target) return { ok: false, error: 'NO_TARGET' };

  const amountText = tags.get('54');
  if (amountText === undefined) return { ok: true, ...target, amountSatang: null };
  const amount = /^\d{1,13}(?:\.\d{1,2})?$/.test(amountText) ? parseBahtToSatang(amountText) : null;
  if (!amount?.ok) return { ok: false, error: 'BAD_AMOUNT' };
  return { ok: true, ...target, amountSatang: amount.amountSatang };
}

function readTarget(merchant: Map<string, string>): { targetKind: PromptPayTargetKind; target: string } | null {
  const present = ['01', '02', '03'].filter((id) => merchant.has(id));
  if (present.length !== 1) return null;
  const phone = merchant.get('01');
  if (phone !== undefined) return /^0066\d{9}$/.test(phone) ? { targetKind: 'phone', target: `0${phone.slice(4)}` } : null;
  const taxId = merchant.get('02');
  if (taxId !== undefined) return /^\d{13}$/.test(taxId) ? { targetKind: 'national-id', target: taxId } : null;
  const wallet = merchant.get('03') ?? '';
  return /^\d{15}$/.test(wallet) ? { targetKind: 'e-wallet', target: wallet } : null;
}

/** `IDLLvalue…` (two-digit id, two-digit length) → map; null when broken or an id repeats. */
function readTlv(text: string): Map<string, string> | null {
  const tags = new Map<string, string>();
  let position = 0;
  while (position < text.length) {
    const header = text.slice(position, position + 4);
    if (!/^\d{4}$/.test(header)) return null;
    const end = position + 4 + Number(header.slice(2));
    const id = header.slice(0, 2);
    if (end > text.length || tags.has(id)) return null;
    tags.set(id, text.slice(position + 4, end));
    position = end;
  }
  return tags;
}

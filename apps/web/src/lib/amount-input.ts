import { parseBahtToSatang, satangToBahtNumber, type AmountError } from '@sabai/money';

/**
 * What the member typed into a baht field, read without float arithmetic: at most two decimals,
 * positive, within the money limits (@sabai/money). `amount` is the wire number.
 */
export type AmountInput = { ok: true; amount: number; amountSatang: bigint } | { ok: false; reason: 'EMPTY' | AmountError };

export function readBahtInput(text: string): AmountInput {
  const trimmed = text.trim().replace(/,/g, '');
  if (trimmed === '') return { ok: false, reason: 'EMPTY' };
  const parsed = parseBahtToSatang(trimmed);
  if (!parsed.ok) return { ok: false, reason: parsed.error };
  return { ok: true, amount: satangToBahtNumber(parsed.amountSatang), amountSatang: parsed.amountSatang };
}

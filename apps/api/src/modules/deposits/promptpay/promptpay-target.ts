/**
 * PromptPay proxy ids (the "target" a QR pays), shared by the builder and the verifier.
 *
 * Kinds and their EMVCo tag 29 sub-tags (fixture promptpay-vectors.json "about"):
 * - `phone`: a Thai mobile number, sub-tag 01, written `0066` + the number without its leading 0;
 * - `national-id`: a 13-digit national id or tax id, sub-tag 02;
 * - `e-wallet`: a 15-digit e-wallet id, sub-tag 03.
 */
export type PromptPayTargetKind = 'phone' | 'national-id' | 'e-wallet';

export interface PromptPayTarget {
  kind: PromptPayTargetKind;
  /** Digits only; a phone in its local form `0XXXXXXXXX`. */
  digits: string;
}

/** Longest target text accepted (a formatted phone `+66-89-123-4567` is 15). */
export const MAX_TARGET_TEXT_LENGTH = 32;

/**
 * Reads a target as people type it. Allowed: digits, hyphens and spaces, and a leading `+` for
 * an international phone. Then, by digit count: 10 starting with 0 → phone; 11 starting with 66 →
 * phone (`+66 89…` = `089…`); 13 → national/tax id (the check digit is not verified: the
 * library's own test ids, e.g. `1111111111111`, do not carry one); 15 without `+` → e-wallet.
 * Anything else (letters, 9 or 12 digits, `+` before an id) → null. We check before calling
 * `promptpay-qr`, which strips any non-digit silently and accepts any length.
 */
export function readPromptPayTarget(text: string): PromptPayTarget | null {
  if (typeof text !== 'string' || text.length > MAX_TARGET_TEXT_LENGTH) return null;
  const trimmed = text.trim();
  if (!/^\+?[\d -]+$/.test(trimmed)) return null;
  const isInternational = trimmed.startsWith('+');
  const digits = trimmed.replace(/\D/g, '');
  if (/^66\d{9}$/.test(digits)) return { kind: 'phone', digits: `0${digits.slice(2)}` };
  if (isInternational) return null;
  if (/^0\d{9}$/.test(digits)) return { kind: 'phone', digits };
  if (/^\d{13}$/.test(digits)) return { kind: 'national-id', digits };
  if (/^\d{15}$/.test(digits)) return { kind: 'e-wallet', digits };
  return null;
}

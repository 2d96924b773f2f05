import generatePayload from 'promptpay-qr';
import { MAX_AMOUNT_SATANG, satangToDecimalString } from '@sabai/money';
import { readPromptPayTarget, type PromptPayTargetKind } from './promptpay-target.ts';
import { verifyPromptPayPayload } from './verify-promptpay-payload.ts';

export type BuildPromptPayPayloadResult =
  | {
      ok: true;
      /** The EMVCo merchant-presented payload to render as a QR code. */
      payload: string;
      targetKind: PromptPayTargetKind;
      /** The target as digits; a phone in its local form `0XXXXXXXXX`. */
      target: string;
    }
  | { ok: false; error: 'INVALID_TARGET' | 'INVALID_AMOUNT' };

/**
 * Builds the PromptPay QR payload (EMVCo Merchant-Presented Mode, Thai credit transfer) that pays
 * `target`, optionally with a fixed amount, using the npm package `promptpay-qr`.
 *
 * @param input.target phone (`0812345678`, `081-234-5678`, `+66 81 234 5678`), 13-digit national
 *   or tax id, or 15-digit e-wallet id; rules in promptpay-target.ts.
 * @param input.amountSatang optional; > 0 and at most MAX_AMOUNT_SATANG. Without it the QR is
 *   static (point of initiation 11) and the payer types the amount; with it, dynamic (12) with
 *   tag 54 in baht with two decimals (satang → `satangToDecimalString` → Number, exact for two
 *   decimals in this range).
 * @returns `{ ok: true, payload, targetKind, target }`, or `{ ok: false, error }` with
 *   INVALID_TARGET / INVALID_AMOUNT — values, not exceptions (the caller maps them to its error code).
 * @throws Error only if the library's payload fails our own verification or does not carry the
 *   exact target and amount asked for (an invariant: a library change must not ship wrong QRs).
 */
export function buildPromptPayPayload(input: { target: string; amountSatang?: bigint | null }): BuildPromptPayPayloadResult {
  const target = readPromptPayTarget(input.target);
  if (!target) return { ok: false, error: 'INVALID_TARGET' };

  const { amountSatang } = input;
  const hasAmount = amountSatang !== undefined && amountSatang !== null;
  if (hasAmount && (typeof amountSatang !== 'bigint' || amountSatang <= 0n || amountSatang > MAX_AMOUNT_SATANG)) {
    return { ok: false, error: 'INVALID_AMOUNT' };
  }

  const payload = generatePayload(
    target.digits,
    hasAmount ? { amount: Number(satangToDecimalString(amountSatang)) } : {},
  );

  const check = verifyPromptPayPayload(payload);
  if (
    !check.ok ||
    check.target !== target.digits ||
    check.targetKind !== target.kind ||
    check.amountSatang !== (hasAmount ? amountSatang : null)
  ) {
    throw new Error(`promptpay-qr produced a payload that does not verify: ${payload}`);
  }
  return { ok: true, payload, targetKind: target.kind, target: target.digits };
}

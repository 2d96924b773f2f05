import { AMOUNT_SOURCE, MASKED_ACCOUNT_SOURCE, prepareNotificationText, readAmountSatang } from './parse-helpers.ts';
import type { ParseContext, ParseResult } from './types.ts';

/** Bank of Thailand code of Bangkok Bank (Bualuang is its SMS / app brand). */
export const BANGKOK_BANK_CODE = '002';

/** The one credit format we know, whole text anchored (fixture bank-sms-samples.json, bank 002). */
const BUALUANG_CREDIT = new RegExp(
  String.raw`^ฝาก/โอนเงินเข้าบ/ช(?<house>${MASKED_ACCOUNT_SOURCE}) ผ่าน(?<via>[A-Za-z]{1,10}) (?<amount>${AMOUNT_SOURCE})บ ใช้ได้ ?(?<balance>${AMOUNT_SOURCE})บ$`,
);

/**
 * Parses a Bangkok Bank (Bualuang, 002) SMS announcing money into the house account.
 *
 * Format (fixture `bank-sms-samples.json`):
 * `ฝาก/โอนเงินเข้าบ/ชX1234 ผ่านMB 5,000.00บ ใช้ได้15,000.00บ`
 * (deposit/transfer into account X1234 via channel MB, amount, available balance after).
 *
 * The text has no date, time or sender: `occurredAt` is `receivedAt` (`occurredAtSource`
 * `received`), and every sender field is null, so the matcher holds it for staff
 * (NO_SENDER_INFO).
 *
 * @param text the SMS text, at most MAX_NOTIFICATION_TEXT_LENGTH characters.
 * @param context.receivedAt when we received it.
 * @returns `{ ok: true, notification }` (kind `credit`) or `{ ok: false, reason }`: EMPTY,
 *   TOO_LONG, UNRECOGNISED_FORMAT, INVALID_AMOUNT, INVALID_RECEIVED_AT. Never throws.
 */
export function parseBualuangSms(text: string, context: ParseContext): ParseResult {
  const prepared = prepareNotificationText(text, context?.receivedAt);
  if (!prepared.ok) return prepared;
  const groups = BUALUANG_CREDIT.exec(prepared.text)?.groups;
  if (!groups) return { ok: false, reason: 'UNRECOGNISED_FORMAT' };
  const { house = '', amount = '', balance = '' } = groups;

  const amountSatang = readAmountSatang(amount);
  const balanceAfterSatang = readAmountSatang(balance, { allowZero: true });
  if (amountSatang === null || balanceAfterSatang === null) return { ok: false, reason: 'INVALID_AMOUNT' };

  return {
    ok: true,
    notification: {
      kind: 'credit',
      bankCode: BANGKOK_BANK_CODE,
      houseAccountMasked: house,
      amountSatang,
      occurredAt: new Date(context.receivedAt.getTime()),
      occurredAtSource: 'received',
      dayMonthTime: null,
      balanceAfterSatang,
      senderBankCode: null,
      senderAccountMasked: null,
      senderName: null,
    },
  };
}

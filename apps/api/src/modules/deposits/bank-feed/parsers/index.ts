import { BANGKOK_BANK_CODE, parseBualuangSms } from './bualuang-sms.ts';
import { KBANK_BANK_CODE, parseKbankSms } from './kbank-sms.ts';
import { SCB_BANK_CODE, parseScbSms } from './scb-sms.ts';
import type { BankNotificationParser, ParseResult } from './types.ts';

export * from './types.ts';

/**
 * Which parser reads the notifications of a house account, by the house bank's three-digit code.
 * Adding a bank = one `<bank>-sms.ts` file + one line here (see README.md).
 */
const PARSERS_BY_HOUSE_BANK_CODE: ReadonlyMap<string, BankNotificationParser> = new Map([
  [KBANK_BANK_CODE, parseKbankSms],
  [SCB_BANK_CODE, parseScbSms],
  [BANGKOK_BANK_CODE, parseBualuangSms],
]);

/** House bank codes that have a parser. */
export const SUPPORTED_HOUSE_BANK_CODES: readonly string[] = [...PARSERS_BY_HOUSE_BANK_CODE.keys()];

/**
 * Parses a bank SMS / notification forwarded from the operator's house-account phone
 * (money.md "Deposit (auto)").
 *
 * @param input.bankCode three-digit code of the house account's bank (the feed knows which
 *   house account's phone sent it).
 * @param input.text the text as received, at most MAX_NOTIFICATION_TEXT_LENGTH characters.
 * @param input.receivedAt when we received it (UTC instant).
 * @returns `{ ok: true, notification }` with `kind` `credit` or `debit` (debits are never
 *   credited), or `{ ok: false, reason }` (UNSUPPORTED_BANK or the parser's reason). A refused
 *   text is held for staff by the caller; it never throws and never guesses.
 */
export function parseBankNotification(input: { bankCode: string; text: string; receivedAt: Date }): ParseResult {
  const parser = PARSERS_BY_HOUSE_BANK_CODE.get(input.bankCode);
  if (!parser) return { ok: false, reason: 'UNSUPPORTED_BANK' };
  return parser(input.text, { receivedAt: input.receivedAt });
}

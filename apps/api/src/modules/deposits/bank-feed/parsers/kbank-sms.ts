import {
  AMOUNT_SOURCE,
  MASKED_ACCOUNT_SOURCE,
  bangkokWallClockToUtc,
  isMoreThanADayAfter,
  prepareNotificationText,
  readAmountSatang,
  readDayMonthTime,
} from './parse-helpers.ts';
import type { ParseContext, ParseResult } from './types.ts';

/** Bank of Thailand code of Kasikornbank. */
export const KBANK_BANK_CODE = '004';

const DATE_TIME = String.raw`(?<day>\d{2})/(?<month>\d{2})/(?<year>\d{2}) (?<hour>\d{2}):(?<minute>\d{2})`;
const BALANCE = String.raw`(?: คงเหลือ ?(?<balance>${AMOUNT_SOURCE})บ?)?`;
const HOUSE = `(?<house>${MASKED_ACCOUNT_SOURCE})`;
const AMOUNT = `(?<amount>${AMOUNT_SOURCE})`;

/** The formats we know, whole text anchored (fixture bank-sms-samples.json, bank 004). */
const KBANK_FORMATS = [
  { kind: 'credit', pattern: new RegExp(String.raw`^${DATE_TIME} บช${HOUSE} เงินเข้า ?${AMOUNT}บ?${BALANCE}$`) },
  {
    kind: 'credit',
    pattern: new RegExp(
      String.raw`^${DATE_TIME} บช${HOUSE} รับโอนจาก(?<counterparty>${MASKED_ACCOUNT_SOURCE}) ${AMOUNT}บ?${BALANCE}$`,
    ),
  },
  {
    kind: 'debit',
    pattern: new RegExp(
      String.raw`^${DATE_TIME} หักบช${HOUSE} เข้า(?<counterparty>${MASKED_ACCOUNT_SOURCE}) ${AMOUNT}บ?${BALANCE}$`,
    ),
  },
] as const;

/**
 * Parses a KBank (Kasikornbank, 004) SMS sent to the house account's phone.
 *
 * Formats (fixture `bank-sms-samples.json`; `X…X` masks, amounts with two decimals, optional
 * thousands commas, `คงเหลือ` balance optional):
 * - credit, no sender:   `08/01/62 22:59 บชX153594X เงินเข้า500.00บ`
 * - credit from account: `09/02/62 19:54 บชX153594X รับโอนจากX189776X 500.00บ คงเหลือ9350.00บ`
 * - debit:               `29/10/61 10:03 หักบชX341626X เข้าX180745X 1000.00 คงเหลือ1285.29บ`
 *
 * The date is DD/MM/YY with a two-digit Buddhist Era year (62 = 2562 BE = 2019 CE), the time is
 * Asia/Bangkok; `occurredAt` is the UTC instant. The sender's bank is not in the text
 * (`senderBankCode` null).
 *
 * @param text the SMS text, at most MAX_NOTIFICATION_TEXT_LENGTH characters.
 * @param context.receivedAt when we received it; a text dated more than a day later is refused.
 * @returns `{ ok: true, notification }` (kind `credit` or `debit`) or `{ ok: false, reason }`:
 *   EMPTY, TOO_LONG, UNRECOGNISED_FORMAT, INVALID_DATE, INVALID_AMOUNT, OCCURRED_AFTER_RECEIVED,
 *   INVALID_RECEIVED_AT. Never throws.
 */
export function parseKbankSms(text: string, context: ParseContext): ParseResult {
  const prepared = prepareNotificationText(text, context?.receivedAt);
  if (!prepared.ok) return prepared;

  for (const format of KBANK_FORMATS) {
    const groups = format.pattern.exec(prepared.text)?.groups;
    if (!groups) continue;
    const { day = '', month = '', year = '', hour = '', minute = '', house = '', amount = '' } = groups;

    const dayMonthTime = readDayMonthTime(day, month, hour, minute);
    const yearCe = 2500 + Number(year) - 543; // two-digit BE year: 62 → 2562 BE → 2019 CE
    const occurredAt = bangkokWallClockToUtc(yearCe, dayMonthTime);
    if (!occurredAt) return { ok: false, reason: 'INVALID_DATE' };
    if (isMoreThanADayAfter(occurredAt, context.receivedAt)) return { ok: false, reason: 'OCCURRED_AFTER_RECEIVED' };

    const amountSatang = readAmountSatang(amount);
    if (amountSatang === null) return { ok: false, reason: 'INVALID_AMOUNT' };
    const balanceAfterSatang = groups.balance === undefined ? null : readAmountSatang(groups.balance, { allowZero: true });
    if (groups.balance !== undefined && balanceAfterSatang === null) return { ok: false, reason: 'INVALID_AMOUNT' };

    const common = {
      bankCode: KBANK_BANK_CODE,
      houseAccountMasked: house,
      amountSatang,
      occurredAt,
      occurredAtSource: 'text' as const,
      dayMonthTime,
      balanceAfterSatang,
    };
    const counterparty = groups.counterparty ?? null;
    if (format.kind === 'debit') {
      return { ok: true, notification: { kind: 'debit', ...common, recipientAccountMasked: counterparty } };
    }
    return {
      ok: true,
      notification: { kind: 'credit', ...common, senderBankCode: null, senderAccountMasked: counterparty, senderName: null },
    };
  }
  return { ok: false, reason: 'UNRECOGNISED_FORMAT' };
}

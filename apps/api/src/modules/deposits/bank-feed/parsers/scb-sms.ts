import { findBankByShortName } from '@sabai/contracts';
import {
  AMOUNT_SOURCE,
  BANGKOK_OFFSET_MS,
  MASKED_ACCOUNT_SOURCE,
  bangkokWallClockToUtc,
  bangkokYearOf,
  isMoreThanADayAfter,
  prepareNotificationText,
  readAmountSatang,
  readDayMonthTime,
} from './parse-helpers.ts';
import type { DayMonthTime, ParseContext, ParseResult } from './types.ts';

/** Bank of Thailand code of Siam Commercial Bank. */
export const SCB_BANK_CODE = '014';

/** Longest sender name we read (the bank prints a truncated romanized name). */
const MAX_SENDER_NAME_LENGTH = 100;

/**
 * Sender part: `โอนจาก<NAME>` (SCB to SCB: a name, letters/spaces/dots/hyphens/apostrophes) or
 * `จาก<BANK>/<masked account>` (another bank: its short name and masked account).
 */
const SENDER = String.raw`(?:โอนจาก(?<senderName>[\p{L}\p{M}][\p{L}\p{M} .'-]{0,${MAX_SENDER_NAME_LENGTH - 1}}?)|จาก(?<senderBank>[A-Za-z]{2,6})/(?<senderAccount>${MASKED_ACCOUNT_SOURCE}))`;

/** The one credit format we know, whole text anchored (fixture bank-sms-samples.json, bank 014). */
const SCB_CREDIT = new RegExp(
  String.raw`^(?<day>\d{2})/(?<month>\d{2})@(?<hour>\d{2}):(?<minute>\d{2}) (?<amount>${AMOUNT_SOURCE}) ${SENDER} ?เข้า(?<house>${MASKED_ACCOUNT_SOURCE}) ใช้ได้ ?(?<balance>${AMOUNT_SOURCE})บ?$`,
  'u',
);

/**
 * Parses an SCB (Siam Commercial Bank, 014) SMS announcing money into the house account.
 *
 * Formats (fixture `bank-sms-samples.json`; `ใช้ได้` is the available balance after):
 * - from another SCB account (named): `08/09@10:46 100.00 โอนจากPHUCHONG SONGเข้าx354011 ใช้ได้2,375.46บ`
 *   → senderBankCode `014`, senderName `PHUCHONG SONG`, no sender account;
 * - from another bank: `08/02@12:23 100.00 จากBAAC/x838467เข้าx475366 ใช้ได้3,452.35บ`
 *   → senderBankCode from the short name through `findBankByShortName` (`BAAC` → `034`), sender
 *   account `x838467`. A short name not in the bank table is refused (we do not guess the bank).
 *
 * The text has DD/MM@HH:MM in Asia/Bangkok and no year: the year is the Bangkok year of
 * `receivedAt`, or the previous year when that would put the text more than a day after it was
 * received (an SMS from 31/12 received on 01/01). A day/month that is not a date in the chosen
 * year (29/02 in a common year) is refused.
 *
 * @param text the SMS text, at most MAX_NOTIFICATION_TEXT_LENGTH characters.
 * @param context.receivedAt when we received it (gives the year).
 * @returns `{ ok: true, notification }` (kind `credit`) or `{ ok: false, reason }`: EMPTY,
 *   TOO_LONG, UNRECOGNISED_FORMAT, INVALID_DATE, INVALID_AMOUNT, UNKNOWN_SENDER_BANK,
 *   INVALID_RECEIVED_AT. Never throws.
 */
export function parseScbSms(text: string, context: ParseContext): ParseResult {
  const prepared = prepareNotificationText(text, context?.receivedAt);
  if (!prepared.ok) return prepared;
  const groups = SCB_CREDIT.exec(prepared.text)?.groups;
  if (!groups) return { ok: false, reason: 'UNRECOGNISED_FORMAT' };
  const { day = '', month = '', hour = '', minute = '', amount = '', house = '', balance = '' } = groups;

  const dayMonthTime = readDayMonthTime(day, month, hour, minute);
  const occurredAt = inferOccurredAt(dayMonthTime, context.receivedAt);
  if (!occurredAt) return { ok: false, reason: 'INVALID_DATE' };

  const amountSatang = readAmountSatang(amount);
  const balanceAfterSatang = readAmountSatang(balance, { allowZero: true });
  if (amountSatang === null || balanceAfterSatang === null) return { ok: false, reason: 'INVALID_AMOUNT' };

  let senderBankCode = SCB_BANK_CODE;
  if (groups.senderBank !== undefined) {
    const bank = findBankByShortName(groups.senderBank);
    if (!bank) return { ok: false, reason: 'UNKNOWN_SENDER_BANK' };
    senderBankCode = bank.code;
  }
  const senderName = groups.senderName === undefined ? null : groups.senderName.trim();
  if (senderName === '') return { ok: false, reason: 'UNRECOGNISED_FORMAT' };

  return {
    ok: true,
    notification: {
      kind: 'credit',
      bankCode: SCB_BANK_CODE,
      houseAccountMasked: house,
      amountSatang,
      occurredAt,
      occurredAtSource: 'text-year-inferred',
      dayMonthTime,
      balanceAfterSatang,
      senderBankCode,
      senderAccountMasked: groups.senderAccount ?? null,
      senderName,
    },
  };
}

/**
 * The year rule above. Compares with the date Date.UTC would roll to, then validates the
 * calendar date in the chosen year only, so 29/02 is never moved to another year to fit.
 */
function inferOccurredAt(fields: DayMonthTime, receivedAt: Date): Date | null {
  const receivedYear = bangkokYearOf(receivedAt);
  const { day, month, hour, minute } = fields;
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  const rolledThisYear = new Date(Date.UTC(receivedYear, month - 1, day, hour, minute) - BANGKOK_OFFSET_MS);
  const year = isMoreThanADayAfter(rolledThisYear, receivedAt) ? receivedYear - 1 : receivedYear;
  return bangkokWallClockToUtc(year, fields);
}

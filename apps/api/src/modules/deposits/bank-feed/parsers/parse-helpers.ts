import { parseBahtToSatang } from '@sabai/money';
import { MAX_NOTIFICATION_TEXT_LENGTH, type DayMonthTime, type ParseRefusalReason } from './types.ts';

/**
 * Small helpers shared by the per-bank parsers in this folder (private to the folder).
 */

/** Asia/Bangkok is UTC+07:00 all year (Thailand has no daylight saving time). */
export const BANGKOK_OFFSET_MS = 7 * 60 * 60 * 1000;
export const ONE_DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Regex source of an amount as banks print it: two decimals exactly, optional thousands commas
 * that must group by three (`2,375.46`, `9350.00`). Three decimals, a lone comma or no decimals do
 * not match. Non-capturing: wrap it in a group where it is used.
 */
export const AMOUNT_SOURCE = String.raw`(?:\d{1,3}(?:,\d{3})+|\d{1,13})\.\d{2}`;

/**
 * Regex source of a masked account number: up to three `X`/`x` each side of 3–12 visible digits
 * (`X153594X`, `x838467`, `X1234`). Non-capturing.
 */
export const MASKED_ACCOUNT_SOURCE = String.raw`[Xx]{0,3}\d{3,12}[Xx]{0,3}`;

export type PreparedText = { ok: true; text: string } | { ok: false; reason: ParseRefusalReason };

/**
 * Checks the limits every parser shares and normalizes whitespace: refuses non-strings, texts
 * longer than MAX_NOTIFICATION_TEXT_LENGTH (checked first, before any regex runs), an invalid
 * `receivedAt`, and empty texts; trims and collapses every whitespace run (line breaks of a
 * forwarded SMS included) to one space. Nothing else is changed.
 */
export function prepareNotificationText(text: unknown, receivedAt: unknown): PreparedText {
  if (typeof text !== 'string') return { ok: false, reason: 'UNRECOGNISED_FORMAT' };
  if (text.length > MAX_NOTIFICATION_TEXT_LENGTH) return { ok: false, reason: 'TOO_LONG' };
  if (!(receivedAt instanceof Date) || Number.isNaN(receivedAt.getTime())) {
    return { ok: false, reason: 'INVALID_RECEIVED_AT' };
  }
  const normalized = text.trim().replace(/\s+/g, ' ');
  if (normalized === '') return { ok: false, reason: 'EMPTY' };
  return { ok: true, text: normalized };
}

/**
 * Reads an amount token matched by AMOUNT_SOURCE into satang (commas removed, no float math).
 * @returns the satang, or null when zero (unless allowed) or above MAX_AMOUNT_SATANG.
 */
export function readAmountSatang(token: string, options: { allowZero?: boolean } = {}): bigint | null {
  const parsed = parseBahtToSatang(token.replaceAll(',', ''), { allowZero: options.allowZero ?? false });
  return parsed.ok ? parsed.amountSatang : null;
}

/** Reads the two-digit date/time groups of a text; numbers only, validated later. */
export function readDayMonthTime(day: string, month: string, hour: string, minute: string): DayMonthTime {
  return { day: Number(day), month: Number(month), hour: Number(hour), minute: Number(minute) };
}

/**
 * Converts an Asia/Bangkok wall-clock time to a UTC instant.
 * @returns null when the fields are not a real calendar date and time (31/02, 24:00, 12:60…).
 */
export function bangkokWallClockToUtc(year: number, fields: DayMonthTime): Date | null {
  const { day, month, hour, minute } = fields;
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59) return null;
  const calendar = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 31/02 over into March; a rolled-over date is not the date the text printed.
  if (calendar.getUTCFullYear() !== year || calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) {
    return null;
  }
  return new Date(Date.UTC(year, month - 1, day, hour, minute) - BANGKOK_OFFSET_MS);
}

/** The calendar year in Asia/Bangkok at this instant. */
export function bangkokYearOf(instant: Date): number {
  return new Date(instant.getTime() + BANGKOK_OFFSET_MS).getUTCFullYear();
}

/** Whether `occurredAt` is more than one day after `receivedAt` (a text cannot report the future). */
export function isMoreThanADayAfter(occurredAt: Date, receivedAt: Date): boolean {
  return occurredAt.getTime() - receivedAt.getTime() > ONE_DAY_MS;
}

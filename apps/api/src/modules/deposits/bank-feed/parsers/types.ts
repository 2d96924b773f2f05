/**
 * The normalized shape every bank notification parser produces (money.md "Deposit (auto)": a bank
 * feed event is parsed and normalized before the matcher sees it).
 *
 * A parser either understands the whole text and returns `{ ok: true, notification }`, or returns
 * `{ ok: false, reason }`. It never throws and never guesses a field it could not read.
 */

/**
 * Longest text a parser looks at, in UTF-16 code units, before any trimming. Real bank SMS texts
 * are under 150 characters; anything longer is not a notification we know and is refused before
 * any pattern runs (style.md: put a limit on everything).
 */
export const MAX_NOTIFICATION_TEXT_LENGTH = 1_000;

/** Date and time as the text prints them, in Asia/Bangkok local time. */
export interface DayMonthTime {
  day: number;
  month: number;
  hour: number;
  minute: number;
}

/**
 * Where `occurredAt` comes from:
 * - `text`: the text gives the full date and time (KBank);
 * - `text-year-inferred`: the text gives day, month and time, the year comes from `receivedAt` (SCB);
 * - `received`: the text has no time at all, `occurredAt` is when the SMS was received (Bualuang).
 */
export type OccurredAtSource = 'text' | 'text-year-inferred' | 'received';

interface ParsedBankNotificationBase {
  /** Three-digit Bank of Thailand code of the house account that received the notification. */
  bankCode: string;
  /** The house account as the text masks it, verbatim, e.g. `X153594X` or `x354011`. */
  houseAccountMasked: string;
  /** Always positive: the parser refuses zero, negative and more than MAX_AMOUNT_SATANG. */
  amountSatang: bigint;
  /** A UTC instant (the text's Asia/Bangkok time converted), see `occurredAtSource`. */
  occurredAt: Date;
  occurredAtSource: OccurredAtSource;
  /** The date/time fields as printed, or null when the text has none (Bualuang). */
  dayMonthTime: DayMonthTime | null;
  /** Balance of the house account after the movement, when the text gives it (may be 0). */
  balanceAfterSatang: bigint | null;
}

/** Money came into the house account. Only these may ever be credited to a member. */
export interface ParsedBankCredit extends ParsedBankNotificationBase {
  kind: 'credit';
  /** Three-digit code of the sender's bank when the text says it (SCB), else null. */
  senderBankCode: string | null;
  /** Sender's account as masked in the text, verbatim, e.g. `X189776X`, `x838467`; else null. */
  senderAccountMasked: string | null;
  /** Sender's name as printed (trimmed, inner spaces collapsed), e.g. `PHUCHONG SONG`; else null. */
  senderName: string | null;
}

/** Money left the house account (e.g. KBank `หักบช…`). Never credited to anyone. */
export interface ParsedBankDebit extends ParsedBankNotificationBase {
  kind: 'debit';
  /** Account the money went to, as masked in the text, else null. */
  recipientAccountMasked: string | null;
}

export type ParsedBankNotification = ParsedBankCredit | ParsedBankDebit;

/** Closed list of reasons a text is refused. */
export type ParseRefusalReason =
  /** The text is empty or whitespace only. */
  | 'EMPTY'
  /** Longer than MAX_NOTIFICATION_TEXT_LENGTH. */
  | 'TOO_LONG'
  /** The text is not one of the formats this parser knows. */
  | 'UNRECOGNISED_FORMAT'
  /** Day/month/time out of range, or not a calendar date. */
  | 'INVALID_DATE'
  /** The text says it happened more than a day after it was received. */
  | 'OCCURRED_AFTER_RECEIVED'
  /** Amount zero, too large, or otherwise not a money amount we accept. */
  | 'INVALID_AMOUNT'
  /** The sender bank's short name is not in the bank table (findBankByShortName). */
  | 'UNKNOWN_SENDER_BANK'
  /** No parser is registered for this house bank code. */
  | 'UNSUPPORTED_BANK'
  /** `receivedAt` is not a valid Date (caller error, reported as a value). */
  | 'INVALID_RECEIVED_AT';

export type ParseResult =
  | { ok: true; notification: ParsedBankNotification }
  | { ok: false; reason: ParseRefusalReason };

/** What a parser needs besides the text. */
export interface ParseContext {
  /** When our system received the SMS / notification (a UTC instant). */
  receivedAt: Date;
}

/** The shape of every per-bank parser; register new ones in index.ts. */
export type BankNotificationParser = (text: string, context: ParseContext) => ParseResult;

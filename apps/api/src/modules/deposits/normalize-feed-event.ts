import { parseBahtToSatang } from '@sabai/money';
import { parseBankNotification } from './bank-feed/index.ts';
import { accountFitsMask, readMaskedAccount } from './matching/masked-account.ts';
import type { IncomingCredit } from './matching/match-deposit.ts';
import { smsFeedBody, statementFeedBody, trueMoneyFeedBody, type FeedBodyFormat, type FeedKind, type DepositChannelKind } from '@sabai/contracts';
import { readSmsReceivedBody, smsSenderOf } from '@sabai/contracts';

export interface FeedChannel {
  id: string;
  kind: DepositChannelKind;
  bankCode: string | null;
  accountNumber: string | null;
  phoneNumber: string | null;
  promptPayId: string | null;
}

/** Money out of the house account, as the bank reported it (manual payouts confirm withdrawals with it, docs/adr/0039). */
export interface IncomingDebit {
  amountSatang: bigint;
  occurredAt: Date;
  /** The destination as printed (`X180745X`) or as the statement line gives it; null when absent. */
  recipientAccountMasked: string | null;
}

export type NormalizedFeedEvent =
  | { result: 'credit'; credit: IncomingCredit }
  /** Money out of the house account: stored, never credited; it may confirm a payout by staff. */
  | { result: 'debit'; debit: IncomingDebit }
  /** Not money in and nothing to confirm: stored, never credited. */
  | { result: 'ignored'; reason: string }
  /** Unreadable or not for this channel: stored, never credited, visible to staff. */
  | { result: 'rejected'; reason: string };

/**
 * Turns a stored feed body into the matcher's normalized credit (money.md "Deposit (auto)"), a
 * house debit (money out: SMS `หักบช…` or a statement line with direction `debit`), or says why
 * it is neither. Pure. SMS texts go through the bank's parser (bank-feed/parsers); a
 * statement line or wallet event is already structured. The house account a text names must be
 * the channel's own account.
 *
 * An SMS Gateway body (`bodyFormat` `sms_gateway`, docs/adr/0013) is an `sms:received` webhook;
 * its SMS must come from an alphanumeric sender id (a bank's, e.g. `KBank`): a text from a phone
 * number is someone typing a bank-looking SMS to the house phone, rejected (SENDER_NOT_A_BANK).
 */
export function normalizeFeedEvent(kind: FeedKind, rawBody: string, channel: FeedChannel, bodyFormat: FeedBodyFormat = 'sabai_v1'): NormalizedFeedEvent {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return { result: 'rejected', reason: 'MALFORMED_JSON' };
  }
  const channelKind = channel.kind;

  if (kind === 'sms') {
    const sms = readSms(json, rawBody, bodyFormat);
    if (sms === 'malformed' || !channel.bankCode) return { result: 'rejected', reason: 'MALFORMED_BODY' };
    if (sms === 'not-a-bank') return { result: 'rejected', reason: 'SENDER_NOT_A_BANK' };
    const parsed = parseBankNotification({ bankCode: channel.bankCode, text: sms.text, receivedAt: new Date(sms.receivedAt) });
    if (!parsed.ok) return { result: 'rejected', reason: `UNPARSEABLE_TEXT:${parsed.reason}` };
    const notification = parsed.notification;
    const houseMask = readMaskedAccount(notification.houseAccountMasked);
    if (!houseMask || !channel.accountNumber || !accountFitsMask(channel.accountNumber, houseMask)) {
      return { result: 'rejected', reason: 'HOUSE_ACCOUNT_MISMATCH' };
    }
    if (notification.kind === 'debit') {
      return { result: 'debit', debit: { amountSatang: notification.amountSatang, occurredAt: notification.occurredAt, recipientAccountMasked: notification.recipientAccountMasked } };
    }
    return {
      result: 'credit',
      credit: {
        channelKind,
        amountSatang: notification.amountSatang,
        occurredAt: notification.occurredAt,
        senderBankCode: notification.senderBankCode,
        senderAccountMasked: notification.senderAccountMasked,
        senderName: notification.senderName,
      },
    };
  }

  if (kind === 'statement') {
    const body = statementFeedBody.safeParse(json);
    if (!body.success) return { result: 'rejected', reason: 'MALFORMED_BODY' };
    if (body.data.accountNumber !== channel.accountNumber) return { result: 'rejected', reason: 'HOUSE_ACCOUNT_MISMATCH' };
    if (channel.kind === 'promptpay' && body.data.promptPayId && body.data.promptPayId !== channel.promptPayId) {
      return { result: 'rejected', reason: 'PROMPTPAY_ID_MISMATCH' };
    }
    const amount = parseBahtToSatang(body.data.amount);
    if (!amount.ok) return { result: 'rejected', reason: `AMOUNT_${amount.error}` };
    if (body.data.direction === 'debit') {
      return { result: 'debit', debit: { amountSatang: amount.amountSatang, occurredAt: new Date(body.data.occurredAt), recipientAccountMasked: body.data.recipientAccountNumber ?? null } };
    }
    return {
      result: 'credit',
      credit: {
        channelKind,
        amountSatang: amount.amountSatang,
        occurredAt: new Date(body.data.occurredAt),
        senderBankCode: body.data.senderBankCode ?? null,
        senderAccountMasked: body.data.senderAccountNumber ?? null,
        senderName: body.data.senderName ?? null,
      },
    };
  }

  const body = trueMoneyFeedBody.safeParse(json);
  if (!body.success) return { result: 'rejected', reason: 'MALFORMED_BODY' };
  const amount = parseBahtToSatang(body.data.amount);
  if (!amount.ok) return { result: 'rejected', reason: `AMOUNT_${amount.error}` };
  return {
    result: 'credit',
    credit: {
      channelKind,
      amountSatang: amount.amountSatang,
      occurredAt: new Date(body.data.occurredAt),
      senderPhone: body.data.senderPhone,
      senderName: body.data.senderName ?? null,
    },
  };
}

/**
 * An alphanumeric sender id has a letter; a person's number (`+66812345678`, `0812345678`) has none.
 * Bank SMS in Thailand come from registered alphanumeric ids (KBank, SCB, Bualuang).
 */
const isAlphanumericSenderId = (sender: string | null): boolean => sender !== null && /\p{L}/u.test(sender);

function readSms(json: unknown, rawBody: string, bodyFormat: FeedBodyFormat): { text: string; receivedAt: string } | 'malformed' | 'not-a-bank' {
  if (bodyFormat === 'sms_gateway') {
    const body = readSmsReceivedBody(rawBody);
    if (!body) return 'malformed';
    if (!isAlphanumericSenderId(smsSenderOf(body.payload))) return 'not-a-bank';
    return { text: body.payload.message, receivedAt: body.payload.receivedAt };
  }
  const body = smsFeedBody.safeParse(json);
  return body.success ? { text: body.data.text, receivedAt: body.data.receivedAt } : 'malformed';
}

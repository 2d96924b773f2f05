import type { FeedBodyFormat, FeedKind } from '@sabai/contracts';
import type { FeedChannel, NormalizedFeedEvent } from './channels/channel-entry.ts';
import { feedIntake } from './channels/registry.ts';

export type { FeedChannel, IncomingDebit, NormalizedFeedEvent } from './channels/channel-entry.ts';

/**
 * Turns a stored feed body into the matcher's normalized credit (money.md "Deposit (auto)"), a
 * house debit (money out: SMS `หักบช…` or a statement line with direction `debit`), or says why
 * it is neither. Pure. The body is read by the intake the channel registry names for the channel's
 * kind and the feed kind (channels/registry.ts `feedIntake`, ADR 0056): bank SMS texts go through
 * the bank's parser (channels/bank.ts), a statement line or wallet event is already structured
 * (bank.ts, promptpay.ts, truemoney.ts). The house account a body names must be the channel's own.
 *
 * An SMS Gateway body (`bodyFormat` `sms_gateway`, docs/adr/0013) is an `sms:received` webhook;
 * its SMS must come from an alphanumeric sender id (a bank's, e.g. `KBank`): a text from a phone
 * number is someone typing a bank-looking SMS to the house phone, rejected (SENDER_NOT_A_BANK).
 * A body that is not JSON is rejected MALFORMED_JSON, one that does not fit its schema MALFORMED_BODY.
 */
export function normalizeFeedEvent(kind: FeedKind, rawBody: string, channel: FeedChannel, bodyFormat: FeedBodyFormat = 'sabai_v1'): NormalizedFeedEvent {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return { result: 'rejected', reason: 'MALFORMED_JSON' };
  }
  return feedIntake(channel.kind, kind).normalize({ rawBody, json, format: bodyFormat }, channel);
}

import type { DepositChannelKind, FeedKind } from '@sabai/contracts';
import { bankChannel, bankSmsFeed, bankStatementFeed } from './bank.ts';
import type { DepositChannelEntry, FeedIntake } from './channel-entry.ts';
import { promptPayChannel } from './promptpay.ts';
import { trueMoneyChannel, trueMoneyFeed } from './truemoney.ts';

/**
 * The deposit channel registry (issue 28 §1, ADR 0056): one entry per kind of
 * `DEPOSIT_CHANNEL_KINDS`, the way bank SMS parsers are registered (bank-feed/parsers). The mapped
 * type makes a kind added to @sabai/contracts fail typecheck until its entry is here, and an entry
 * missing a field (feeds, ledger account, candidate query, matcher rule) fail typecheck too.
 */
export const DEPOSIT_CHANNELS: { readonly [K in DepositChannelKind]: DepositChannelEntry<K> } = {
  bank: bankChannel,
  truemoney: trueMoneyChannel,
  promptpay: promptPayChannel,
};

/**
 * Each feed kind's own intake, declared by the channel kind that owns it (a bank's SMS and
 * statement, a TrueMoney wallet's events). Read for a source on a channel whose entry does not list
 * its feed kind (feedIntake). The mapped type makes a feed kind added to @sabai/contracts fail
 * typecheck until it is here.
 */
export const FEED_INTAKES: { readonly [F in FeedKind]: FeedIntake<F> } = {
  sms: bankSmsFeed,
  statement: bankStatementFeed,
  truemoney: trueMoneyFeed,
};

/** The entry for `kind`. */
export function depositChannelEntry(kind: DepositChannelKind): DepositChannelEntry {
  return DEPOSIT_CHANNELS[kind];
}

/** The entry for `kind`, or null for a kind the registry does not know (a stored or caller value outside the contracts list). */
export function findDepositChannelEntry(kind: string): DepositChannelEntry | null {
  return Object.hasOwn(DEPOSIT_CHANNELS, kind) ? DEPOSIT_CHANNELS[kind as DepositChannelKind] : null;
}

/**
 * How a delivery of `feedKind` into a channel of `channelKind` is read (body schema, dedupe key,
 * normalisation): the channel entry's own intake for that feed, else the feed kind's own
 * (FEED_INTAKES): a source the staff attached to an unusual channel is read as before.
 */
export function feedIntake(channelKind: DepositChannelKind, feedKind: FeedKind): FeedIntake {
  return findDepositChannelEntry(channelKind)?.feeds[feedKind] ?? FEED_INTAKES[feedKind];
}

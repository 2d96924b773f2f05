import type { DepositChannelKind } from '@sabai/contracts';
import { bankChannel } from './bank.ts';
import type { DepositChannelEntry } from './channel-entry.ts';
import { promptPayChannel } from './promptpay.ts';
import { trueMoneyChannel } from './truemoney.ts';

/**
 * The deposit channel registry (issue 28 §1, ADR 0056): one entry per kind of
 * `DEPOSIT_CHANNEL_KINDS`, the way bank SMS parsers are registered (bank-feed/parsers). The mapped
 * type makes a kind added to @sabai/contracts fail typecheck until its entry is here.
 */
export const DEPOSIT_CHANNELS: { readonly [K in DepositChannelKind]: DepositChannelEntry<K> } = {
  bank: bankChannel,
  truemoney: trueMoneyChannel,
  promptpay: promptPayChannel,
};

/** The entry for `kind`. */
export function depositChannelEntry(kind: DepositChannelKind): DepositChannelEntry {
  return DEPOSIT_CHANNELS[kind];
}

import { z } from 'zod';

/**
 * The closed lists of deposit intake kinds (issue 28 §1). Every schema and type naming a channel or
 * feed kind derives from these arrays (`z.enum(DEPOSIT_CHANNEL_KINDS)`,
 * `(typeof DEPOSIT_CHANNEL_KINDS)[number]`), so a new kind is added here once. The database checks
 * the same values (migrations 0003/0012: `deposit_channels.kind`, `bank_feed_sources.kind`).
 */

/** Where a member sends money: a house bank account, a TrueMoney wallet, or a PromptPay id. */
export const DEPOSIT_CHANNEL_KINDS = ['bank', 'truemoney', 'promptpay'] as const;
export type DepositChannelKind = (typeof DEPOSIT_CHANNEL_KINDS)[number];
export const depositChannelKind = z.enum(DEPOSIT_CHANNEL_KINDS);

/** A staff-entered field of a deposit channel (`deposit_channels` columns, the back office's channel form). */
export type DepositChannelField = 'bankCode' | 'accountNumber' | 'phoneNumber' | 'promptPayId';

/** What differs per channel kind outside the API's deposit intake (the API's part: deposits/channels/<kind>.ts). */
export interface DepositChannelKindInfo {
  /** Name on staff screens, Thai and English. */
  name: { th: string; en: string };
  /** Fields a new channel of this kind must have (the database checks the same: `deposit_channels_fields_by_kind`). */
  requiredFields: readonly DepositChannelField[];
  /** The channel as reports label it, before ` · <account name>` (its required fields are present). */
  describe: (channel: { bankCode: string | null; accountNumber: string | null; phoneNumber: string | null; promptPayId: string | null }) => string;
}

/**
 * Per channel kind: its name, its required fields and its report label. The mapped type makes a kind
 * added to DEPOSIT_CHANNEL_KINDS fail typecheck until it is described here (this file is touched for a
 * new kind anyway).
 */
export const DEPOSIT_CHANNEL_KIND_INFO: { readonly [K in DepositChannelKind]: DepositChannelKindInfo } = {
  bank: { name: { th: 'บัญชีธนาคาร', en: 'Bank account' }, requiredFields: ['bankCode', 'accountNumber'], describe: (c) => `${c.bankCode} ${c.accountNumber}` },
  truemoney: { name: { th: 'TrueMoney', en: 'TrueMoney' }, requiredFields: ['phoneNumber'], describe: (c) => `TrueMoney ${c.phoneNumber}` },
  promptpay: { name: { th: 'PromptPay', en: 'PromptPay' }, requiredFields: ['promptPayId', 'bankCode', 'accountNumber'], describe: (c) => `PromptPay ${c.promptPayId}` },
};

/** How an incoming transfer reaches us: a bank SMS, a bank statement line, a TrueMoney wallet event. */
export const FEED_KINDS = ['sms', 'statement', 'truemoney'] as const;
export type FeedKind = (typeof FEED_KINDS)[number];
export const feedKind = z.enum(FEED_KINDS);

/** Each feed kind's name on staff screens (the feed source form). */
export const FEED_KIND_NAMES: { readonly [F in FeedKind]: string } = { sms: 'SMS', statement: 'statement', truemoney: 'TrueMoney' };

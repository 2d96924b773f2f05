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

/** How an incoming transfer reaches us: a bank SMS, a bank statement line, a TrueMoney wallet event. */
export const FEED_KINDS = ['sms', 'statement', 'truemoney'] as const;
export type FeedKind = (typeof FEED_KINDS)[number];
export const feedKind = z.enum(FEED_KINDS);

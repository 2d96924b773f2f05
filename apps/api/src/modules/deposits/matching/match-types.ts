import type { DepositChannelKind } from '@sabai/contracts';

/**
 * The matcher's shapes (match-deposit.ts) and the small helpers every channel kind's finder
 * (deposits/channels/<kind>.ts `findMembers`) shares. Pure. Kept apart from match-deposit.ts so the
 * channel entries can use them while the matcher reads the registry (no import cycle).
 */

/**
 * An incoming credit as the bank feed normalizes it (money.md "Deposit (auto)"). Only credits come
 * here: a debit notification is never turned into one.
 */
export interface IncomingCredit {
  channelKind: DepositChannelKind;
  /** Must be > 0; anything else is held (INVALID_AMOUNT). */
  amountSatang: bigint;
  /** UTC instant the money arrived (PromptPay requests must still be open at this time). */
  occurredAt: Date;
  /** Three-digit bank code of the sender's bank, when the notification says it. */
  senderBankCode?: string | null;
  /** Sender's account as masked by the bank, e.g. `X189776X`, `x838467`. */
  senderAccountMasked?: string | null;
  /** TrueMoney: the sender's phone, `0812345678` (or `+66812345678`). */
  senderPhone?: string | null;
  /** Sender's name as the bank prints it, e.g. `PHUCHONG SONG`. */
  senderName?: string | null;
}

/** A member the caller considers; the matcher is correct on any list (order, duplicates, extras). */
export interface MatchMember {
  memberId: string;
  /** Bank of the member's bound account (spec §2: deposits only from the bound account). */
  bankCode: string;
  /** Bound account, digits only (10 or 12). */
  bankAccountNumber: string;
  firstName: string;
  lastName: string;
  /** Bound phone, `0812345678`. */
  phoneNumber: string;
  /** Only `active` members are ever credited. */
  status: string;
}

export interface OpenPromptPayRequest {
  requestId: string;
  memberId: string;
  /** The unique satang amount the member was asked to pay. */
  amountSatang: bigint;
  /** The request is open while occurredAt < expiresAt. */
  expiresAt: Date;
}

export interface MatchSettings {
  /** A matched credit strictly above this is held for staff (OVER_THRESHOLD). */
  reviewThresholdSatang: bigint;
}

/** Why a credit was matched. */
export type CreditReason = 'BANK_ACCOUNT_MATCH' | 'BANK_NAME_MATCH' | 'TRUEMONEY_PHONE_MATCH' | 'PROMPTPAY_REQUEST_MATCH';

/** Closed list of reasons a credit is held for staff (it stays in `unallocated_deposits`). */
export type HoldReason =
  /** Sender info given, no member fits it. */
  | 'NO_MATCH'
  /** Several members fit (candidates lists them). */
  | 'AMBIGUOUS'
  /** Exactly one member fits but the amount is above the review threshold. */
  | 'OVER_THRESHOLD'
  /** Bank channel without a sender account or name (or a name without its bank); TrueMoney without a phone. */
  | 'NO_SENDER_INFO'
  /** Members fit the sender's account/name but their bound account is at another bank (spec §2). */
  | 'SENDER_NOT_BOUND'
  /** The text names the sender and no member's registered name equals it (e.g. Latin vs Thai). */
  | 'SENDER_NAME_UNMATCHED'
  /** The mask has no single visible run of at least MIN_VISIBLE_DIGITS digits. */
  | 'UNREADABLE_SENDER_ACCOUNT'
  /** The TrueMoney phone is not a Thai mobile number. */
  | 'UNREADABLE_SENDER_PHONE'
  /** The one fitting member is not active. */
  | 'MEMBER_SUSPENDED'
  /** The PromptPay request's member is not in the member list given. */
  | 'MEMBER_NOT_FOUND'
  /** Amount zero or negative: a caller bug, reported as a value. */
  | 'INVALID_AMOUNT'
  /** A channel kind this matcher does not know. */
  | 'UNSUPPORTED_CHANNEL';

export type MatchDecision =
  | { decision: 'credit'; memberId: string; reason: CreditReason; promptPayRequestId?: string }
  /** `candidates`: member ids involved, sorted, no duplicates (empty when none). */
  | { decision: 'hold'; reason: HoldReason; candidates: string[] };

/**
 * What a channel kind's finder (its registry entry's `findMembers`) hands back to the matcher: the
 * members who fit the sender, and why they would be credited (a PromptPay request names itself).
 * A finder that can already decide (a hold) returns the MatchDecision instead.
 */
export type FoundMembers = { fitting: readonly MatchMember[]; reason: CreditReason; promptPayRequestId?: string };

/** A hold decision with its candidates (member ids, sorted, no duplicates). */
export function hold(reason: HoldReason, candidates: string[]): MatchDecision {
  return { decision: 'hold', reason, candidates };
}

/** The distinct member ids of `entries`, sorted (a hold's `candidates`; order-independent answers). */
export function distinctSortedIds(entries: readonly { memberId: string }[]): string[] {
  return [...new Set(entries.map((entry) => entry.memberId))].sort();
}

/** `value` trimmed, or null when absent or blank. */
export function nonEmpty(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

import { findDepositChannelEntry } from '../channels/registry.ts';
import {
  distinctSortedIds,
  hold,
  type IncomingCredit,
  type MatchDecision,
  type MatchMember,
  type MatchSettings,
  type OpenPromptPayRequest,
} from './match-types.ts';

export type {
  CreditReason,
  FoundMembers,
  HoldReason,
  IncomingCredit,
  MatchDecision,
  MatchMember,
  MatchSettings,
  OpenPromptPayRequest,
} from './match-types.ts';

/**
 * Decides who an incoming credit belongs to, or holds it for staff (money.md "Deposit (auto)";
 * spec §2 "transfer only from the account bound to the member, otherwise the money does not
 * enter"). Pure: no I/O, no clock, never throws; the result does not depend on list order.
 *
 * Who fits the sender is the channel kind's own rule: its registry entry's `findMembers`
 * (deposits/channels/<kind>.ts, ADR 0056); a kind with no entry is held UNSUPPORTED_CHANNEL.
 * - `bank` (channels/bank.ts) with `senderAccountMasked`: members whose bound account fits the mask
 *   (masked-account.ts: visible run contiguous, position pinned by the mask) and, when
 *   `senderBankCode` is known, whose bank equals it. Fitting digits at another bank only →
 *   SENDER_NOT_BOUND. A name given alongside an account is ignored (the account is stronger).
 * - `bank` with only `senderName` (SCB same-bank `โอนจากNAME`): needs `senderBankCode`; members at
 *   that bank whose `firstName + ' ' + lastName` equals the name after trimming, collapsing
 *   spaces, Unicode NFC and upper-casing. No transliteration: a Latin SMS name never equals a
 *   Thai registered name, so those are held SENDER_NAME_UNMATCHED for staff rather than guessed.
 * - `bank` with neither → NO_SENDER_INFO (unique-amount matching is for PromptPay only).
 * - `promptpay` (channels/promptpay.ts): the open requests (expiresAt > occurredAt) with exactly
 *   `amountSatang`; exactly one → its member (who must be in `members`), none → NO_MATCH, several →
 *   AMBIGUOUS even when they are the same member's (open amounts are meant to be unique: a
 *   duplicate is a bug staff should see, and we would not know which request to close).
 * - `truemoney` (channels/truemoney.ts): members whose `phoneNumber` equals `senderPhone` (`+66…`
 *   read as `0…`).
 *
 * Then: no candidate → hold NO_MATCH; several distinct members → hold AMBIGUOUS; the one member not
 * `active` (any entry for that id) → hold MEMBER_SUSPENDED; amount > reviewThresholdSatang → hold
 * OVER_THRESHOLD with the member as candidate; otherwise credit.
 *
 * @param input.credit the normalized credit (amounts in satang).
 * @param input.members candidate members (the caller may pre-filter; any list is handled).
 * @param input.openPromptPayRequests open PromptPay requests (only read for `promptpay`).
 * @param input.settings.reviewThresholdSatang credits above it always go to staff.
 */
export function matchDeposit(input: {
  credit: IncomingCredit;
  members: readonly MatchMember[];
  openPromptPayRequests: readonly OpenPromptPayRequest[];
  settings: MatchSettings;
}): MatchDecision {
  const { credit, members, settings } = input;
  if (typeof credit.amountSatang !== 'bigint' || credit.amountSatang <= 0n) return hold('INVALID_AMOUNT', []);

  const entry = findDepositChannelEntry(credit.channelKind);
  if (!entry) return hold('UNSUPPORTED_CHANNEL', []);
  const found = entry.findMembers(credit, members, input.openPromptPayRequests);
  if ('decision' in found) return found;

  const candidates = distinctSortedIds(found.fitting);
  const [memberId] = candidates;
  if (memberId === undefined) return hold('NO_MATCH', []);
  if (candidates.length > 1) return hold('AMBIGUOUS', candidates);
  if (members.some((member) => member.memberId === memberId && member.status !== 'active')) {
    return hold('MEMBER_SUSPENDED', candidates);
  }
  if (credit.amountSatang > settings.reviewThresholdSatang) return hold('OVER_THRESHOLD', candidates);
  return found.promptPayRequestId === undefined
    ? { decision: 'credit', memberId, reason: found.reason }
    : { decision: 'credit', memberId, reason: found.reason, promptPayRequestId: found.promptPayRequestId };
}

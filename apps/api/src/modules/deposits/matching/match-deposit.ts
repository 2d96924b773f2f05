import { accountFitsMask, readMaskedAccount } from './masked-account.ts';
import type { DepositChannelKind } from '@sabai/contracts';

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

type Found = { fitting: readonly MatchMember[]; reason: CreditReason; promptPayRequestId?: string };

/**
 * Decides who an incoming credit belongs to, or holds it for staff (money.md "Deposit (auto)";
 * spec §2 "transfer only from the account bound to the member, otherwise the money does not
 * enter"). Pure: no I/O, no clock, never throws; the result does not depend on list order.
 *
 * Channels:
 * - `bank` with `senderAccountMasked`: members whose bound account fits the mask
 *   (masked-account.ts: visible run contiguous, position pinned by the mask) and, when
 *   `senderBankCode` is known, whose bank equals it. Fitting digits at another bank only →
 *   SENDER_NOT_BOUND. A name given alongside an account is ignored (the account is stronger).
 * - `bank` with only `senderName` (SCB same-bank `โอนจากNAME`): needs `senderBankCode`; members at
 *   that bank whose `firstName + ' ' + lastName` equals the name after trimming, collapsing
 *   spaces, Unicode NFC and upper-casing. No transliteration: a Latin SMS name never equals a
 *   Thai registered name, so those are held SENDER_NAME_UNMATCHED for staff rather than guessed.
 * - `bank` with neither → NO_SENDER_INFO (unique-amount matching is for PromptPay only).
 * - `promptpay`: the open requests (expiresAt > occurredAt) with exactly `amountSatang`; exactly
 *   one → its member (who must be in `members`), none → NO_MATCH, several → AMBIGUOUS even when
 *   they are the same member's (open amounts are meant to be unique: a duplicate is a bug staff
 *   should see, and we would not know which request to close).
 * - `truemoney`: members whose `phoneNumber` equals `senderPhone` (`+66…` read as `0…`).
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

  let found: Found | MatchDecision;
  switch (credit.channelKind) {
    case 'bank':
      found = findByBankSender(credit, members);
      break;
    case 'promptpay':
      found = findByPromptPayRequest(credit, members, input.openPromptPayRequests);
      break;
    case 'truemoney':
      found = findByTrueMoneyPhone(credit, members);
      break;
    default:
      return hold('UNSUPPORTED_CHANNEL', []);
  }
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

function findByBankSender(credit: IncomingCredit, members: readonly MatchMember[]): Found | MatchDecision {
  const senderBankCode = nonEmpty(credit.senderBankCode);
  const isAtSenderBank = (member: MatchMember) => senderBankCode === null || member.bankCode === senderBankCode;

  const masked = nonEmpty(credit.senderAccountMasked);
  if (masked !== null) {
    const mask = readMaskedAccount(masked);
    if (!mask) return hold('UNREADABLE_SENDER_ACCOUNT', []);
    const fittingDigits = members.filter((member) => accountFitsMask(member.bankAccountNumber, mask));
    return boundOrNotBound(fittingDigits, isAtSenderBank, 'BANK_ACCOUNT_MATCH');
  }

  const senderName = normalizePersonName(credit.senderName ?? '');
  if (senderName !== '') {
    if (senderBankCode === null) return hold('NO_SENDER_INFO', []);
    const fittingName = members.filter(
      (member) => normalizePersonName(`${member.firstName} ${member.lastName}`) === senderName,
    );
    if (fittingName.length === 0) return hold('SENDER_NAME_UNMATCHED', []);
    return boundOrNotBound(fittingName, isAtSenderBank, 'BANK_NAME_MATCH');
  }
  return hold('NO_SENDER_INFO', []);
}

/** Members that fit the sender but are bound at another bank did not send from their bound account. */
function boundOrNotBound(
  fitting: readonly MatchMember[],
  isAtSenderBank: (member: MatchMember) => boolean,
  reason: CreditReason,
): Found | MatchDecision {
  const bound = fitting.filter(isAtSenderBank);
  if (bound.length === 0 && fitting.length > 0) return hold('SENDER_NOT_BOUND', distinctSortedIds(fitting));
  return { fitting: bound, reason };
}

function findByPromptPayRequest(
  credit: IncomingCredit,
  members: readonly MatchMember[],
  requests: readonly OpenPromptPayRequest[],
): Found | MatchDecision {
  const occurredAtMs = credit.occurredAt.getTime();
  const open = requests.filter(
    (request) => request.amountSatang === credit.amountSatang && occurredAtMs < request.expiresAt.getTime(),
  );
  if (open.length > 1) return hold('AMBIGUOUS', distinctSortedIds(open));
  const [request] = open;
  if (!request) return hold('NO_MATCH', []);
  const member = members.filter((candidate) => candidate.memberId === request.memberId);
  if (member.length === 0) return hold('MEMBER_NOT_FOUND', [request.memberId]);
  return { fitting: member, reason: 'PROMPTPAY_REQUEST_MATCH', promptPayRequestId: request.requestId };
}

function findByTrueMoneyPhone(credit: IncomingCredit, members: readonly MatchMember[]): Found | MatchDecision {
  const raw = nonEmpty(credit.senderPhone);
  if (raw === null) return hold('NO_SENDER_INFO', []);
  const phone = normalizeThaiMobile(raw);
  if (phone === null) return hold('UNREADABLE_SENDER_PHONE', []);
  return { fitting: members.filter((member) => member.phoneNumber === phone), reason: 'TRUEMONEY_PHONE_MATCH' };
}

/** `0812345678`, `081-234-5678`, `+66812345678`, `66812345678` → `0812345678`; else null. */
function normalizeThaiMobile(phone: string): string | null {
  const compact = phone.replace(/[- ]/g, '');
  const international = /^\+?66(\d{9})$/.exec(compact);
  const local = international ? `0${international[1]}` : compact;
  return /^0\d{9}$/.test(local) ? local : null;
}

/** Trim, collapse whitespace, NFC, upper-case (Latin case-insensitive; Thai has no case). */
function normalizePersonName(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/g, ' ').toUpperCase();
}

function nonEmpty(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

function distinctSortedIds(entries: readonly { memberId: string }[]): string[] {
  return [...new Set(entries.map((entry) => entry.memberId))].sort();
}

function hold(reason: HoldReason, candidates: string[]): MatchDecision {
  return { decision: 'hold', reason, candidates };
}

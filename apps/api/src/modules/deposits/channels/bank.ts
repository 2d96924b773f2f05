import { createHash } from 'node:crypto';
import type { Queryable } from '@sabai/db';
import { parseBahtToSatang } from '@sabai/money';
import { readSmsReceivedBody, smsFeedBody, smsSenderOf, statementFeedBody, type FeedBodyFormat } from '@sabai/contracts';
import { parseBankNotification } from '../bank-feed/index.ts';
import { accountFitsMask, readMaskedAccount, type MaskedAccount } from '../matching/masked-account.ts';
import { distinctSortedIds, hold, nonEmpty, type CreditReason, type FoundMembers, type IncomingCredit, type MatchDecision, type MatchMember } from '../matching/match-types.ts';
import {
  CANDIDATE_LIMIT,
  CANDIDATE_MEMBER_COLUMNS,
  defineFeedIntake,
  type CandidateMember,
  type DepositCandidates,
  type DepositChannelEntry,
  type FeedIntakeSpec,
} from './channel-entry.ts';
import { slipTwinsRead, type SlipDepositTwin } from './slip/same-transfer.ts';

/**
 * A bank SMS forwarded from the house account's phone (`/bank-feed/v1/sms`, or an SMS Gateway
 * webhook, docs/adr/0013). The text goes through the bank's parser (bank-feed/parsers); the house
 * account it names must be the channel's own. A gateway SMS must come from an alphanumeric sender
 * id (a bank's, e.g. `KBank`): one from a phone number is someone typing a bank-looking SMS to the
 * house phone (SENDER_NOT_A_BANK). Dedupe: `sms:` + sha256 of bank code, text and received time
 * (the gateway route keys its SMS by content instead: build-sms-content-key.ts).
 */
export const bankSmsFeedSpec = {
  feedKind: 'sms',
  body: smsFeedBody,
  dedupeKey: (body, source) => `sms:${sha256(`${source.bankCode ?? ''}\n${body.text}\n${body.receivedAt}`)}`,
  read(stored, channel) {
    const sms = readSms(stored.json, stored.rawBody, stored.format);
    if (sms === 'malformed' || !channel.bankCode) return { ok: false, reason: 'MALFORMED_BODY' };
    if (sms === 'not-a-bank') return { ok: false, reason: 'SENDER_NOT_A_BANK' };
    return { ok: true, body: sms };
  },
  normalize(sms, channel) {
    if (!channel.bankCode) return { result: 'rejected', reason: 'MALFORMED_BODY' };
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
        channelKind: channel.kind,
        amountSatang: notification.amountSatang,
        occurredAt: notification.occurredAt,
        senderBankCode: notification.senderBankCode,
        senderAccountMasked: notification.senderAccountMasked,
        senderName: notification.senderName,
      },
    };
  },
} satisfies FeedIntakeSpec<'sms', typeof smsFeedBody>;

/**
 * A statement line from a bank-API connector (`/bank-feed/v1/statement`): structured already; its
 * account must be the channel's own; direction `debit` is money out. Dedupe: `ref:<providerRef>`.
 */
export const bankStatementFeedSpec = {
  feedKind: 'statement',
  body: statementFeedBody,
  dedupeKey: (body) => `ref:${body.providerRef}`,
  normalize(line, channel) {
    if (line.accountNumber !== channel.accountNumber) return { result: 'rejected', reason: 'HOUSE_ACCOUNT_MISMATCH' };
    const amount = parseBahtToSatang(line.amount);
    if (!amount.ok) return { result: 'rejected', reason: `AMOUNT_${amount.error}` };
    if (line.direction === 'debit') {
      return { result: 'debit', debit: { amountSatang: amount.amountSatang, occurredAt: new Date(line.occurredAt), recipientAccountMasked: line.recipientAccountNumber ?? null } };
    }
    return {
      result: 'credit',
      credit: {
        channelKind: channel.kind,
        amountSatang: amount.amountSatang,
        occurredAt: new Date(line.occurredAt),
        senderBankCode: line.senderBankCode ?? null,
        senderAccountMasked: line.senderAccountNumber ?? null,
        senderName: line.senderName ?? null,
      },
    };
  },
} satisfies FeedIntakeSpec<'statement', typeof statementFeedBody>;

/** The `sms` feed's intake (also read for a PromptPay channel's bank account). */
export const bankSmsFeed = defineFeedIntake(bankSmsFeedSpec);
/** The `statement` feed's intake (a PromptPay channel reads it with its id check: promptpay.ts). */
export const bankStatementFeed = defineFeedIntake(bankStatementFeedSpec);

/**
 * A house bank account, reported by its SMS or its statement. Candidates: members whose bound account
 * contains the sender's visible digits, else members at the sender's bank with the sender's name.
 * Matching: the bound account fits the sender's mask, else the sender's full name (findMembers).
 * Ledger: `house:bank:<id>`.
 */
export const bankChannel: DepositChannelEntry<'bank'> = {
  kind: 'bank',
  feeds: { sms: bankSmsFeed, statement: bankStatementFeed },
  ledgerAccountCode: (channelId) => `house:bank:${channelId}`,
  loadCandidates: loadBankCandidates,
  findMembers: findByBankSender,
};

/**
 * The members a bank credit's candidate read looks at: exactly those whose bound account fits the
 * sender's mask (`accountFitsMask`, the same rule in SQL), else those at the sender's bank with the
 * sender's name; null when the credit names no sender (then there are no candidates). `where` uses
 * `$1`… for `params`.
 *
 * Both reach members by an index (migration 0066, docs/adr/0076), never by reading every member: the
 * visible digits as a LIKE pattern (`'%1234%'`, `'1234%'`, `'%1234'`) for the trigram index on
 * `bank_account_number`, a whole account by its own index; the bank and the upper-cased full name for
 * the name index, the expression as that index has it.
 */
export function candidateFilter(credit: IncomingCredit): { where: string; params: unknown[] } | null {
  const mask = credit.senderAccountMasked ? readMaskedAccount(credit.senderAccountMasked) : null;
  if (mask) return maskFilter(mask);
  if (credit.senderName && credit.senderBankCode) {
    return { where: `bank_code = $1 AND upper(first_name || ' ' || last_name) = upper($2)`, params: [credit.senderBankCode, credit.senderName.trim().replace(/\s+/g, ' ')] };
  }
  return null;
}

/**
 * `accountFitsMask` as a filter on `bank_account_number`: the account is all digits; the visible run
 * is strictly inside (hidden both sides), the end (hidden before), the start (hidden after) or the
 * whole account. The LIKE pattern is what the trigram index reads (migration 0066); the rest makes
 * the fit exact. Parameters are numbered from `$<first>`. Also the slip's sender check
 * (slip/read-slip-parties.ts).
 */
export function maskFilter(mask: MaskedAccount, first = 1): { where: string; params: unknown[] } {
  const { visibleDigits, isHiddenBefore, isHiddenAfter } = mask;
  if (!/^\d+$/.test(visibleDigits)) throw new Error('maskFilter: the visible run must be digits (readMaskedAccount)');
  const [a, b] = [`$${first}`, `$${first + 1}`];
  // `!~` and not `~ '^[0-9]+$'`: the trigram index would take a `~` as an index condition it cannot narrow
  // (no trigram in it) and read all of itself for it (4.3 ms at 100,000 members, EXPLAIN ANALYZE).
  const allDigits = `bank_account_number !~ '[^0-9]'`;
  if (isHiddenBefore && isHiddenAfter) {
    return {
      where: `bank_account_number LIKE ${a} AND ${allDigits} AND strpos(substr(bank_account_number, 2, greatest(length(bank_account_number) - 2, 0)), ${b}) > 0`,
      params: [`%${visibleDigits}%`, visibleDigits],
    };
  }
  if (isHiddenBefore) return { where: `bank_account_number LIKE ${a} AND ${allDigits} AND length(bank_account_number) > ${b}`, params: [`%${visibleDigits}`, visibleDigits.length] };
  if (isHiddenAfter) return { where: `bank_account_number LIKE ${a} AND ${allDigits} AND length(bank_account_number) > ${b}`, params: [`${visibleDigits}%`, visibleDigits.length] };
  // The whole account, at any bank (a fitting member at another bank is SENDER_NOT_BOUND): the
  // account's own index (the unique one leads with bank_code).
  return { where: `bank_account_number = ${a}`, params: [visibleDigits] };
}

/**
 * One more than CANDIDATE_LIMIT: a read that returns more than the limit tells the matcher that more
 * members fit than it was shown, and the credit is held (findByBankSender), never matched within a
 * cut-off list. No ORDER BY: with one, a planner may walk the primary key in id order hoping to meet
 * the limit early, reading every member when few fit; the matcher is order-independent.
 */
const candidateMembersSql = (where: string) => `SELECT ${CANDIDATE_MEMBER_COLUMNS} FROM members WHERE ${where} LIMIT ${CANDIDATE_LIMIT + 1}`;

/**
 * The bank channel's candidate members for `credit` (bankChannel.loadCandidates): one statement,
 * none when the credit names no sender.
 */
export async function loadBankCandidates(tx: Queryable, credit: IncomingCredit): Promise<DepositCandidates> {
  const filter = candidateFilter(credit);
  if (!filter) return { members: [], promptPayRequests: [] };
  const { rows } = await tx.query<CandidateMember>(candidateMembersSql(filter.where), filter.params, { prepare: true });
  return { members: rows, promptPayRequests: [] };
}

/**
 * For a feed credit on a bank channel (processFeedEvent): its candidate members (as
 * `loadBankCandidates`) and the slip deposits it may be the twin of (same-transfer.ts
 * `slipTwinsRead`, which takes the same-transfer lock shared first), in one statement (issue 29
 * §1; two round trips fewer than reading them apart, docs/adr/0053 third h1 addendum). The twins'
 * read is a MATERIALIZED CTE of one row, run once whatever the candidates, LEFT JOINed to them (each
 * candidate as one JSON column); with no sender to go by it is the whole statement.
 * @returns the candidates and the twins (oldest first, at most 5; none: `[]`).
 */
export async function loadBankCandidatesAndSlipTwins(
  tx: Queryable,
  credit: IncomingCredit,
  look: { channelId: string; windowMs: number },
): Promise<{ candidates: DepositCandidates; slipTwins: SlipDepositTwin[] }> {
  const filter = candidateFilter(credit);
  const filterParams = filter?.params ?? [];
  const twins = slipTwinsRead({ ...look, credit });
  const twinsSql = twins.sql(filterParams.length + 1);
  const { rows } = await tx.query<{ slip_twins: SlipDepositTwin[]; candidate?: CandidateMember | null }>(
    filter
      ? `WITH twins AS MATERIALIZED (${twinsSql})
         SELECT twins.slip_twins, to_jsonb(candidate) AS candidate FROM twins LEFT JOIN LATERAL (${candidateMembersSql(filter.where)}) AS candidate ON true`
      : twinsSql,
    [...filterParams, ...twins.params],
    { prepare: true },
  );
  const first = rows[0];
  if (!first) throw new Error('loadBankCandidatesAndSlipTwins: the slip-twin read yielded no row');
  const members = rows.flatMap((row) => (row.candidate ? [row.candidate] : []));
  return { candidates: { members, promptPayRequests: [] }, slipTwins: first.slip_twins };
}

/**
 * The sender's masked account (bank fitting when known; fitting only at another bank →
 * SENDER_NOT_BOUND), else the sender's name at the sender's bank, else NO_SENDER_INFO (docs in
 * matching/match-deposit.ts and matching/README.md).
 */
function findByBankSender(credit: IncomingCredit, members: readonly MatchMember[]): FoundMembers | MatchDecision {
  // More members fit than the read returned (candidateMembersSql reads CANDIDATE_LIMIT + 1): the
  // one that sent it may be among those not shown, so nothing is matched within a cut-off list.
  if (members.length > CANDIDATE_LIMIT) return hold('AMBIGUOUS', distinctSortedIds(members).slice(0, CANDIDATE_LIMIT));
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
): FoundMembers | MatchDecision {
  const bound = fitting.filter(isAtSenderBank);
  if (bound.length === 0 && fitting.length > 0) return hold('SENDER_NOT_BOUND', distinctSortedIds(fitting));
  return { fitting: bound, reason };
}

/** Trim, collapse whitespace, NFC, upper-case (Latin case-insensitive; Thai has no case). */
function normalizePersonName(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/g, ' ').toUpperCase();
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

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

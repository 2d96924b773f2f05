import type { DepositChannelKind, FeedBodyFormat, FeedKind } from '@sabai/contracts';
import type { Queryable } from '@sabai/db';
import type { z } from 'zod';
import type { FoundMembers, IncomingCredit, MatchDecision, MatchMember, OpenPromptPayRequest } from '../matching/match-types.ts';

/** A member the matcher may pick, with what the crediting needs besides (docs/adr/0040). */
export type CandidateMember = MatchMember & { isBankAccountVerified: boolean };

/** What the matcher sees for one credit: the members who could fit it (and open PromptPay requests). */
export interface DepositCandidates {
  members: CandidateMember[];
  promptPayRequests: OpenPromptPayRequest[];
}

/** The house channel a feed source reports on, as its feed's normalisation reads it (a `deposit_channels` row). */
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

/** What one stored feed body says (normalize-feed-event.ts). */
export type NormalizedFeedEvent =
  | { result: 'credit'; credit: IncomingCredit }
  /** Money out of the house account: stored, never credited; it may confirm a payout by staff. */
  | { result: 'debit'; debit: IncomingDebit }
  /** Not money in and nothing to confirm: stored, never credited. */
  | { result: 'ignored'; reason: string }
  /** Unreadable or not for this channel: stored, never credited, visible to staff. */
  | { result: 'rejected'; reason: string };

/** A stored delivery (`bank_feed_events`): its raw text, that text read as JSON, and its shape. */
export interface StoredFeedBody {
  rawBody: string;
  json: unknown;
  format: FeedBodyFormat;
}

/** The feed source a delivery came from, as its dedupe key may need it. */
export interface FeedDeliverySource {
  /** Three-digit bank code of the source's house account (null for a wallet). */
  bankCode: string | null;
}

/**
 * How one feed kind's deliveries are read, typed by its body (declared with `defineFeedIntake` in
 * the channel file that owns the feed kind).
 */
export interface FeedIntakeSpec<F extends FeedKind, S extends z.ZodTypeAny> {
  feedKind: F;
  /** Wire schema of a `sabai_v1` body posted on `/bank-feed/v1/<feedKind>` (from @sabai/contracts, which owns the wire). */
  body: S;
  /**
   * Dedupe key of a delivery whose body fits `body` (≤ 200 characters, `bank_feed_events` is unique
   * per source and key). A body that does not fit is keyed `raw:<sha256 of the raw body>`. Keys are
   * stored: changing one lets an old delivery credit twice.
   */
  dedupeKey: (body: z.output<S>, source: FeedDeliverySource) => string;
  /**
   * Reads a stored body for `normalize`, or rejects it. Default: the JSON fits `body`, else
   * `MALFORMED_BODY`. (SMS also reads SMS Gateway webhooks, docs/adr/0013.)
   */
  read?: (stored: StoredFeedBody, channel: FeedChannel) => { ok: true; body: z.output<S> } | { ok: false; reason: string };
  /** Turns a readable body into money in (a credit for the matcher), money out, or why it is neither. Pure. */
  normalize: (body: z.output<S>, channel: FeedChannel) => NormalizedFeedEvent;
}

/** One feed kind's intake, with its body type hidden so one table holds every kind (registry.ts). */
export interface FeedIntake<F extends FeedKind = FeedKind> {
  readonly feedKind: F;
  /** The wire schema (FeedIntakeSpec.body). */
  readonly body: z.ZodTypeAny;
  /** The delivery's dedupe key from its JSON body (undefined when not JSON), or null when the body does not fit the schema. */
  dedupeKey: (json: unknown, source: FeedDeliverySource) => string | null;
  /** The stored delivery normalised for `channel` (reading first: unreadable → `rejected`). */
  normalize: (stored: StoredFeedBody, channel: FeedChannel) => NormalizedFeedEvent;
}

/** Declares a feed kind's intake from its typed spec (the body is parsed once, by its own schema). */
export function defineFeedIntake<F extends FeedKind, S extends z.ZodTypeAny>(spec: FeedIntakeSpec<F, S>): FeedIntake<F> {
  const read =
    spec.read ??
    ((stored: StoredFeedBody): { ok: true; body: z.output<S> } | { ok: false; reason: string } => {
      const parsed = spec.body.safeParse(stored.json);
      return parsed.success ? { ok: true, body: parsed.data as z.output<S> } : { ok: false, reason: 'MALFORMED_BODY' };
    });
  return {
    feedKind: spec.feedKind,
    body: spec.body,
    dedupeKey(json, source) {
      const parsed = spec.body.safeParse(json);
      return parsed.success ? spec.dedupeKey(parsed.data as z.output<S>, source) : null;
    },
    normalize(stored, channel) {
      const readBody = read(stored, channel);
      return readBody.ok ? spec.normalize(readBody.body, channel) : { result: 'rejected', reason: readBody.reason };
    },
  };
}

/**
 * One deposit channel kind's entry in the registry (channels/registry.ts, issue 28 §1, ADR 0056):
 * everything that differs per kind, from the delivery that reports the money to the ledger account
 * it lands on. Every field is required: an entry missing one does not typecheck.
 */
export interface DepositChannelEntry<K extends DepositChannelKind = DepositChannelKind> {
  kind: K;
  /**
   * The feeds that report money into a channel of this kind, by feed kind: body schema, dedupe key,
   * normalisation. A kind owning a feed kind declares it (bank: `sms`, `statement`; truemoney:
   * `truemoney`); a kind paid into another account lists that account's (promptpay).
   */
  feeds: { readonly [F in FeedKind]?: FeedIntake<F> };
  /** The house ledger account money into this channel lands on (`house:<bank|wallet>:<channelId>`). */
  ledgerAccountCode: (channelId: string) => string;
  /** Bounded query (≤ CANDIDATE_LIMIT members) for the members who could have sent `credit`. */
  loadCandidates: (tx: Queryable, credit: IncomingCredit) => Promise<DepositCandidates>;
  /**
   * The matcher's rule for this kind (matching/match-deposit.ts): the members among `members` who fit
   * the sender, or a hold when the credit cannot be matched on this channel. Pure, order-independent.
   */
  findMembers: (credit: IncomingCredit, members: readonly MatchMember[], openPromptPayRequests: readonly OpenPromptPayRequest[]) => FoundMembers | MatchDecision;
}

/** Most members one candidate query returns. */
export const CANDIDATE_LIMIT = 50;

/** Columns every candidate query selects (shape of CandidateMember). */
export const CANDIDATE_MEMBER_COLUMNS = `id AS "memberId", bank_code AS "bankCode", bank_account_number AS "bankAccountNumber",
    first_name AS "firstName", last_name AS "lastName", phone_number AS "phoneNumber", status,
    bank_account_verified_at IS NOT NULL AS "isBankAccountVerified"`;

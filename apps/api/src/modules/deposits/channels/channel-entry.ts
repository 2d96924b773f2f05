import type { DepositChannelKind } from '@sabai/contracts';
import type { Queryable } from '@sabai/db';
import type { IncomingCredit, MatchMember, OpenPromptPayRequest } from '../matching/match-deposit.ts';

/** A member the matcher may pick, with what the crediting needs besides (docs/adr/0040). */
export type CandidateMember = MatchMember & { isBankAccountVerified: boolean };

/** What the matcher sees for one credit: the members who could fit it (and open PromptPay requests). */
export interface DepositCandidates {
  members: CandidateMember[];
  promptPayRequests: OpenPromptPayRequest[];
}

/**
 * One deposit channel kind's entry in the registry (channels/registry.ts, issue 28 §1, ADR 0056): what
 * differs per kind. A new kind is a contracts literal, one file like bank.ts, and one line in the table.
 */
export interface DepositChannelEntry<K extends DepositChannelKind = DepositChannelKind> {
  kind: K;
  /** The house ledger account money into this channel lands on (`house:<bank|wallet>:<channelId>`). */
  ledgerAccountCode: (channelId: string) => string;
  /** Bounded query (≤ CANDIDATE_LIMIT members) for the members who could have sent `credit`. */
  loadCandidates: (tx: Queryable, credit: IncomingCredit) => Promise<DepositCandidates>;
}

/** Most members one candidate query returns. */
export const CANDIDATE_LIMIT = 50;

/** Columns every candidate query selects (shape of CandidateMember). */
export const CANDIDATE_MEMBER_COLUMNS = `id AS "memberId", bank_code AS "bankCode", bank_account_number AS "bankAccountNumber",
    first_name AS "firstName", last_name AS "lastName", phone_number AS "phoneNumber", status,
    bank_account_verified_at IS NOT NULL AS "isBankAccountVerified"`;

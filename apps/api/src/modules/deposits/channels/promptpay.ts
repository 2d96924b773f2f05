import { distinctSortedIds, hold, type FoundMembers, type IncomingCredit, type MatchDecision, type MatchMember, type OpenPromptPayRequest } from '../matching/match-types.ts';
import { bankSmsFeed, bankStatementFeedSpec } from './bank.ts';
import { CANDIDATE_LIMIT, CANDIDATE_MEMBER_COLUMNS, defineFeedIntake, type CandidateMember, type DepositChannelEntry, type FeedIntakeSpec } from './channel-entry.ts';

/**
 * The statement of the bank account a PromptPay proxy pays into: the bank's statement line, and a
 * line that names a PromptPay id must name this channel's (PROMPTPAY_ID_MISMATCH; a line for
 * another account is HOUSE_ACCOUNT_MISMATCH first, as the bank's). Body and dedupe key: the bank's.
 */
export const promptPayStatementFeed = defineFeedIntake({
  ...bankStatementFeedSpec,
  normalize(line, channel) {
    if (line.accountNumber === channel.accountNumber && line.promptPayId && line.promptPayId !== channel.promptPayId) {
      return { result: 'rejected', reason: 'PROMPTPAY_ID_MISMATCH' };
    }
    return bankStatementFeedSpec.normalize(line, channel);
  },
} satisfies FeedIntakeSpec<'statement', typeof bankStatementFeedSpec.body>);

/**
 * A PromptPay proxy paying into a house bank account, reported by that account's SMS and statement.
 * Candidates: open, unexpired PromptPay requests of the credit's exact amount and their members.
 * Matching: the one open request of that amount (findMembers). Ledger: `house:bank:<id>` (the money
 * is on a bank account).
 */
export const promptPayChannel: DepositChannelEntry<'promptpay'> = {
  kind: 'promptpay',
  feeds: { sms: bankSmsFeed, statement: promptPayStatementFeed },
  ledgerAccountCode: (channelId) => `house:bank:${channelId}`,
  async loadCandidates(tx, credit) {
    const { rows } = await tx.query<OpenPromptPayRequest>(
      `SELECT id AS "requestId", member_id AS "memberId", amount_satang AS "amountSatang", expires_at AS "expiresAt"
       FROM promptpay_requests WHERE amount_satang = $1 AND paid_deposit_id IS NULL AND expires_at > $2 LIMIT ${CANDIDATE_LIMIT}`,
      [credit.amountSatang, credit.occurredAt],
    );
    const members = await tx.query<CandidateMember>(`SELECT ${CANDIDATE_MEMBER_COLUMNS} FROM members WHERE id = ANY($1::text[])`, [rows.map((row) => row.memberId)]);
    return { members: members.rows, promptPayRequests: rows };
  },
  findMembers: findByPromptPayRequest,
};

/** The one open request (occurredAt < expiresAt) of exactly this amount, and its member (MEMBER_NOT_FOUND when absent). */
function findByPromptPayRequest(credit: IncomingCredit, members: readonly MatchMember[], requests: readonly OpenPromptPayRequest[]): FoundMembers | MatchDecision {
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

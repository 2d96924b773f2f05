import type { OpenPromptPayRequest } from '../matching/match-deposit.ts';
import { CANDIDATE_LIMIT, CANDIDATE_MEMBER_COLUMNS, type CandidateMember, type DepositChannelEntry } from './channel-entry.ts';

/**
 * A PromptPay proxy paying into a house bank account. Candidates: open, unexpired PromptPay requests of
 * the credit's exact amount and their members. Ledger: `house:bank:<id>` (the money is on a bank account).
 */
export const promptPayChannel: DepositChannelEntry<'promptpay'> = {
  kind: 'promptpay',
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
};

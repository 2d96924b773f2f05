import { CANDIDATE_LIMIT, CANDIDATE_MEMBER_COLUMNS, type CandidateMember, type DepositChannelEntry } from './channel-entry.ts';

/** A house TrueMoney wallet. Candidates: members with the sender's phone. Ledger: `house:wallet:<id>`. */
export const trueMoneyChannel: DepositChannelEntry<'truemoney'> = {
  kind: 'truemoney',
  ledgerAccountCode: (channelId) => `house:wallet:${channelId}`,
  async loadCandidates(tx, credit) {
    const phone = (credit.senderPhone ?? '').replace(/^\+66/, '0');
    const { rows } = await tx.query<CandidateMember>(`SELECT ${CANDIDATE_MEMBER_COLUMNS} FROM members WHERE phone_number = $1 LIMIT ${CANDIDATE_LIMIT}`, [phone]);
    return { members: rows, promptPayRequests: [] };
  },
};

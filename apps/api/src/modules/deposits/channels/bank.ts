import { readMaskedAccount } from '../matching/masked-account.ts';
import { CANDIDATE_LIMIT, CANDIDATE_MEMBER_COLUMNS, type CandidateMember, type DepositChannelEntry } from './channel-entry.ts';

/**
 * A house bank account (SMS or statement feed). Candidates: members whose bound account contains the
 * sender's visible digits, else members at the sender's bank with the sender's name. Ledger: `house:bank:<id>`.
 */
export const bankChannel: DepositChannelEntry<'bank'> = {
  kind: 'bank',
  ledgerAccountCode: (channelId) => `house:bank:${channelId}`,
  async loadCandidates(tx, credit) {
    const mask = credit.senderAccountMasked ? readMaskedAccount(credit.senderAccountMasked) : null;
    if (mask) {
      const { rows } = await tx.query<CandidateMember>(
        `SELECT ${CANDIDATE_MEMBER_COLUMNS} FROM members WHERE strpos(bank_account_number, $1) > 0 LIMIT ${CANDIDATE_LIMIT}`,
        [mask.visibleDigits],
      );
      return { members: rows, promptPayRequests: [] };
    }
    if (credit.senderName && credit.senderBankCode) {
      const { rows } = await tx.query<CandidateMember>(
        `SELECT ${CANDIDATE_MEMBER_COLUMNS} FROM members WHERE bank_code = $1 AND upper(first_name || ' ' || last_name) = upper($2) LIMIT ${CANDIDATE_LIMIT}`,
        [credit.senderBankCode, credit.senderName.trim().replace(/\s+/g, ' ')],
      );
      return { members: rows, promptPayRequests: [] };
    }
    return { members: [], promptPayRequests: [] };
  },
};

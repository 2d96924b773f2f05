import type { Queryable } from '@sabai/db';
import { verifyBankAccountByDeposit } from '../members/index.ts';
import { accountFitsMask, readMaskedAccount } from './matching/masked-account.ts';

/**
 * The deposits side of bank-account verification (docs/adr/0040), inside the crediting
 * transaction: only a bank transfer whose sender account fits the member's bound account (and
 * whose sender bank, when the bank says it, is the member's) can verify the member's typed holder
 * name. A PromptPay QR payment (matched by amount) or a TrueMoney transfer (by phone) says nothing
 * about the bound account, so it never does. The name comparison is the members module's.
 */
export async function verifyHolderFromDeposit(tx: Queryable, input: { memberId: string; depositId: string; now: Date }): Promise<void> {
  const { rows } = await tx.query<{
    channel_kind: string;
    sender_bank_code: string | null;
    sender_account_masked: string | null;
    sender_name: string | null;
    bank_code: string;
    bank_account_number: string;
    is_verified: boolean;
  }>(
    `SELECT c.kind AS channel_kind, d.sender_bank_code, d.sender_account_masked, d.sender_name, m.bank_code, m.bank_account_number,
            m.bank_account_verified_at IS NOT NULL AS is_verified
     FROM deposits d JOIN deposit_channels c ON c.id = d.channel_id JOIN members m ON m.id = $2
     WHERE d.id = $1`,
    [input.depositId, input.memberId],
  );
  const deposit = rows[0];
  if (!deposit || deposit.is_verified || deposit.channel_kind !== 'bank' || !deposit.sender_name) return;
  const mask = deposit.sender_account_masked ? readMaskedAccount(deposit.sender_account_masked) : null;
  if (!mask || !accountFitsMask(deposit.bank_account_number, mask)) return;
  if (deposit.sender_bank_code !== null && deposit.sender_bank_code !== deposit.bank_code) return;
  await verifyBankAccountByDeposit(tx, { memberId: input.memberId, depositId: input.depositId, senderName: deposit.sender_name, now: input.now });
}

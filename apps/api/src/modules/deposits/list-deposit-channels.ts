import type { Queryable } from '@sabai/db';

/**
 * The house accounts members may pay into, as spec §3 "Deposit channel" (`GET
 * /user-profile-composite/v1/info/deposit`): active bank and TrueMoney channels in display order.
 * BankCode is absent for the wallet channel, whose account is its phone number. PromptPay is not
 * listed: it is paid through a QR request (request-promptpay-deposit.ts).
 */
export interface DepositChannelView {
  id: string;
  type: 'BANK' | 'TRUEMONEY';
  BankCode?: string;
  BankAccount: string;
  fullName: string;
  phoneNumber?: string;
}

export async function listDepositChannels(db: Queryable): Promise<DepositChannelView[]> {
  const { rows } = await db.query<{ id: string; kind: 'bank' | 'truemoney'; bank_code: string | null; account_number: string | null; account_name: string; phone_number: string | null }>(
    `SELECT id, kind, bank_code, account_number, account_name, phone_number FROM deposit_channels
     WHERE state = 'active' AND kind IN ('bank', 'truemoney') ORDER BY sort_order, id`,
  );
  return rows.map((row) =>
    row.kind === 'bank'
      ? { id: row.id, type: 'BANK', BankCode: row.bank_code ?? '', BankAccount: row.account_number ?? '', fullName: row.account_name }
      : { id: row.id, type: 'TRUEMONEY', BankAccount: row.phone_number ?? '', fullName: row.account_name, phoneNumber: row.phone_number ?? '' },
  );
}

import type { Queryable } from '@sabai/db';
import type { DepositChannelKind } from '@sabai/contracts';

/**
 * The house accounts members may pay into, as spec §3 "Deposit channel" (`GET
 * /user-profile-composite/v1/info/deposit`): active bank and TrueMoney channels in display order.
 * BankCode is absent for the wallet channel, whose account is its phone number. PromptPay is not
 * listed: it is paid through a QR request (request-promptpay-deposit.ts). A channel nothing can
 * credit yet (no active feed source, not checked by staff) is not listed (issue 24 §1).
 */
export interface DepositChannelView {
  id: string;
  type: 'BANK' | 'TRUEMONEY';
  BankCode?: string;
  BankAccount: string;
  fullName: string;
  phoneNumber?: string;
}

/**
 * SQL (an int expression) counting the active feed sources that read the channel aliased `alias`:
 * its own, and for a PromptPay proxy those of the bank account it pays into (the money arrives on
 * that account's statement / SMS). One definition for the member list and the staff screens.
 */
export const activeFeedSourcesSql = (alias: string): string =>
  `(SELECT count(*)::int FROM bank_feed_sources fs JOIN deposit_channels reader ON reader.id = fs.channel_id
    WHERE fs.is_active AND (reader.id = ${alias}.id
      OR (${alias}.kind = 'promptpay' AND reader.bank_code = ${alias}.bank_code AND reader.account_number = ${alias}.account_number)))`;

/**
 * SQL (a boolean expression): a deposit into the channel `alias` can be credited — a feed source
 * reads it, or staff have marked it "checked by staff" (issue 24 §1). Members are offered only such
 * channels, so nobody pays into an account nothing watches.
 */
export const isCreditableChannelSql = (alias: string): string => `(${alias}.is_checked_by_staff OR ${activeFeedSourcesSql(alias)} > 0)`;

/**
 * The member's view (`GET /fund-composite/v1/deposit/channels`): active, creditable bank accounts and
 * TrueMoney wallets only, as `DepositChannelView` (spec §7). The staff list with every state is
 * `listStaffDepositChannels` (deposits/channels).
 */
export async function listMemberDepositChannels(db: Queryable): Promise<DepositChannelView[]> {
  const { rows } = await db.query<{ id: string; kind: Exclude<DepositChannelKind, 'promptpay'>; bank_code: string | null; account_number: string | null; account_name: string; phone_number: string | null }>(
    `SELECT c.id, c.kind, c.bank_code, c.account_number, c.account_name, c.phone_number FROM deposit_channels c
     WHERE c.state = 'active' AND c.kind IN ('bank', 'truemoney') AND ${isCreditableChannelSql('c')} ORDER BY c.sort_order, c.id`,
  );
  return rows.map((row) =>
    row.kind === 'bank'
      ? { id: row.id, type: 'BANK', BankCode: row.bank_code ?? '', BankAccount: row.account_number ?? '', fullName: row.account_name }
      : { id: row.id, type: 'TRUEMONEY', BankAccount: row.phone_number ?? '', fullName: row.account_name, phoneNumber: row.phone_number ?? '' },
  );
}

import { maskPhoneNumber, type SiteSettings } from '@sabai/contracts';
import { satangToBahtNumber } from '@sabai/money';
import type { AppContext } from '../../context.ts';
import { toSiteSettings } from '../site/index.ts';

/** Rows shown per list (style.md: bounded). */
const LIST_LIMIT = 100;

/**
 * `GET /user-profile-composite/v1/users/affiliate` (spec §3 "Affiliate data"): income balance,
 * income withdrawals (`transaction`: createdAt, Amount, Status 1 done / 2 waiting for staff / 3 rejected), referred members (`Users`, phones masked), commission rows
 * (`transaction_incomes`: createdAt, Amount) and the Affiliate settings.
 */
export async function getAffiliateSummary(context: AppContext, memberId: string) {
  const settings = await context.siteSettings.get();
  const { rows: balanceRows } = await context.db.query<{ available: bigint }>(
    `SELECT credits_posted - debits_posted - debits_pending AS available FROM ledger_accounts WHERE member_id = $1 AND kind = 'affiliate'`,
    [memberId],
  );
  const users = await context.db.query<{ phone_number: string; created_at: Date; level: number }>(
    `SELECT phone_number, created_at, CASE WHEN referrer_level1_id = $1 THEN 1 ELSE 2 END AS level FROM members
     WHERE referrer_level1_id = $1 OR referrer_level2_id = $1 ORDER BY created_at DESC LIMIT ${LIST_LIMIT}`,
    [memberId],
  );
  const incomes = await context.db.query<{ created_at: Date; commission_satang: bigint; level: number }>(
    `SELECT created_at, commission_satang, level FROM affiliate_commissions WHERE referrer_member_id = $1 ORDER BY created_at DESC LIMIT ${LIST_LIMIT}`,
    [memberId],
  );
  // Income withdrawals: those moved at once (single transfers) and those that went to staff
  // (affiliate_withdrawals: 2 waiting, 1 approved, 3 rejected), newest first, both by the
  // ledger's own transfer time (the reservation's for a staff one) so one clock orders them.
  const withdrawals = await context.db.query<{ created_at: Date; amount_satang: bigint; status: 1 | 2 | 3 }>(
    `SELECT created_at, amount_satang, status FROM (
       SELECT t.created_at, t.amount_satang, 1 AS status FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.debit_account_id
       WHERE a.member_id = $1 AND a.kind = 'affiliate' AND t.code = 'AFFILIATE' AND t.phase = 'single'
       UNION ALL
       SELECT t.created_at, w.amount_satang, CASE w.status WHEN 'approved' THEN 1 WHEN 'pending_approval' THEN 2 ELSE 3 END
       FROM affiliate_withdrawals w JOIN ledger_transfers t ON t.id = w.reserve_transfer_id WHERE w.member_id = $1
     ) w ORDER BY created_at DESC LIMIT ${LIST_LIMIT}`,
    [memberId],
  );
  const setting: SiteSettings['Affiliate'] = toSiteSettings(settings).Affiliate;
  return {
    balance: satangToBahtNumber(balanceRows[0]?.available ?? 0n),
    transaction: withdrawals.rows.map((row) => ({ createdAt: row.created_at.toISOString(), Amount: satangToBahtNumber(row.amount_satang), Status: Number(row.status) as 1 | 2 | 3 })),
    Users: users.rows.map((row) => ({ phoneNumber: maskPhoneNumber(row.phone_number), regisdate: row.created_at.toISOString(), level: Number(row.level) })),
    transaction_incomes: incomes.rows.map((row) => ({ createdAt: row.created_at.toISOString(), Amount: satangToBahtNumber(row.commission_satang), level: Number(row.level) })),
    setting,
  };
}

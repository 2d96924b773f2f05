import { maskPhoneNumber, type SiteSettings } from '@sabai/contracts';
import { listMemberTransfers, readMemberAccountBalances, readTransferTimes } from '@sabai/ledger';
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
  const balances = await readMemberAccountBalances(context.db, memberId);
  const users = await context.db.query<{ phone_number: string; created_at: Date; level: number }>(
    `SELECT phone_number, created_at, CASE WHEN referrer_level1_id = $1 THEN 1 ELSE 2 END AS level FROM members
     WHERE referrer_level1_id = $1 OR referrer_level2_id = $1 ORDER BY created_at DESC LIMIT ${LIST_LIMIT}`,
    [memberId],
  );
  const incomes = await context.db.query<{ created_at: Date; commission_satang: bigint; level: number }>(
    `SELECT created_at, commission_satang, level FROM affiliate_commissions WHERE referrer_member_id = $1 ORDER BY created_at DESC LIMIT ${LIST_LIMIT}`,
    [memberId],
  );
  // Income withdrawals: those moved at once (single transfers out of the member's own affiliate
  // account, by the ledger index (debit_account_id, id)) and those that went to staff
  // (affiliate_withdrawals: 2 waiting, 1 approved, 3 rejected), newest first, both by the
  // ledger's own transfer time (the reservation's for a staff one) so one clock orders them.
  const moved = await listMemberTransfers(
    context.db,
    { memberId, accountKind: 'affiliate', side: 'debit', codes: ['AFFILIATE'], phases: ['single'] },
    { limit: LIST_LIMIT },
  );
  const toStaff = await context.db.query<{ reserve_transfer_id: bigint; amount_satang: bigint; status: string }>(
    `SELECT reserve_transfer_id, amount_satang, status FROM affiliate_withdrawals WHERE member_id = $1 ORDER BY created_at DESC LIMIT ${LIST_LIMIT}`,
    [memberId],
  );
  const reservedAt = await readTransferTimes(context.db, toStaff.rows.map((row) => BigInt(row.reserve_transfer_id)));
  const withdrawals = [
    ...moved.rows.map((row) => ({ created_at: row.createdAt, amount_satang: row.amountSatang, status: 1 as const })),
    ...toStaff.rows.flatMap((row) => {
      const createdAt = reservedAt.get(BigInt(row.reserve_transfer_id));
      if (!createdAt) return [];
      const status = row.status === 'approved' ? 1 : row.status === 'pending_approval' ? 2 : 3;
      return [{ created_at: createdAt, amount_satang: row.amount_satang, status: status as 1 | 2 | 3 }];
    }),
  ]
    .sort((a, b) => b.created_at.getTime() - a.created_at.getTime())
    .slice(0, LIST_LIMIT);
  const setting: SiteSettings['Affiliate'] = toSiteSettings(settings).Affiliate;
  return {
    balance: satangToBahtNumber(balances.affiliate.availableSatang),
    transaction: withdrawals.map((row) => ({ createdAt: row.created_at.toISOString(), Amount: satangToBahtNumber(row.amount_satang), Status: Number(row.status) as 1 | 2 | 3 })),
    Users: users.rows.map((row) => ({ phoneNumber: maskPhoneNumber(row.phone_number), regisdate: row.created_at.toISOString(), level: Number(row.level) })),
    transaction_incomes: incomes.rows.map((row) => ({ createdAt: row.created_at.toISOString(), Amount: satangToBahtNumber(row.commission_satang), level: Number(row.level) })),
    setting,
  };
}

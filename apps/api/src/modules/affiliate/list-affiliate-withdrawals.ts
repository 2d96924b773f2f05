import type { AdminAffiliateWithdrawal } from '@sabai/contracts';
import type { Queryable } from '@sabai/db';
import { satangToBahtNumber } from '@sabai/money';

/**
 * Affiliate income withdrawals in one status for staff (back office,
 * `GET /admin-api/v1/affiliate-withdrawals`): the waiting queue oldest first; decided ones newest
 * first (as the withdrawals list).
 * @returns the rows on the wire: `Amount` in baht (from satang), who decided and why.
 */
export async function listAffiliateWithdrawals(q: Queryable, input: { status: AdminAffiliateWithdrawal['status']; limit: number }): Promise<AdminAffiliateWithdrawal[]> {
  const { rows } = await q.query<{ id: string; member_id: string; phone_number: string; amount_satang: bigint; status: AdminAffiliateWithdrawal['status']; created_at: Date; decided_by: string | null; decision_reason: string | null }>(
    `SELECT w.id, w.member_id, m.phone_number, w.amount_satang, w.status, w.created_at, w.decided_by, w.decision_reason
     FROM affiliate_withdrawals w JOIN members m ON m.id = w.member_id WHERE w.status = $1
     ORDER BY w.created_at ${input.status === 'pending_approval' ? 'ASC' : 'DESC'}, w.id LIMIT $2`,
    [input.status, input.limit],
  );
  return rows.map((row) => ({
    id: row.id,
    memberId: row.member_id,
    phoneNumber: row.phone_number,
    Amount: satangToBahtNumber(row.amount_satang),
    status: row.status,
    createdAt: row.created_at.toISOString(),
    decidedBy: row.decided_by,
    reason: row.decision_reason,
  }));
}

import type { AdminWithdrawal } from '@sabai/contracts';
import type { Queryable } from '@sabai/db';
import { satangToBahtNumber } from '@sabai/money';
import { payoutFailureText, toWireStatus } from './withdrawal-rules.ts';

/**
 * Withdrawals in one status for staff (back office, `GET /admin-api/v1/withdrawals`). A work queue
 * (waiting, approved, being paid) oldest first; finished ones (paid, failed, rejected) newest
 * first: the history staff look back through.
 * @returns the rows on the wire: `Amount` in baht (from satang), the member site's `Status`, and
 * the reason a failed (the bank's, in Thai) or rejected (the staff member's) one carries.
 */
export async function listStaffWithdrawals(q: Queryable, input: { status: AdminWithdrawal['status']; limit: number }): Promise<AdminWithdrawal[]> {
  const isQueue = input.status === 'pending_approval' || input.status === 'approved' || input.status === 'paying';
  const { rows } = await q.query<{ id: string; member_id: string; phone_number: string; amount_satang: bigint; bank_code: string; account_number: string; account_name: string; status: AdminWithdrawal['status']; created_at: Date; failure_reason: string | null; decision_reason: string | null }>(
    `SELECT w.id, w.member_id, m.phone_number, w.amount_satang, w.bank_code, w.account_number, w.account_name, w.status, w.created_at, w.failure_reason, w.decision_reason
     FROM withdrawals w JOIN members m ON m.id = w.member_id WHERE w.status = $1 ORDER BY w.created_at ${isQueue ? 'ASC' : 'DESC'}, w.id LIMIT $2`,
    [input.status, input.limit],
  );
  return rows.map((row) => ({
    id: row.id,
    memberId: row.member_id,
    phoneNumber: row.phone_number,
    Amount: satangToBahtNumber(row.amount_satang),
    bankCode: row.bank_code,
    accountNumber: row.account_number,
    accountName: row.account_name,
    status: row.status,
    Status: toWireStatus(row.status),
    createdAt: row.created_at.toISOString(),
    reason: row.status === 'failed' ? payoutFailureText(row.failure_reason) : row.status === 'rejected' ? row.decision_reason : null,
  }));
}

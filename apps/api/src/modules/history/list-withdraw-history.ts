import type { Queryable } from '@sabai/db';
import { satangToBahtNumber } from '@sabai/money';
import { isBeingPaid, payoutFailureText, toWireStatus } from '../withdrawals/index.ts';
import type { HistoryRow, Page } from './list-deposit-history.ts';

/**
 * Withdraw history (`GET /user-profile-composite/v1/history/withdraw`, our path for the spec's
 * unshown call): the member's withdrawals, newest first, Status 1 paid, 2 pending, 3 failed or
 * rejected (spec §4). A withdrawal staff rejected carries the reason they gave (`rejectionReason`),
 * so the member reads why, not only "ไม่สำเร็จ"; one the bank refused carries the bank's reason in
 * Thai (`failureReason`, issue 25 §2). A pending one whose money is on its way says so
 * (`isBeingPaid`: "กำลังโอน", docs/adr/0039).
 */
export async function listWithdrawHistory(db: Queryable, input: { memberId: string } & Page): Promise<{ rows: HistoryRow[]; total: number }> {
  const { rows } = await db.query<{ id: string; amount_satang: bigint; created_at: Date; status: string; payout_provider_ref: string | null; decision_reason: string | null; failure_reason: string | null; total: bigint }>(
    `SELECT id, amount_satang, created_at, status, payout_provider_ref, decision_reason, failure_reason, count(*) OVER () AS total FROM withdrawals
     WHERE member_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
    [input.memberId, input.pageSize, (input.page - 1) * input.pageSize],
    { prepare: true },
  );
  let total = Number(rows[0]?.total ?? 0n);
  if (rows.length === 0 && input.page > 1) {
    const counted = await db.query<{ total: bigint }>('SELECT count(*) AS total FROM withdrawals WHERE member_id = $1', [input.memberId]);
    total = Number(counted.rows[0]?.total ?? 0n);
  }
  return {
    rows: rows.map((row) => ({
      id: row.id,
      Amount: satangToBahtNumber(row.amount_satang),
      createdAt: row.created_at.toISOString(),
      Status: toWireStatus(row.status),
      TransType: 'WITHDRAW',
      reference: row.payout_provider_ref,
      rejectionReason: row.status === 'rejected' ? row.decision_reason : null,
      failureReason: row.status === 'failed' ? payoutFailureText(row.failure_reason) : null,
      ...(isBeingPaid(row.status) ? { isBeingPaid: true } : {}),
    })),
    total,
  };
}

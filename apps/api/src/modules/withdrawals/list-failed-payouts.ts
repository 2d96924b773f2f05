import type { Queryable } from '@sabai/db';
import type { FailedPayout } from '@sabai/contracts';
import { satangToBahtNumber } from '@sabai/money';
import { payoutFailureText } from './withdrawal-rules.ts';

/**
 * The failed payouts (issue 25 §2): `open` ones wait for finance (retry, pay by hand, return;
 * resolve-failed-payout.ts), `closed` ones show how they were closed and the new withdrawal's state.
 * Newest failure first; the reason in Thai (payoutFailureText). `openCount`: all open ones (the
 * dashboard count and the menu badge read the same figure, countOpenFailedPayouts), with the
 * maker-checker requests on each that wait for a second person.
 */
export async function listFailedPayouts(db: Queryable, input: { state: 'open' | 'closed'; limit: number }): Promise<{ payouts: FailedPayout[]; openCount: number }> {
  const { rows } = await db.query<{
    id: string; member_id: string; phone_number: string; bank_code: string; account_number: string; account_name: string; amount_satang: bigint;
    failure_reason: string | null; created_at: Date; updated_at: Date;
    action: 'retry' | 'manual' | 'return' | null; resolved_by: string | null; resolved_at: Date | null; note: string | null; next_withdrawal_id: string | null; next_status: string | null;
  }>(
    `SELECT w.id, w.member_id, m.phone_number, w.bank_code, w.account_number, w.account_name, w.amount_satang, w.failure_reason, w.created_at, w.updated_at,
            r.action, r.resolved_by, r.created_at AS resolved_at, r.note, r.next_withdrawal_id, n.status AS next_status
     FROM withdrawals w
     JOIN members m ON m.id = w.member_id
     LEFT JOIN failed_payout_resolutions r ON r.withdrawal_id = w.id
     LEFT JOIN withdrawals n ON n.id = r.next_withdrawal_id
     WHERE w.status = 'failed' AND (r.withdrawal_id IS NULL) = $1
     ORDER BY w.updated_at DESC, w.id LIMIT $2`,
    [input.state === 'open', input.limit],
  );
  const pending = await db.query<{ subject_id: string; id: string; kind: string; username: string }>(
    `SELECT a.subject_id, a.id, a.kind, s.username FROM money_approvals a JOIN staff_accounts s ON s.id = a.requester_staff_id
     WHERE a.status = 'pending' AND a.subject_type = 'withdrawal' AND a.subject_id = ANY($1::text[]) ORDER BY a.created_at`,
    [rows.map((row) => row.id)],
  );
  return {
    openCount: await countOpenFailedPayouts(db),
    payouts: rows.map((row) => ({
      withdrawalId: row.id,
      memberId: row.member_id,
      phoneNumber: row.phone_number,
      bankCode: row.bank_code,
      accountNumber: row.account_number,
      accountName: row.account_name,
      Amount: satangToBahtNumber(row.amount_satang),
      reason: payoutFailureText(row.failure_reason) ?? 'ธนาคารไม่ได้ให้เหตุผล',
      createdAt: row.created_at.toISOString(),
      failedAt: row.updated_at.toISOString(),
      resolution:
        row.action === null || row.resolved_by === null || row.resolved_at === null
          ? null
          : { action: row.action, by: row.resolved_by, at: row.resolved_at.toISOString(), note: row.note, nextWithdrawalId: row.next_withdrawal_id, nextStatus: row.next_status },
      pendingApprovals: pending.rows.filter((approval) => approval.subject_id === row.id).map((approval) => ({ approvalId: approval.id, kind: approval.kind, requestedBy: `staff:${approval.username}` })),
    })),
  };
}

/** Failed payouts finance has not closed yet. */
export async function countOpenFailedPayouts(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: bigint }>(
    `SELECT count(*) AS n FROM withdrawals w WHERE w.status = 'failed' AND NOT EXISTS (SELECT 1 FROM failed_payout_resolutions r WHERE r.withdrawal_id = w.id)`,
  );
  return Number(rows[0]?.n ?? 0n);
}

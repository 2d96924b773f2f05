import type { Queryable } from '@sabai/db';
import { satangToBahtNumber } from '@sabai/money';
import { isBeingPaid, payoutFailureText, toWireStatus } from '../withdrawals/index.ts';
import type { HistoryRow, Page } from './list-deposit-history.ts';

/** A withdrawal, or a bonus forfeit (status 'forfeit'), as the history query reads them. */
interface WithdrawHistoryRecord {
  id: string;
  amount_satang: bigint;
  created_at: Date;
  status: string;
  payout_provider_ref: string | null;
  decision_reason: string | null;
  failure_reason: string | null;
  end_reason: string | null;
  promotion_title: string | null;
}

/**
 * Withdraw history (`GET /user-profile-composite/v1/history/withdraw`, our path for the spec's
 * unshown call): the member's withdrawals, newest first, Status 1 paid, 2 pending, 3 failed or
 * rejected (spec §4). A withdrawal staff rejected carries the reason they gave (`rejectionReason`),
 * so the member reads why, not only "ไม่สำเร็จ". A pending one whose money is on its way says so
 * (`isBeingPaid`: "กำลังโอน", docs/adr/0039). A bonus forfeit (issue 26 §1, docs/adr/0043) is a
 * row of its own, TransType BONUS_FORFEIT, Status 1, with the Thai reason the member reads
 * (`forfeitReason`): money that left their wallet always says why. One the bank refused carries the
 * bank's reason in Thai (`failureReason`, issue 25 §2).
 */
export async function listWithdrawHistory(db: Queryable, input: { memberId: string } & Page): Promise<{ rows: HistoryRow[]; total: number }> {
  const { rows } = await db.query<WithdrawHistoryRecord & { total: bigint }>(
    `SELECT *, count(*) OVER () AS total FROM (
       SELECT id, amount_satang, created_at, status, payout_provider_ref, decision_reason, failure_reason, NULL::text AS end_reason, NULL::text AS promotion_title
       FROM withdrawals WHERE member_id = $1
       UNION ALL
       SELECT g.id, g.forfeited_satang, g.ended_at, 'forfeit', NULL, NULL, NULL, g.end_reason, p.title
       FROM bonus_grants g JOIN promotions p ON p.id = g.promotion_id WHERE g.member_id = $1 AND g.forfeit_transfer_id IS NOT NULL
     ) AS rows ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
    [input.memberId, input.pageSize, (input.page - 1) * input.pageSize],
    { prepare: true },
  );
  let total = Number(rows[0]?.total ?? 0n);
  if (rows.length === 0 && input.page > 1) {
    const counted = await db.query<{ total: bigint }>(
      `SELECT (SELECT count(*) FROM withdrawals WHERE member_id = $1) + (SELECT count(*) FROM bonus_grants WHERE member_id = $1 AND forfeit_transfer_id IS NOT NULL) AS total`,
      [input.memberId],
    );
    total = Number(counted.rows[0]?.total ?? 0n);
  }
  return {
    rows: rows.map(toHistoryRow),
    total,
  };
}

function toHistoryRow(row: WithdrawHistoryRecord): HistoryRow {
  if (row.status === 'forfeit') {
    return {
      id: row.id,
      Amount: satangToBahtNumber(row.amount_satang),
      createdAt: row.created_at.toISOString(),
      Status: 1,
      TransType: 'BONUS_FORFEIT',
      reference: null,
      forfeitReason: forfeitReason(row.end_reason, row.promotion_title ?? ''),
    };
  }
  return {
    id: row.id,
    Amount: satangToBahtNumber(row.amount_satang),
    createdAt: row.created_at.toISOString(),
    Status: toWireStatus(row.status),
    TransType: 'WITHDRAW',
    reference: row.payout_provider_ref,
    rejectionReason: row.status === 'rejected' ? row.decision_reason : null,
    failureReason: row.status === 'failed' ? payoutFailureText(row.failure_reason) : null,
    ...(isBeingPaid(row.status) ? { isBeingPaid: true } : {}),
  };
}

/** The Thai reason a forfeit shows in the history (docs/adr/0043): why the bonus and its winnings left. */
export function forfeitReason(endReason: string | null, promotionTitle: string): string {
  if (endReason === 'CANCELLED') return `ยกเลิกโบนัส "${promotionTitle}": ริบโบนัสและยอดที่ได้จากโบนัส (เงินฝากของคุณไม่ถูกริบ)`;
  return `ถอนเงินภายใต้โบนัส "${promotionTitle}": ริบโบนัสและยอดที่ได้จากโบนัสส่วนที่เกินยอดถอนสูงสุดตามเงื่อนไขโปรโมชั่น (เงินฝากของคุณไม่ถูกริบ)`;
}

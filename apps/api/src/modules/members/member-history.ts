import type { Queryable } from '@sabai/db';
import { satangToBahtNumber } from '@sabai/money';
import type { MemberAdjustmentRowWire, MemberBetRowWire, MemberBonusRowWire } from '@sabai/contracts';
import { AppError } from '../../lib/app-error.ts';

export type MemberHistoryKind = 'bets' | 'bonuses' | 'adjustments';
export type MemberHistoryRow = MemberBetRowWire | MemberBonusRowWire | MemberAdjustmentRowWire;

const baht = (satang: bigint | string) => satangToBahtNumber(BigInt(satang));

/**
 * One page of a member's history for staff (issue 25 §4), newest first: `bets` (the partner's
 * rounds as booked, bet_rounds), `bonuses` (bonus grants with their promotion and how they ended),
 * `adjustments` (manual credits / debits with who asked and who decided). Money in baht.
 * `page` ≥ 1, `pageSize` ≤ 100; `hasMore` says whether another page follows.
 * @throws AppError NOT_FOUND (no such member).
 */
export async function memberHistory(
  db: Queryable,
  input: { memberId: string; kind: MemberHistoryKind; page: number; pageSize: number },
): Promise<{ kind: MemberHistoryKind; page: number; pageSize: number; hasMore: boolean; rows: MemberHistoryRow[] }> {
  const member = await db.query('SELECT 1 FROM members WHERE id = $1', [input.memberId]);
  if (member.rowCount === 0) throw new AppError('NOT_FOUND');
  const params = [input.memberId, input.pageSize + 1, (input.page - 1) * input.pageSize];
  let rows: MemberHistoryRow[];
  if (input.kind === 'bets') {
    const result = await db.query<{ partner: string; round_id: string; game_code: string; stake_satang: bigint; payout_satang: bigint; result: string; status: string; settled_at: Date }>(
      `SELECT partner, round_id, game_code, stake_satang, payout_satang, result, status, settled_at FROM bet_rounds
       WHERE member_id = $1 ORDER BY settled_at DESC, round_id DESC LIMIT $2 OFFSET $3`,
      params,
    );
    rows = result.rows.map((row) => ({
      roundId: row.round_id, partner: row.partner, gameCode: row.game_code, stake: baht(row.stake_satang), payout: baht(row.payout_satang),
      result: row.result, status: row.status, at: row.settled_at.toISOString(),
    }));
  } else if (input.kind === 'bonuses') {
    const result = await db.query<{
      id: string; promotion_id: string; title: string | null; deposit_satang: bigint; bonus_satang: bigint; turnover_needed_satang: bigint;
      status: string; end_reason: string | null; forfeited_satang: bigint | null; created_at: Date; ended_at: Date | null;
    }>(
      `SELECT b.id, b.promotion_id, p.title, b.deposit_satang, b.bonus_satang, b.turnover_needed_satang, b.status, b.end_reason, b.forfeited_satang, b.created_at, b.ended_at
       FROM bonus_grants b LEFT JOIN promotions p ON p.id = b.promotion_id
       WHERE b.member_id = $1 ORDER BY b.created_at DESC, b.id DESC LIMIT $2 OFFSET $3`,
      params,
    );
    rows = result.rows.map((row) => ({
      grantId: row.id, promotionId: row.promotion_id, promotionName: row.title, deposit: baht(row.deposit_satang), bonus: baht(row.bonus_satang),
      turnoverNeeded: baht(row.turnover_needed_satang), status: row.status, endReason: row.end_reason,
      forfeited: row.forfeited_satang === null ? null : baht(row.forfeited_satang), at: row.created_at.toISOString(), endedAt: row.ended_at?.toISOString() ?? null,
    }));
  } else {
    const result = await db.query<{
      id: string; direction: 'credit' | 'debit'; amount_satang: bigint; reason: string; status: string; requested_by: string;
      decided_by: string | null; decision_reason: string | null; created_at: Date; decided_at: Date | null;
    }>(
      `SELECT id, direction, amount_satang, reason, status, requested_by, decided_by, decision_reason, created_at, decided_at FROM member_adjustments
       WHERE member_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
      params,
    );
    rows = result.rows.map((row) => ({
      adjustmentId: row.id, direction: row.direction, amount: baht(row.amount_satang), reason: row.reason, status: row.status, requestedBy: row.requested_by,
      decidedBy: row.decided_by, decisionReason: row.decision_reason, at: row.created_at.toISOString(), decidedAt: row.decided_at?.toISOString() ?? null,
    }));
  }
  const hasMore = rows.length > input.pageSize;
  return { kind: input.kind, page: input.page, pageSize: input.pageSize, hasMore, rows: rows.slice(0, input.pageSize) };
}

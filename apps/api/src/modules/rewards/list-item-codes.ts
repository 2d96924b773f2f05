import type { Queryable } from '@sabai/db';

export interface ItemCodeRow {
  code: string;
  amountSatang: bigint;
  totalUses: number;
  redeemedCount: number;
  expiresAt: Date;
  createdAt: Date;
  createdBy: string;
  /** When its liability was approved (issue 25 §1); null: waiting for approval, redemptions refused. */
  approvedAt: Date | null;
  approvalId: string | null;
  /** Turnover owed per redemption: this × the amount (0..100; 0 = none). */
  turnoverMultiple: number;
}

const COLUMNS = 'code, amount_satang, total_uses, redeemed_count, expires_at, created_at, created_by, approved_at, approval_id, turnover_multiple';
type Row = { code: string; amount_satang: bigint; total_uses: number; redeemed_count: number; expires_at: Date; created_at: Date; created_by: string; approved_at: Date | null; approval_id: string | null; turnover_multiple: number };
const toItemCode = (row: Row): ItemCodeRow => ({
  code: row.code,
  amountSatang: row.amount_satang,
  totalUses: row.total_uses,
  redeemedCount: row.redeemed_count,
  expiresAt: row.expires_at,
  createdAt: row.created_at,
  createdBy: row.created_by,
  approvedAt: row.approved_at,
  approvalId: row.approval_id,
  turnoverMultiple: Number(row.turnover_multiple),
});

/** `GET /admin-api/v1/item-codes`: the newest codes first, at most `limit` (1..200). */
export async function listItemCodes(q: Queryable, input: { limit: number }): Promise<ItemCodeRow[]> {
  const limit = Math.min(Math.max(Math.trunc(input.limit), 1), 200);
  const { rows } = await q.query<Row>(`SELECT ${COLUMNS} FROM item_codes ORDER BY created_at DESC, code LIMIT $1`, [limit]);
  return rows.map(toItemCode);
}

export async function readItemCode(q: Queryable, code: string): Promise<ItemCodeRow | undefined> {
  const { rows } = await q.query<Row>(`SELECT ${COLUMNS} FROM item_codes WHERE code = $1`, [code]);
  return rows[0] ? toItemCode(rows[0]) : undefined;
}

import type { Queryable } from '@sabai/db';
import type { TransferCode } from './transfers.ts';

/**
 * The ledger's reads for money reports (issue 25 §3, docs/adr/0049): what the house accounts did
 * over a time range, from the entries themselves. Amounts are bigint satang; movement is debits −
 * credits POSTED (pending amounts are not movements yet; a resolution posts them when it happens).
 */

/** The posted movement of one house account by one transfer code in one period. */
export interface HouseMovement {
  /** The period of the entries, Bangkok time (UTC+7): `YYYY-MM-DD` (day) or `YYYY-MM` (month). */
  period: string;
  accountId: bigint;
  accountCode: string;
  transferCode: TransferCode;
  /** How many entries (one per transfer on this account). */
  count: number;
  /** Σ debits_posted − credits_posted, satang. */
  movementSatang: bigint;
}

/**
 * The house accounts' (`kind` house_*) posted movements with entries in [start, end), grouped by
 * Bangkok day or month, account and transfer code. Entries that moved only pending amounts are
 * left out.
 */
export async function readHouseMovements(q: Queryable, input: { start: Date; end: Date; period: 'day' | 'month' }): Promise<HouseMovement[]> {
  const { rows } = await q.query<{ period: string; account_id: bigint; account_code: string; transfer_code: TransferCode; n: bigint; movement: bigint }>(
    `SELECT to_char((e.created_at AT TIME ZONE 'UTC') + interval '7 hours', $3) AS period, a.id AS account_id, a.code AS account_code, t.code AS transfer_code,
            count(*) AS n, sum(e.debits_posted - e.credits_posted)::int8 AS movement
     FROM ledger_entries e
     JOIN ledger_accounts a ON a.id = e.account_id AND a.kind LIKE 'house\\_%'
     JOIN ledger_transfers t ON t.id = e.transfer_id
     WHERE e.created_at >= $1 AND e.created_at < $2 AND (e.debits_posted <> 0 OR e.credits_posted <> 0)
     GROUP BY 1, 2, 3, 4`,
    [input.start, input.end, input.period === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM'],
  );
  return rows.map((row) => ({
    period: row.period,
    accountId: BigInt(row.account_id),
    accountCode: row.account_code,
    transferCode: row.transfer_code,
    count: Number(row.n),
    movementSatang: BigInt(row.movement),
  }));
}

/**
 * Posted single transfers of `code` created in [start, end), optionally only those debiting the
 * account `debitAccountCode` and/or of `sourceType`: id, amount and source (what a report labels
 * them with). Bounded by `limit` (default 100,000).
 */
export async function listTransfersInRange(
  q: Queryable,
  input: { start: Date; end: Date; code: TransferCode; debitAccountCode?: string; sourceType?: string; limit?: number },
): Promise<Array<{ transferId: bigint; amountSatang: bigint; sourceType: string | null; sourceId: string | null }>> {
  const { rows } = await q.query<{ id: bigint; amount_satang: bigint; source_type: string | null; source_id: string | null }>(
    `SELECT t.id, t.amount_satang, t.source_type, t.source_id
     FROM ledger_transfers t JOIN ledger_accounts d ON d.id = t.debit_account_id
     WHERE t.code = $3 AND t.phase = 'single' AND t.created_at >= $1 AND t.created_at < $2
       AND ($4::text IS NULL OR d.code = $4) AND ($5::text IS NULL OR t.source_type = $5)
     ORDER BY t.id LIMIT $6`,
    [input.start, input.end, input.code, input.debitAccountCode ?? null, input.sourceType ?? null, input.limit ?? 100_000],
  );
  return rows.map((row) => ({ transferId: BigInt(row.id), amountSatang: BigInt(row.amount_satang), sourceType: row.source_type, sourceId: row.source_id }));
}

/**
 * Σ posted movements (debits − credits) since `start`: of all house accounts, of the house bank
 * and wallet accounts (`house:bank:*`, `house:wallet:*`), and of the member accounts as credits −
 * debits (what members hold more). Double entry: `house` = `members` always. A reconciliation read
 * for tests and checks, independent of readHouseMovements' grouping.
 */
export async function sumPostedMovementsSince(q: Queryable, start: Date): Promise<{ house: bigint; cash: bigint; members: bigint }> {
  const { rows } = await q.query<{ house: bigint; cash: bigint; members: bigint }>(
    `SELECT coalesce(sum(e.debits_posted - e.credits_posted) FILTER (WHERE a.member_id IS NULL), 0)::int8 AS house,
            coalesce(sum(e.debits_posted - e.credits_posted) FILTER (WHERE a.code LIKE 'house:bank:%' OR a.code LIKE 'house:wallet:%'), 0)::int8 AS cash,
            coalesce(sum(e.credits_posted - e.debits_posted) FILTER (WHERE a.member_id IS NOT NULL), 0)::int8 AS members
     FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id WHERE e.created_at >= $1`,
    [start],
  );
  const row = rows[0];
  return { house: BigInt(row?.house ?? 0n), cash: BigInt(row?.cash ?? 0n), members: BigInt(row?.members ?? 0n) };
}

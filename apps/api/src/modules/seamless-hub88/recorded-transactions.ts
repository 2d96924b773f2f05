import type { Queryable } from '@sabai/db';

/** Rows read per reconciliation (a day of one site's Hub88 play; explicit limit, style.md). */
export const MAX_RECONCILED_PER_DAY = 200_000;

/** What Sabai recorded of one Hub88 transaction (hub88_transactions), for reconciliation and support. */
export interface RecordedHub88Transaction {
  transactionUuid: string;
  kind: 'bet' | 'win' | 'rollback';
  memberId: string;
  hub88User: string;
  round: string | null;
  referenceTransactionUuid: string | null;
  amountUnits: bigint;
  amountSatang: bigint;
  status: string;
  ledgerTransferId: bigint | null;
  createdAt: Date;
}

interface Row {
  transaction_uuid: string; kind: 'bet' | 'win' | 'rollback'; member_id: string; hub88_user: string; round: string | null; reference_transaction_uuid: string | null;
  amount_units: bigint; amount_satang: bigint; status: string; ledger_transfer_id: bigint | null; created_at: Date;
}
const COLUMNS = 'transaction_uuid, kind, member_id, hub88_user, round, reference_transaction_uuid, amount_units, amount_satang, status, ledger_transfer_id, created_at';
const toRecorded = (row: Row): RecordedHub88Transaction => ({
  transactionUuid: row.transaction_uuid, kind: row.kind, memberId: row.member_id, hub88User: row.hub88_user, round: row.round,
  referenceTransactionUuid: row.reference_transaction_uuid, amountUnits: row.amount_units, amountSatang: row.amount_satang, status: row.status,
  ledgerTransferId: row.ledger_transfer_id, createdAt: row.created_at,
});

/** Sabai's Hub88 transactions recorded in [from, to) (tombstones left out), oldest first, at most MAX_RECONCILED_PER_DAY. */
export async function listRecordedHub88Transactions(db: Queryable, window: { from: Date; to: Date }): Promise<RecordedHub88Transaction[]> {
  const { rows } = await db.query<Row>(
    `SELECT ${COLUMNS} FROM hub88_transactions WHERE created_at >= $1 AND created_at < $2 AND kind <> 'tombstone' ORDER BY created_at LIMIT $3`,
    [window.from, window.to, MAX_RECONCILED_PER_DAY],
  );
  return rows.map(toRecorded);
}

/** Sabai's records of these uuids (any day), tombstones left out. */
export async function findRecordedHub88Transactions(db: Queryable, uuids: readonly string[]): Promise<Map<string, RecordedHub88Transaction>> {
  if (uuids.length === 0) return new Map();
  const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM hub88_transactions WHERE transaction_uuid = ANY($1::text[]) AND kind <> 'tombstone'`, [[...uuids]]);
  return new Map(rows.map((row) => [row.transaction_uuid, toRecorded(row)]));
}

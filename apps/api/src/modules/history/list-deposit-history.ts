import { createHash } from 'node:crypto';
import type { Queryable } from '@sabai/db';
import { satangToBahtNumber } from '@sabai/money';

/** Bounded page (style.md: limits everywhere); the route validates 1..100. */
export interface Page {
  page: number;
  pageSize: number;
}

export interface HistoryRow {
  id: string;
  Amount: number;
  createdAt: string;
  Status: 0 | 1 | 2 | 3;
  TransType: 'DEPOSIT' | 'AFFILIATE' | 'CASHBACK' | 'WITHDRAW';
  /** The bank's / wallet's reference when the movement has one (statement line, TrueMoney, payout). */
  reference: string | null;
  /** Withdrawals staff rejected: the reason they gave (null otherwise). */
  rejectionReason?: string | null;
}

/**
 * Deposit history (`GET /user-profile-composite/v1/history/deposit`, spec §7): the money that
 * came into the member's main wallet — DEPOSIT, AFFILIATE and CASHBACK transfers; `type:
 * 'cashback'` keeps only CASHBACK. Posted transfers are approved (Status 1): single postings and
 * the posting of a reservation (affiliate income approved by staff). Newest first.
 * Ids are opaque and stable (issue 13 §3.8: a running sequence revealed volume): a deposit's own
 * `dep_…` id (what staff look it up by), otherwise `trf_` + 20 hex of SHA-256 of the transfer's
 * idempotency key (which names its source, never a sequence).
 */
export async function listDepositHistory(
  db: Queryable,
  input: { memberId: string; type: 'all' | 'cashback' } & Page,
): Promise<{ rows: HistoryRow[]; total: number }> {
  const codes = input.type === 'cashback' ? ['CASHBACK'] : ['DEPOSIT', 'AFFILIATE', 'CASHBACK'];
  const offset = (input.page - 1) * input.pageSize;
  const { rows } = await db.query<{ id: bigint; idempotency_key: string; deposit_id: string | null; reference: string | null; amount_satang: bigint; created_at: Date; code: HistoryRow['TransType']; total: bigint }>(
    `SELECT t.id, t.idempotency_key, d.id AS deposit_id, t.amount_satang, t.created_at, t.code, count(*) OVER () AS total,
            CASE WHEN e.dedupe_key LIKE 'ref:%' THEN substr(e.dedupe_key, 5) END AS reference
     FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.credit_account_id
     LEFT JOIN deposits d ON d.credit_transfer_id = t.id
     LEFT JOIN bank_feed_events e ON e.id = d.event_id
     WHERE a.member_id = $1 AND a.kind = 'main' AND t.code = ANY($2::text[]) AND t.phase IN ('single', 'post_pending')
     ORDER BY t.id DESC LIMIT $3 OFFSET $4`,
    [input.memberId, codes, input.pageSize, offset],
  );
  return {
    rows: rows.map((row) => ({
      id: row.deposit_id ?? `trf_${createHash('sha256').update(row.idempotency_key, 'utf8').digest('hex').slice(0, 20)}`,
      Amount: satangToBahtNumber(row.amount_satang),
      createdAt: row.created_at.toISOString(),
      Status: 1,
      TransType: row.code,
      // A statement line or wallet event carries the provider's reference; a bank SMS has none.
      reference: row.reference,
    })),
    total: Number(rows[0]?.total ?? (await countDeposits(db, input.memberId, codes))),
  };
}

async function countDeposits(db: Queryable, memberId: string, codes: string[]): Promise<bigint> {
  const { rows } = await db.query<{ total: bigint }>(
    `SELECT count(*) AS total FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.credit_account_id
     WHERE a.member_id = $1 AND a.kind = 'main' AND t.code = ANY($2::text[]) AND t.phase IN ('single', 'post_pending')`,
    [memberId, codes],
  );
  return rows[0]?.total ?? 0n;
}

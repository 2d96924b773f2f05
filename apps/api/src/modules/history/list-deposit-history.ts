import { createHash } from 'node:crypto';
import type { Queryable } from '@sabai/db';
import { listMemberTransfersWith } from '@sabai/ledger';
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
  TransType: 'DEPOSIT' | 'AFFILIATE' | 'CASHBACK' | 'WITHDRAW' | 'BONUS_FORFEIT';
  /** The bank's / wallet's reference when the movement has one (statement line, TrueMoney, payout). */
  reference: string | null;
  /** Withdrawals staff rejected: the reason they gave (null otherwise). */
  rejectionReason?: string | null;
  /** A bonus forfeit (withdraw history): why the bonus and its winnings left, in Thai (docs/adr/0043). */
  forfeitReason?: string;
  /** Withdrawals the bank refused: its reason in Thai (null otherwise). */
  failureReason?: string | null;
  /** A pending withdrawal whose money is on its way ("กำลังโอน"). */
  isBeingPaid?: boolean;
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
  // The member's own transfers into their main wallet (ledger index (credit_account_id, id)):
  // costs the member's history, never the whole ledger's (docs/adr/0023). The count is the
  // member's own too, so an empty page never scans.
  // With each transfer, in the same statement, the deposit it credited (by deposits'
  // credit_transfer_id index) and the bank's reference, when it has them (issue 29 §1).
  const page = await listMemberTransfersWith<{ deposit_id: string | null; reference: string | null }>(
    db,
    { memberId: input.memberId, accountKind: 'main', side: 'credit', codes, phases: ['single', 'post_pending'] },
    { limit: input.pageSize, offset: (input.page - 1) * input.pageSize },
    {
      columns: 'd.id AS deposit_id, d.reference',
      joins: `LEFT JOIN LATERAL (
                SELECT d.id, CASE WHEN e.dedupe_key LIKE 'ref:%' THEN substr(e.dedupe_key, 5) END AS reference
                  FROM deposits d LEFT JOIN bank_feed_events e ON e.id = d.event_id
                 WHERE d.credit_transfer_id = t.id LIMIT 1
              ) d ON true`,
      params: [],
    },
  );
  return {
    rows: page.rows.map((row) => {
      const deposit = row.companion.deposit_id === null ? undefined : { depositId: row.companion.deposit_id, reference: row.companion.reference };
      return {
        id: deposit?.depositId ?? `trf_${createHash('sha256').update(row.idempotencyKey, 'utf8').digest('hex').slice(0, 20)}`,
        Amount: satangToBahtNumber(row.amountSatang),
        createdAt: row.createdAt.toISOString(),
        Status: 1 as const,
        TransType: row.code as HistoryRow['TransType'],
        // A statement line or wallet event carries the provider's reference; a bank SMS has none.
        reference: deposit?.reference ?? null,
      };
    }),
    total: page.total,
  };
}

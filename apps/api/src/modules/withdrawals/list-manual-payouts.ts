import type { Queryable } from '@sabai/db';
import type { HouseDebit, PayoutToPay, UnconfirmedPayout } from '@sabai/contracts';
import { satangToBahtNumber } from '@sabai/money';

/**
 * The back office's reads of payouts by staff (docs/adr/0039), already in wire shape: the "to
 * pay" queue, the payments waiting for their debit notification (flagged when older than
 * MANUAL_PAYOUT_CONFIRM_WITHIN_MS), and the house debits read (the unmatched ones are the
 * suspense list). Each list at most `limit` rows (the query schema: 1–200).
 */

interface PayoutRow {
  id: string;
  member_id: string;
  phone_number: string;
  bank_code: string;
  account_number: string;
  account_name: string;
  amount_satang: bigint;
  created_at: Date;
}

const toPayoutToPay = (row: PayoutRow): PayoutToPay => ({
  withdrawalId: row.id,
  memberId: row.member_id,
  phoneNumber: row.phone_number,
  bankCode: row.bank_code,
  accountNumber: row.account_number,
  accountName: row.account_name,
  Amount: satangToBahtNumber(row.amount_satang),
  createdAt: row.created_at.toISOString(),
});

const PAYOUT_COLUMNS = 'w.id, w.member_id, m.phone_number, w.bank_code, w.account_number, w.account_name, w.amount_satang, w.created_at';

/** Withdrawals in `awaiting_payout`, oldest first, and the house bank accounts finance may pay from. */
export async function listPayoutsToPay(db: Queryable, limit: number): Promise<{ payouts: PayoutToPay[]; houseAccounts: Array<{ channelId: string; bankCode: string; accountNumber: string; accountName: string }> }> {
  const { rows } = await db.query<PayoutRow>(
    `SELECT ${PAYOUT_COLUMNS} FROM withdrawals w JOIN members m ON m.id = w.member_id
     WHERE w.status = 'awaiting_payout' ORDER BY w.created_at, w.id LIMIT $1`,
    [limit],
  );
  const channels = await db.query<{ id: string; bank_code: string; account_number: string; account_name: string }>(
    `SELECT id, bank_code, account_number, account_name FROM deposit_channels WHERE kind = 'bank' AND state <> 'disabled' ORDER BY sort_order, id`,
  );
  return {
    payouts: rows.map(toPayoutToPay),
    houseAccounts: channels.rows.map((row) => ({ channelId: row.id, bankCode: row.bank_code, accountNumber: row.account_number, accountName: row.account_name })),
  };
}

/** Withdrawals in `paid_unconfirmed`, oldest first; `isOverdue` when recorded longer than `confirmWithinMs` before `now`. */
export async function listUnconfirmedPayouts(db: Queryable, input: { limit: number; now: Date; confirmWithinMs: number }): Promise<{ payouts: UnconfirmedPayout[]; overdueCount: number }> {
  const overdueBefore = new Date(input.now.getTime() - input.confirmWithinMs);
  const { rows } = await db.query<PayoutRow & { payout_channel_id: string; payout_provider_ref: string; payout_paid_at: Date; payout_recorded_by: string; payout_started_at: Date }>(
    `SELECT ${PAYOUT_COLUMNS}, w.payout_channel_id, w.payout_provider_ref, w.payout_paid_at, w.payout_recorded_by, w.payout_started_at
     FROM withdrawals w JOIN members m ON m.id = w.member_id
     WHERE w.status = 'paid_unconfirmed' ORDER BY w.payout_started_at, w.id LIMIT $1`,
    [input.limit],
  );
  const counted = await db.query<{ overdue: bigint }>(
    `SELECT count(*) AS overdue FROM withdrawals WHERE status = 'paid_unconfirmed' AND payout_started_at < $1`,
    [overdueBefore],
  );
  return {
    payouts: rows.map((row) => ({
      ...toPayoutToPay(row),
      channelId: row.payout_channel_id,
      bankReference: row.payout_provider_ref,
      paidAt: row.payout_paid_at.toISOString(),
      recordedBy: row.payout_recorded_by,
      recordedAt: row.payout_started_at.toISOString(),
      isOverdue: row.payout_started_at < overdueBefore,
    })),
    overdueCount: Number(counted.rows[0]?.overdue ?? 0n),
  };
}

/** House debits in `status`, newest first. */
export async function listHouseDebits(db: Queryable, input: { status: HouseDebit['status']; limit: number }): Promise<HouseDebit[]> {
  const { rows } = await db.query<{
    id: string;
    channel_id: string;
    amount_satang: bigint;
    occurred_at: Date;
    recipient_account_masked: string | null;
    status: HouseDebit['status'];
    reason: string | null;
    withdrawal_id: string | null;
    created_at: Date;
  }>(
    `SELECT id, channel_id, amount_satang, occurred_at, recipient_account_masked, status, reason, withdrawal_id, created_at
     FROM house_debits WHERE status = $1 ORDER BY created_at DESC, id LIMIT $2`,
    [input.status, input.limit],
  );
  return rows.map((row) => ({
    id: row.id,
    channelId: row.channel_id,
    Amount: satangToBahtNumber(row.amount_satang),
    occurredAt: row.occurred_at.toISOString(),
    recipientAccountMasked: row.recipient_account_masked,
    status: row.status,
    reason: row.reason,
    withdrawalId: row.withdrawal_id,
    createdAt: row.created_at.toISOString(),
  }));
}

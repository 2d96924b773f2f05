import type { HeldDeposit } from '@sabai/contracts';
import type { Queryable } from '@sabai/db';
import { satangToBahtNumber } from '@sabai/money';

/**
 * The held deposits staff work through (back office, `GET /admin-api/v1/deposits/held`): deposits
 * in status `held` (no member matched, AML review, refund refused), oldest first, with the member
 * they were matched to if any.
 * @param input.limit how many rows at most (the query's `limit`, validated by the contract).
 * @returns the rows on the wire: `Amount` in baht (from satang), times as ISO strings.
 */
export async function listHeldDeposits(q: Queryable, input: { limit: number }): Promise<HeldDeposit[]> {
  const { rows } = await q.query<{
    id: string; channel_id: string; amount_satang: bigint; occurred_at: Date; sender_bank_code: string | null;
    sender_account_masked: string | null; sender_phone: string | null; sender_name: string | null; hold_reason: string | null; created_at: Date;
    member_phone: string | null;
  }>(
    `SELECT d.id, d.channel_id, d.amount_satang, d.occurred_at, d.sender_bank_code, d.sender_account_masked, d.sender_phone, d.sender_name, d.hold_reason, d.created_at,
            m.phone_number AS member_phone
     FROM deposits d LEFT JOIN members m ON m.id = d.member_id WHERE d.status = 'held' ORDER BY d.created_at LIMIT $1`,
    [input.limit],
  );
  return rows.map((row) => ({
    id: row.id,
    channelId: row.channel_id,
    Amount: satangToBahtNumber(row.amount_satang),
    occurredAt: row.occurred_at.toISOString(),
    senderBankCode: row.sender_bank_code,
    senderAccountMasked: row.sender_account_masked,
    senderPhone: row.sender_phone,
    senderName: row.sender_name,
    holdReason: row.hold_reason,
    memberPhoneNumber: row.member_phone,
    createdAt: row.created_at.toISOString(),
  }));
}

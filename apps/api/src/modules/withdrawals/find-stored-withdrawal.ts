import type { Queryable } from '@sabai/db';
import { AppError } from '../../lib/app-error.ts';

/**
 * The withdrawal a member already made with this `Idempotency-Key`, read before any lock or work
 * (issue 24 §3, docs/adr/0038): a retry is answered from what is stored, so it never waits on the
 * member's money lock nor hears MEMBER_BUSY for a withdrawal that exists. One indexed read of
 * `withdrawals (member_id, request_key)`. The same lookup stays inside the reservation's
 * transaction as the guard against two first tries racing.
 * @returns the stored withdrawal's id, or undefined when this key is new.
 * @throws AppError IDEMPOTENCY_CONFLICT when the key was used for another amount (satang).
 */
export async function findStoredWithdrawal(
  db: Queryable,
  input: { memberId: string; requestKey: string; amountSatang: bigint },
): Promise<string | undefined> {
  const { rows } = await db.query<{ id: string; amount_satang: bigint }>(
    'SELECT id, amount_satang FROM withdrawals WHERE member_id = $1 AND request_key = $2',
    [input.memberId, input.requestKey],
  );
  const stored = rows[0];
  if (!stored) return undefined;
  if (stored.amount_satang !== input.amountSatang) throw new AppError('IDEMPOTENCY_CONFLICT');
  return stored.id;
}

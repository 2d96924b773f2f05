import type { Queryable } from '@sabai/db';

/**
 * "A member's balance changed" (issue: live balance). Sent with pg_notify inside the transaction
 * that moved the money, so it is delivered only if that transaction commits, to every API process
 * listening. Carries no amounts: clients refetch.
 */
export const BALANCE_CHANNEL = 'sabai_balance_changed';

export type BalanceChangeReason = 'deposit' | 'withdrawal' | 'adjustment';

export async function notifyBalanceChanged(tx: Queryable, memberId: string, reason: BalanceChangeReason): Promise<void> {
  await tx.query('SELECT pg_notify($1, $2)', [BALANCE_CHANNEL, JSON.stringify({ memberId, reason })]);
}

import type { Queryable } from '@sabai/db';

/**
 * "A member's balance changed" (issue: live balance). Sent with pg_notify inside the transaction
 * that moved the money, so it is delivered only if that transaction commits, to every API process
 * listening. Carries no amounts: clients refetch. A deposit's notification also names the deposit
 * (`depositId`), so a client (and bench:live, issue 16 §2) can tell one deposit's event from
 * another's and count each exactly once.
 */
export const BALANCE_CHANNEL = 'sabai_balance_changed';

export type BalanceChangeReason = 'deposit' | 'withdrawal' | 'adjustment';

/**
 * Tells every API process that sessions of the member ended (logout, password change, staff):
 * their open event streams re-check their own session at once and close if it is gone (issue 13
 * §3.2). Sent on the same channel; clients never see this reason.
 */
export const SESSION_ENDED_REASON = 'session_ended';

export async function notifySessionsEnded(q: Queryable, memberId: string): Promise<void> {
  await q.query('SELECT pg_notify($1, $2)', [BALANCE_CHANNEL, JSON.stringify({ memberId, reason: SESSION_ENDED_REASON })]);
}

/** What a stream sends the member for one change: the reason, and the deposit's id when a deposit was credited. */
export interface BalanceChange {
  reason: string;
  depositId?: string;
}

export async function notifyBalanceChanged(tx: Queryable, memberId: string, reason: BalanceChangeReason, depositId?: string): Promise<void> {
  const notification = balanceChangedNotification(memberId, reason, depositId);
  await tx.query('SELECT pg_notify($1, $2)', [notification.channel, notification.payload]);
}

/**
 * The notification notifyBalanceChanged sends, as channel and payload, for a caller that sends it
 * inside a statement of its own (recordOutboxEvent `alsoNotify`: one statement fewer, issue 29 §1).
 */
export function balanceChangedNotification(memberId: string, reason: BalanceChangeReason, depositId?: string): { channel: string; payload: string } {
  return { channel: BALANCE_CHANNEL, payload: JSON.stringify(depositId === undefined ? { memberId, reason } : { memberId, reason, depositId }) };
}

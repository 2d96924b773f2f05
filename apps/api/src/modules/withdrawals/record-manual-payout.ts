import type { Queryable } from '@sabai/db';
import type { WithdrawalState } from '@sabai/contracts';
import { inLedgerTransaction } from '@sabai/ledger';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordStaffAction } from '../../lib/audit.ts';
import type { StaffActor } from '../../plugins/staff-auth.ts';
import {
  confirmPayoutWithDebit,
  debitFitsPayout,
  lockChannelMatching,
  lockUnconfirmedPayouts,
  type HouseDebitFacts,
  type RecordedPayout,
} from './manual-payout-matching.ts';

/** How far ahead of the server's clock a recorded payment time may be (phones drift; typing takes a minute). */
const PAID_AT_FUTURE_TOLERANCE_MS = 5 * 60_000;

/**
 * Finance records a withdrawal it paid by hand from a house bank account (PAYOUT_PROVIDER=manual,
 * docs/adr/0039): "paid from channel X, bank reference R, at time T". `awaiting_payout` →
 * `paid_unconfirmed` (the member sees "กำลังโอน"); the reservation stays pending until the house
 * account's debit notification confirms it (record-house-debit.ts). A debit that arrived before
 * this record (staff type after the bank app answered) and fits it alone confirms it now.
 * Audited. Exactly one record wins: the row is locked and changed only from `awaiting_payout`.
 * @param input.bankReference the bank app's reference, stored upper-case; unique per house channel.
 * @param input.paidAt when the bank app says it paid; at most 5 minutes ahead of now, not before the withdrawal.
 * @throws AppError NOT_FOUND; PAYOUT_ALREADY_RECORDED (recorded before, by anyone); STATE_CONFLICT
 *   (not waiting to be paid: rejected, failed, or payouts are not manual); PAYOUT_REFERENCE_USED
 *   (the reference paid another withdrawal from this channel); PAYOUT_CHANNEL_INVALID;
 *   VALIDATION_FAILED (payment time).
 */
export async function recordManualPayout(
  context: AppContext,
  input: StaffActor & { withdrawalId: string; channelId: string; bankReference: string; paidAt: Date },
): Promise<{ status: 'paid' | 'paid_unconfirmed' }> {
  return inLedgerTransaction(context.db, (tx) => recordManualPayoutInTransaction(tx, { now: context.now(), matchWindowMs: context.config.MANUAL_PAYOUT_MATCH_WINDOW_MS }, input));
}

/** recordManualPayout in the caller's transaction (a failed payout paid by hand records its new withdrawal so, resolve-failed-payout.ts). */
export async function recordManualPayoutInTransaction(
  tx: Queryable,
  clock: { now: Date; matchWindowMs: number },
  input: Omit<StaffActor, 'address'> & { address: string | null; withdrawalId: string; channelId: string; bankReference: string; paidAt: Date },
): Promise<{ status: 'paid' | 'paid_unconfirmed' }> {
  const reference = input.bankReference.trim().toUpperCase();
  if (input.paidAt.getTime() > clock.now.getTime() + PAID_AT_FUTURE_TOLERANCE_MS) {
    throw new AppError('VALIDATION_FAILED', { message: 'เวลาที่โอนต้องไม่เป็นเวลาในอนาคต' });
  }
  await requirePayingChannel(tx, input.channelId);
  // Channel first, then the withdrawal row: the order the debit path takes (no deadlock).
  await lockChannelMatching(tx, input.channelId);
  const { rows } = await tx.query<{ status: WithdrawalState; payout_channel_id: string | null; created_at: Date }>(
    'SELECT status, payout_channel_id, created_at FROM withdrawals WHERE id = $1 FOR UPDATE',
    [input.withdrawalId],
  );
  const withdrawal = rows[0];
  if (!withdrawal) throw new AppError('NOT_FOUND');
  if (withdrawal.payout_channel_id !== null) throw new AppError('PAYOUT_ALREADY_RECORDED');
  if (withdrawal.status !== 'awaiting_payout') throw new AppError('STATE_CONFLICT');
  if (input.paidAt.getTime() < withdrawal.created_at.getTime() - 60_000) {
    throw new AppError('VALIDATION_FAILED', { message: 'เวลาที่โอนต้องไม่ก่อนเวลาที่สมาชิกแจ้งถอน' });
  }
  const used = await tx.query('SELECT 1 FROM withdrawals WHERE payout_channel_id = $1 AND payout_provider_ref = $2', [input.channelId, reference]);
  if (used.rowCount > 0) throw new AppError('PAYOUT_REFERENCE_USED');

  await tx.query(
    `UPDATE withdrawals SET status = 'paid_unconfirmed', payout_channel_id = $2, payout_provider_ref = $3, payout_paid_at = $4,
       payout_recorded_by = $5, payout_started_at = $6, updated_at = $6
     WHERE id = $1`,
    [input.withdrawalId, input.channelId, reference, input.paidAt, input.actor, clock.now],
  );
  await recordStaffAction(tx, {
    actor: input.actor,
    actorRole: input.actorRole,
    address: input.address,
    action: 'withdrawal.payout-recorded',
    subjectType: 'withdrawal',
    subjectId: input.withdrawalId,
    details: { channelId: input.channelId, bankReference: reference, paidAt: input.paidAt.toISOString() },
  });
  const confirmed = await claimEarlierDebit(tx, clock.matchWindowMs, input.withdrawalId, input.channelId);
  return { status: confirmed ? 'paid' : 'paid_unconfirmed' };
}

/** The house channel must be an active or hidden bank account of the site: debits are read from bank feeds. */
async function requirePayingChannel(tx: Queryable, channelId: string): Promise<void> {
  const { rows } = await tx.query<{ kind: string; state: string }>('SELECT kind, state FROM deposit_channels WHERE id = $1', [channelId]);
  const channel = rows[0];
  if (!channel || channel.kind !== 'bank' || channel.state === 'disabled') throw new AppError('PAYOUT_CHANNEL_INVALID');
}

/**
 * An unmatched debit of this channel that fits this payout, and fits no other unconfirmed payout,
 * confirms it. Runs under the channel's matching lock.
 */
async function claimEarlierDebit(tx: Queryable, windowMs: number, withdrawalId: string, channelId: string): Promise<boolean> {
  const { rows: payoutRows } = await tx.query<{ amount_satang: bigint }>('SELECT amount_satang FROM withdrawals WHERE id = $1', [withdrawalId]);
  const amountSatang = payoutRows[0]?.amount_satang;
  if (amountSatang === undefined) throw new Error(`invariant: withdrawal ${withdrawalId} vanished`);
  const payouts = await lockUnconfirmedPayouts(tx, channelId, amountSatang);
  const payout = payouts.find((candidate) => candidate.withdrawalId === withdrawalId);
  if (!payout) throw new Error(`invariant: recorded payout ${withdrawalId} is not unconfirmed`);
  const { rows: debits } = await tx.query<HouseDebitFacts & { id: string }>(
    `SELECT id, channel_id AS "channelId", amount_satang AS "amountSatang", occurred_at AS "occurredAt", recipient_account_masked AS "recipientAccountMasked"
     FROM house_debits WHERE status = 'unmatched' AND channel_id = $1 AND amount_satang = $2 ORDER BY id LIMIT 100 FOR UPDATE`,
    [channelId, amountSatang],
  );
  const fitting = debits.filter((debit) => debitFitsPayout(debit, payout, windowMs));
  const [debit, ...more] = fitting;
  if (!debit || more.length > 0) return false;
  if (payouts.some((other: RecordedPayout) => other.withdrawalId !== withdrawalId && debitFitsPayout(debit, other, windowMs))) return false;
  await tx.query(`UPDATE house_debits SET status = 'matched', reason = 'MATCHED_WHEN_RECORDED', withdrawal_id = $2, matched_at = now() WHERE id = $1`, [debit.id, withdrawalId]);
  return confirmPayoutWithDebit(tx, { payout, debitId: debit.id });
}

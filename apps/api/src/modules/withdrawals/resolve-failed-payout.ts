import type { Queryable } from '@sabai/db';
import type { WithdrawalState } from '@sabai/contracts';
import { postgresErrorCode, violatedConstraint } from '@sabai/db';
import { HOUSE_ACCOUNTS, inLedgerTransaction, requireAccountId, requireMemberAccountId, reserveTransfer } from '@sabai/ledger';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordStaffAction } from '../../lib/audit.ts';
import { notifyBalanceChanged } from '../../lib/balance-notifications.ts';
import { newPrefixedId } from '../../lib/ids.ts';
import type { StaffActor } from '../../plugins/staff-auth.ts';
import { executePayout } from './execute-payout.ts';
import { recordManualPayoutInTransaction } from './record-manual-payout.ts';

/** What finance may do with a failed payout (issue 25 §2, docs/adr/0049). */
export type FailedPayoutAction = 'retry' | 'manual' | 'return';

export interface FailedPayoutOutcome {
  action: FailedPayoutAction;
  /** The new withdrawal that pays it again (retry, manual); null for return. */
  nextWithdrawalId: string | null;
  /** The state of the new withdrawal now (retry: paid, paying, failed…; manual: paid_unconfirmed or paid), `failed` for return. */
  status: WithdrawalState;
  /** This call only replayed an action taken before (same action, same failed payout). */
  isReplay: boolean;
}

interface FailedRow {
  member_id: string;
  amount_satang: bigint;
  bank_code: string;
  account_number: string;
  account_name: string;
  created_at: Date;
}

/**
 * Retry a failed payout to the same account: a new withdrawal (`retry_of` the failed one) reserves
 * the amount from the member's main wallet again (the failure gave it back) and is paid through the
 * payout adapter after the commit, as an approved withdrawal is (execute-payout.ts). Idempotent per
 * failed payout: the same call again returns the stored new withdrawal (and resumes paying it if a
 * crash stopped it before the adapter call); another action on it is refused. Audited.
 * @throws AppError NOT_FOUND; STATE_CONFLICT (not failed, or closed with another action);
 *   INSUFFICIENT_BALANCE (the member spent the money since: use return); WITHDRAW_IN_PROGRESS.
 */
export async function retryFailedPayout(context: AppContext, input: StaffActor & { withdrawalId: string }): Promise<FailedPayoutOutcome> {
  const resolved = await inLedgerTransaction(context.db, async (tx) => {
    const claim = await claimFailedPayout(tx, input.withdrawalId, 'retry');
    if ('replayOf' in claim) return { nextWithdrawalId: claim.replayOf, isReplay: true };
    const nextWithdrawalId = await reserveAgain(tx, { failedId: input.withdrawalId, failed: claim.failed, status: 'approved', actor: input.actor, createdAt: context.now() });
    await closeFailedPayout(tx, input, { action: 'retry', nextWithdrawalId, note: null });
    return { nextWithdrawalId, isReplay: false };
  });
  const status = await executePayout(context, resolved.nextWithdrawalId);
  return { action: 'retry', nextWithdrawalId: resolved.nextWithdrawalId, status, isReplay: resolved.isReplay };
}

/**
 * Finance paid a failed payout by hand from a house bank account: in one transaction a new
 * withdrawal reserves the amount from the main wallet and is recorded as paid with the bank's
 * reference (`paid_unconfirmed`, docs/adr/0039). It becomes `paid` when the house account's debit
 * SMS confirms it or when ANOTHER staff member confirms it (four-eyes, confirm-manual-payout.ts).
 * Idempotent per failed payout like retry. Audited.
 * @throws AppError as retryFailedPayout, and PAYOUT_CHANNEL_INVALID, PAYOUT_REFERENCE_USED, VALIDATION_FAILED (payment time).
 */
export async function payFailedPayoutByHand(
  context: AppContext,
  input: StaffActor & { withdrawalId: string; channelId: string; bankReference: string; paidAt: Date },
): Promise<FailedPayoutOutcome> {
  return inLedgerTransaction(context.db, async (tx) => {
    const claim = await claimFailedPayout(tx, input.withdrawalId, 'manual');
    if ('replayOf' in claim) return { action: 'manual', nextWithdrawalId: claim.replayOf, status: await statusOf(tx, claim.replayOf), isReplay: true };
    // The new withdrawal carries the member's request time: the bank app's payment time is checked against it.
    const nextWithdrawalId = await reserveAgain(tx, { failedId: input.withdrawalId, failed: claim.failed, status: 'awaiting_payout', actor: input.actor, createdAt: claim.failed.created_at });
    const recorded = await recordManualPayoutInTransaction(context, tx, { ...input, withdrawalId: nextWithdrawalId });
    await closeFailedPayout(tx, input, { action: 'manual', nextWithdrawalId, note: input.bankReference.trim().toUpperCase() });
    return { action: 'manual', nextWithdrawalId, status: recorded.status, isReplay: false };
  });
}

/**
 * Closes a failed payout with the money left in the member's main wallet, where the failure put it
 * back (its reservation was voided when the bank refused): nothing moves, the case leaves the queue.
 * Idempotent per failed payout. Audited with the note.
 * @throws AppError NOT_FOUND; STATE_CONFLICT (not failed, or closed with another action).
 */
export async function returnFailedPayout(context: AppContext, input: StaffActor & { withdrawalId: string; note?: string | undefined }): Promise<FailedPayoutOutcome> {
  return inLedgerTransaction(context.db, async (tx) => {
    const claim = await claimFailedPayout(tx, input.withdrawalId, 'return');
    if (!('replayOf' in claim)) {
      await closeFailedPayout(tx, input, { action: 'return', nextWithdrawalId: null, note: input.note?.trim() || null });
      await notifyBalanceChanged(tx, claim.failed.member_id, 'withdrawal');
    }
    return { action: 'return', nextWithdrawalId: null, status: 'failed', isReplay: 'replayOf' in claim };
  });
}

/**
 * Locks the failed withdrawal. Already closed with `action`: the stored next withdrawal (a replay);
 * with another action, or not failed: refused.
 */
async function claimFailedPayout(tx: Queryable, withdrawalId: string, action: FailedPayoutAction): Promise<{ failed: FailedRow } | { replayOf: string }> {
  const { rows } = await tx.query<FailedRow & { status: string }>(
    'SELECT status, member_id, amount_satang, bank_code, account_number, account_name, created_at FROM withdrawals WHERE id = $1 FOR UPDATE',
    [withdrawalId],
  );
  const failed = rows[0];
  if (!failed) throw new AppError('NOT_FOUND');
  if (failed.status !== 'failed') throw new AppError('STATE_CONFLICT');
  const { rows: closed } = await tx.query<{ action: FailedPayoutAction; next_withdrawal_id: string | null }>(
    'SELECT action, next_withdrawal_id FROM failed_payout_resolutions WHERE withdrawal_id = $1',
    [withdrawalId],
  );
  const resolution = closed[0];
  if (!resolution) return { failed };
  if (resolution.action !== action) throw new AppError('STATE_CONFLICT', { message: 'รายการโอนไม่สำเร็จนี้ดำเนินการไปแล้วด้วยวิธีอื่น' });
  return { replayOf: resolution.next_withdrawal_id ?? withdrawalId };
}

/** A new withdrawal of the failed one's amount to the same account, its amount reserved from the main wallet (pending WITHDRAW → house:payouts_in_flight). */
async function reserveAgain(
  tx: Queryable,
  input: { failedId: string; failed: FailedRow; status: 'approved' | 'awaiting_payout'; actor: string; createdAt: Date },
): Promise<string> {
  const { failed } = input;
  const withdrawalId = newPrefixedId('wdr');
  const reserved = await reserveTransfer(tx, {
    idempotencyKey: `withdraw-reserve:${withdrawalId}`,
    code: 'WITHDRAW',
    debitAccountId: await requireMemberAccountId(tx, failed.member_id, 'main'),
    creditAccountId: await requireAccountId(tx, HOUSE_ACCOUNTS.payoutsInFlight),
    amountSatang: failed.amount_satang,
    source: { type: 'withdrawal', id: withdrawalId },
  });
  if (reserved.status === 'refused') throw new AppError('INSUFFICIENT_BALANCE', { message: 'ยอดเงินในกระเป๋าหลักของสมาชิกไม่พอจ่ายซ้ำ (ใช้ "คืนเงินเข้ากระเป๋าหลัก")' });
  if (reserved.status !== 'created') throw new Error(`failed payout ${input.failedId}: unexpected reserve ${reserved.status}`);
  try {
    await tx.query(
      `INSERT INTO withdrawals (id, member_id, request_key, amount_satang, bank_code, account_number, account_name, status, reserve_transfer_id, decided_by, retry_of, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, now())`,
      [withdrawalId, failed.member_id, `payout-again:${input.failedId}`, failed.amount_satang, failed.bank_code, failed.account_number, failed.account_name,
        input.status, reserved.transferId, input.actor, input.failedId, input.createdAt],
    );
  } catch (error) {
    if (postgresErrorCode(error) === '23505' && violatedConstraint(error) === 'withdrawals_one_open_per_member') throw new AppError('WITHDRAW_IN_PROGRESS');
    throw error;
  }
  await notifyBalanceChanged(tx, failed.member_id, 'withdrawal');
  return withdrawalId;
}

/** Records the closing action (one per failed payout) and the audit entry. The new withdrawal's own events (paid, failed) tell the member. */
async function closeFailedPayout(
  tx: Queryable,
  staff: StaffActor & { withdrawalId: string },
  input: { action: FailedPayoutAction; nextWithdrawalId: string | null; note: string | null },
): Promise<void> {
  await tx.query(
    'INSERT INTO failed_payout_resolutions (withdrawal_id, action, resolved_by, next_withdrawal_id, note) VALUES ($1, $2, $3, $4, $5)',
    [staff.withdrawalId, input.action, staff.actor, input.nextWithdrawalId, input.note],
  );
  await recordStaffAction(tx, {
    actor: staff.actor,
    actorRole: staff.actorRole,
    address: staff.address,
    action: `withdrawal.failed-payout-${input.action}`,
    subjectType: 'withdrawal',
    subjectId: staff.withdrawalId,
    reason: input.note,
    details: { nextWithdrawalId: input.nextWithdrawalId },
  });
}

async function statusOf(tx: Queryable, withdrawalId: string): Promise<WithdrawalState> {
  const { rows } = await tx.query<{ status: WithdrawalState }>('SELECT status FROM withdrawals WHERE id = $1', [withdrawalId]);
  const status = rows[0]?.status;
  if (status === undefined) throw new Error(`invariant: withdrawal ${withdrawalId} does not exist`);
  return status;
}

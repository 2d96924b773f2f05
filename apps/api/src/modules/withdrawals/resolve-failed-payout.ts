import type { Queryable } from '@sabai/db';
import type { WithdrawalState } from '@sabai/contracts';
import { postgresErrorCode, violatedConstraint } from '@sabai/db';
import { HOUSE_ACCOUNTS, inLedgerTransaction, requireAccountId, requireMemberAccountId, reserveTransfer } from '@sabai/ledger';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordStaffAction } from '../../lib/audit.ts';
import { notifyBalanceChanged } from '../../lib/balance-notifications.ts';
import { newPrefixedId } from '../../lib/ids.ts';
import type { StaffRole } from '../staff/index.ts';
import { registerMoneyActionHandler, requestMoneyAction, type MoneyActionHandler, type MoneyActionKind } from '../approvals/index.ts';
import { executePayout } from './execute-payout.ts';
import { recordManualPayoutInTransaction } from './record-manual-payout.ts';

/** What finance may do with a failed payout (issue 25 §2, docs/adr/0049). */
export type FailedPayoutAction = 'retry' | 'manual' | 'return';

/** The maker-checker kind of each action (approvals module, docs/adr/0048). */
const MONEY_ACTION_KIND: Record<FailedPayoutAction, MoneyActionKind> = { retry: 'payout.retry', manual: 'payout.manual', return: 'payout.return-to-wallet' };

export interface FailedPayoutOutcome {
  action: FailedPayoutAction;
  /** `pending_approval`: waits for a second person (the approvals queue); otherwise the state of the new withdrawal (retry, manual) or `failed` (return). */
  status: WithdrawalState;
  /** The new withdrawal that pays it again (retry, manual, once done); null otherwise. */
  nextWithdrawalId: string | null;
  /** The maker-checker request (null when it was done before this request). */
  approvalId: string | null;
  /** This call only answered what was done before (same action on the same failed payout). */
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

/** Paying by hand: the house channel, the bank app's reference and time (record-manual-payout.ts). */
export interface PaidByHand {
  channelId: string;
  bankReference: string;
  paidAt: Date;
}

/**
 * A staff member asks to close a failed payout (issue 25 §2) — retry to the same account, record it
 * paid by hand, or leave the money in the member's main wallet — as a money action under the
 * maker-checker policy ('payout.retry' / 'payout.manual' / 'payout.return-to-wallet'): within the
 * requester's role daily limit it is done at once, otherwise it waits for a second person
 * (`pending_approval`). A retry done at once is sent to the payout adapter after the commit; one
 * approved later is sent by the payout recovery job (it picks up `approved` withdrawals).
 * Idempotent per (failed payout, staff member): the same request again returns the stored answer;
 * a failed payout already closed answers with how it was closed (same action) or STATE_CONFLICT.
 * @throws AppError NOT_FOUND; STATE_CONFLICT; STAFF_FORBIDDEN (role); INSUFFICIENT_BALANCE (retry
 *   or manual when the member spent the money since: return it instead); WITHDRAW_IN_PROGRESS;
 *   PAYOUT_CHANNEL_INVALID, PAYOUT_REFERENCE_USED, VALIDATION_FAILED (manual).
 */
export async function requestFailedPayoutAction(
  context: AppContext,
  input: { withdrawalId: string; action: FailedPayoutAction; staff: { staffId: string; role: StaffRole }; address: string | null; note?: string | undefined; paidByHand?: PaidByHand },
): Promise<FailedPayoutOutcome> {
  if (input.action === 'manual' && !input.paidByHand) throw new AppError('VALIDATION_FAILED');
  const outcome = await inLedgerTransaction(context.db, async (tx): Promise<FailedPayoutOutcome> => {
    const claim = await claimFailedPayout(tx, input.withdrawalId, input.action);
    if ('replayOf' in claim) return { action: input.action, status: await statusOf(tx, claim.replayOf), nextWithdrawalId: claim.replayOf === input.withdrawalId ? null : claim.replayOf, approvalId: null, isReplay: true };
    const requested = await requestMoneyAction(tx, {
      kind: MONEY_ACTION_KIND[input.action],
      requester: input.staff,
      amountSatang: claim.failed.amount_satang,
      subject: { type: 'withdrawal', id: input.withdrawalId },
      payload: {
        withdrawalId: input.withdrawalId,
        action: input.action,
        note: input.note?.trim() || null,
        ...(input.paidByHand ? { channelId: input.paidByHand.channelId, bankReference: input.paidByHand.bankReference, paidAt: input.paidByHand.paidAt.toISOString() } : {}),
        matchWindowMs: context.config.MANUAL_PAYOUT_MATCH_WINDOW_MS,
      },
      idempotencyKey: `failed-payout:${input.action}:${input.withdrawalId}:${input.staff.staffId}`,
      reason: input.note?.trim() || null,
      address: input.address,
      now: context.now(),
    });
    if (requested.status !== 'executed') return { action: input.action, status: requested.status === 'pending' ? 'pending_approval' : 'failed', nextWithdrawalId: null, approvalId: requested.approvalId, isReplay: false };
    const next = typeof requested.result.nextWithdrawalId === 'string' ? requested.result.nextWithdrawalId : null;
    return { action: input.action, status: next ? await statusOf(tx, next) : 'failed', nextWithdrawalId: next, approvalId: requested.approvalId, isReplay: false };
  });
  if (outcome.action !== 'retry' || outcome.nextWithdrawalId === null) return outcome;
  return { ...outcome, status: await executePayout(context, outcome.nextWithdrawalId) };
}

/**
 * The approvals module's handler of the three kinds, in the executing transaction (at once, or
 * the approver's): closes the failed payout once. retry: a new withdrawal (`retry_of`) reserves
 * the amount from the main wallet again (the failure gave it back) in `approved`; manual: the new
 * withdrawal is recorded paid by hand (`paid_unconfirmed`, confirmed by the house debit SMS or
 * another staff member, docs/adr/0039); return: nothing moves, the money is in the main wallet.
 * @returns { nextWithdrawalId } (null for return).
 */
const executeFailedPayoutAction: MoneyActionHandler = async (tx, action) => {
  const withdrawalId = String(action.payload.withdrawalId);
  const kind = String(action.payload.action) as FailedPayoutAction;
  const claim = await claimFailedPayout(tx, withdrawalId, kind);
  if ('replayOf' in claim) return { nextWithdrawalId: claim.replayOf === withdrawalId ? null : claim.replayOf };
  const staff = { actor: `staff:${action.executedBy.username}`, actorRole: action.executedBy.role, address: null, withdrawalId };
  const note = typeof action.payload.note === 'string' ? action.payload.note : null;
  if (kind === 'return') {
    await closeFailedPayout(tx, staff, { action: kind, nextWithdrawalId: null, note });
    await notifyBalanceChanged(tx, claim.failed.member_id, 'withdrawal');
    return { nextWithdrawalId: null };
  }
  // Paid by hand: the new withdrawal carries the member's request time (the bank app's payment time is checked against it).
  const createdAt = kind === 'manual' ? claim.failed.created_at : action.now;
  const nextWithdrawalId = await reserveAgain(tx, { failedId: withdrawalId, failed: claim.failed, status: kind === 'retry' ? 'approved' : 'awaiting_payout', actor: staff.actor, createdAt });
  if (kind === 'manual') {
    const bankReference = String(action.payload.bankReference);
    const clock = { now: action.now, matchWindowMs: Number(action.payload.matchWindowMs) };
    await recordManualPayoutInTransaction(tx, clock, { ...staff, withdrawalId: nextWithdrawalId, channelId: String(action.payload.channelId), bankReference, paidAt: new Date(String(action.payload.paidAt)) });
  }
  await closeFailedPayout(tx, staff, { action: kind, nextWithdrawalId, note: kind === 'manual' ? String(action.payload.bankReference).trim().toUpperCase() : note });
  return { nextWithdrawalId };
};

registerMoneyActionHandler('payout.retry', executeFailedPayoutAction);
registerMoneyActionHandler('payout.manual', executeFailedPayoutAction);
registerMoneyActionHandler('payout.return-to-wallet', executeFailedPayoutAction);

/**
 * Locks the failed withdrawal. Already closed with `action`: the stored next withdrawal (a replay;
 * the failed one itself for return); closed with another action, or not failed: refused.
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
  staff: { actor: string; actorRole: string; address: string | null; withdrawalId: string },
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

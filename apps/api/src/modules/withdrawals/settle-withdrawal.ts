import type { Queryable } from '@sabai/db';
import type { WithdrawalState } from '@sabai/contracts';
import { HOUSE_ACCOUNTS, RESOLVE_AND_POST_FIRST_PARAM, expectPosted, inLedgerStatement, inLedgerTransaction, requireAccountId, resolveAndPostTransferGuardedWith, resolveAndPostTransferWith, resolvePendingTransfer } from '@sabai/ledger';
import { outboxEventCtes, recordOutboxEvent, toSatangText } from '../outbox/index.ts';
import type { Settlement } from '../../lib/external-transfer.ts';
import type { PayoutReceipt } from '../../adapters/payout/index.ts';
import type { AppContext } from '../../context.ts';
import { balanceChangedNotification } from '../../lib/balance-notifications.ts';

export type PayoutSettlement = Settlement<PayoutReceipt>;

/**
 * Settles a withdrawal whose payout outcome is now known, once. Paid: the reservation is posted
 * (member main → house:payouts_in_flight) and the money leaves the house
 * (payouts_in_flight → the paying bank channel). Failed: the reservation is voided and the money
 * is the member's again. Records `withdrawal.paid` / `withdrawal.failed` in the outbox. Only a withdrawal in `paying` is settled; anything else is left alone.
 * @returns whether this call settled it.
 */
export async function settleWithdrawal(context: AppContext, withdrawalId: string, settlement: PayoutSettlement, claimed?: ClaimedWithdrawal): Promise<boolean> {
  if (claimed && settlement.result === 'succeeded') return settlePaidInOneStatement(context, withdrawalId, settlement, claimed);
  // A paid one leaves from the first active bank channel (docs/adr/0007), read with the row's lock.
  return inLedgerTransaction(context.db, (tx) =>
    settleWithdrawalInTransaction(tx, { withdrawalId, fromStatus: 'paying', settlement, payingAccountId: settlement.result === 'succeeded' ? 'first_bank_channel' : null }));
}

/**
 * The settlement itself, in the caller's transaction: the withdrawal row is locked and settled
 * only while in `fromStatus` (`paying` for API payouts; `paid_unconfirmed` or `awaiting_payout`
 * for payouts by staff, docs/adr/0039). A paid withdrawal leaves from `payingAccountId` (the
 * ledger account of the house channel that paid it, or `'first_bank_channel'`: the first active
 * bank channel, read in the row's locking statement; required when succeeded). A reference
 * already recorded (manual payouts) is kept when the settlement carries none.
 * @returns whether this call settled it (false: not in `fromStatus`, e.g. settled already).
 */
export async function settleWithdrawalInTransaction(
  tx: Queryable,
  input: { withdrawalId: string; fromStatus: WithdrawalState; settlement: PayoutSettlement; payingAccountId: bigint | 'first_bank_channel' | null },
): Promise<boolean> {
  const { withdrawalId, settlement } = input;
  // One statement (issue 29 §1): the row's lock and, when asked, the bank channel it is paid from.
  const { rows } = await tx.query<{ member_id: string; reserve_transfer_id: bigint; amount_satang: bigint; first_bank_account_id: bigint | null }>(
    `SELECT w.member_id, w.reserve_transfer_id, w.amount_satang,
            CASE WHEN $3::boolean THEN (SELECT c.ledger_account_id FROM deposit_channels c WHERE c.kind = 'bank' AND c.state <> 'disabled' ORDER BY c.sort_order, c.id LIMIT 1) END AS first_bank_account_id
       FROM withdrawals w WHERE w.id = $1 AND w.status = $2 FOR UPDATE OF w`,
    [withdrawalId, input.fromStatus, input.payingAccountId === 'first_bank_channel'],
    { prepare: true },
  );
  const withdrawal = rows[0];
  if (!withdrawal) return false;
  const payingAccountId = input.payingAccountId === 'first_bank_channel' ? withdrawal.first_bank_account_id : input.payingAccountId;
  if (input.payingAccountId === 'first_bank_channel' && payingAccountId === null) throw new Error('no bank channel to pay withdrawals from');
  const outcome = settlement.result === 'succeeded' ? 'paid' : 'failed';
  const resolution = {
    idempotencyKey: `withdraw-${settlement.result === 'succeeded' ? 'post' : 'void'}:${withdrawalId}`,
    pendingTransferId: withdrawal.reserve_transfer_id,
    resolution: settlement.result === 'succeeded' ? 'post' : 'void',
    code: 'WITHDRAW',
    source: { type: 'withdrawal', id: withdrawalId },
  } as const;
  const event = {
    kind: `withdrawal.${outcome}`,
    eventKey: `withdrawal.${outcome}:${withdrawalId}`,
    memberId: withdrawal.member_id,
    payload: { memberId: withdrawal.member_id, withdrawalId, amountSatang: toSatangText(withdrawal.amount_satang) },
  } as const;
  const alsoNotify = balanceChangedNotification(withdrawal.member_id, 'withdrawal');
  if (settlement.result === 'succeeded') {
    if (payingAccountId === null) throw new Error(`invariant: paid withdrawal ${withdrawalId} needs the account it left from`);
    const inFlight = await requireAccountId(tx, HOUSE_ACCOUNTS.payoutsInFlight);
    // One statement (issue 29 §1, resolveAndPostTransferWith): the reservation posted, then the
    // money leaving the house, the row settled and the outbox event. A posting that is not
    // accepted throws (expectPosted) and rolls the update and the event back with it.
    const outbox = outboxEventCtes(event, RESOLVE_AND_POST_FIRST_PARAM + 2, { alsoNotify });
    const posted = await resolveAndPostTransferWith(
      tx,
      resolution,
      {
        idempotencyKey: `withdraw-paid-out:${withdrawalId}`,
        code: 'WITHDRAW',
        debitAccountId: inFlight,
        creditAccountId: payingAccountId,
        amountSatang: withdrawal.amount_satang,
        source: { type: 'withdrawal', id: withdrawalId },
      },
      `settled AS (
         UPDATE withdrawals SET status = 'paid', resolve_transfer_id = resolution.transfer_id, payout_provider_ref = coalesce($22::text, payout_provider_ref), failure_reason = NULL, updated_at = now()
           FROM resolution WHERE withdrawals.id = $21::text
       ), ${outbox.ctes}`,
      [withdrawalId, settlement.receipt.providerRef, ...outbox.params],
      outbox.select,
    );
    expectPosted(posted.resolution);
    if (!posted.posting) throw new Error(`invariant: withdrawal ${withdrawalId} was resolved but not paid out`);
    expectPosted(posted.posting);
    return true;
  }
  const resolveTransferId = expectPosted(await resolvePendingTransfer(tx, resolution));
  await tx.query(
    `UPDATE withdrawals SET status = 'failed', resolve_transfer_id = $2, failure_reason = $3, updated_at = now() WHERE id = $1`,
    [withdrawalId, resolveTransferId, settlement.reason],
  );
  await recordOutboxEvent(tx, event, { alsoNotify });
  return true;
}

/** What the `paying` claim returned (execute-payout.ts): enough to settle a paid withdrawal without reading its row. */
export interface ClaimedWithdrawal {
  member_id: string;
  reserve_transfer_id: bigint;
  amount_satang: bigint;
  /** The first active bank channel's ledger account when the payout was claimed (docs/adr/0007), or null when there is none. */
  first_bank_account_id: bigint | null;
}

/**
 * A paid withdrawal settled in ONE autocommitted statement (issue 29 §1, docs/adr/0069) in place of
 * BEGIN, the row's locking read, the postings and COMMIT: the row is locked in the statement's
 * guard (`paying` only: one a concurrent settler already moved drops out, as the locking read did),
 * then, only when it was, the reservation is posted, the money leaves from the bank channel read
 * at the claim, the row is settled and the outbox event recorded; all or nothing. Retried as a
 * transaction is (inLedgerStatement): every part is keyed or guarded.
 * @returns whether this call settled it.
 */
/**
 * The rows of a paid-out withdrawal's statement that exist only when both postings were accepted:
 * the statement is autocommitted, so its row and event are written from them (a refusal, which
 * throws after the commit, leaves the withdrawal `paying` for the recovery job, never `paid`).
 */
const PAID_OUT = "posting WHERE posting.outcome IN ('created', 'exists')";

async function settlePaidInOneStatement(context: AppContext, withdrawalId: string, settlement: PayoutSettlement & { result: 'succeeded' }, claimed: ClaimedWithdrawal): Promise<boolean> {
  if (claimed.first_bank_account_id === null) throw new Error('no bank channel to pay withdrawals from');
  const payingAccountId = claimed.first_bank_account_id;
  const inFlight = await requireAccountId(context.db, HOUSE_ACCOUNTS.payoutsInFlight);
  const outbox = outboxEventCtes({
    kind: 'withdrawal.paid',
    eventKey: `withdrawal.paid:${withdrawalId}`,
    memberId: claimed.member_id,
    payload: { memberId: claimed.member_id, withdrawalId, amountSatang: toSatangText(claimed.amount_satang) },
  }, RESOLVE_AND_POST_FIRST_PARAM + 2, { alsoNotify: balanceChangedNotification(claimed.member_id, 'withdrawal'), onlyWhenFrom: PAID_OUT });
  const posted = await inLedgerStatement(() => resolveAndPostTransferGuardedWith(
    context.db,
    {
      idempotencyKey: `withdraw-post:${withdrawalId}`,
      pendingTransferId: claimed.reserve_transfer_id,
      resolution: 'post',
      code: 'WITHDRAW',
      source: { type: 'withdrawal', id: withdrawalId },
    },
    {
      idempotencyKey: `withdraw-paid-out:${withdrawalId}`,
      code: 'WITHDRAW',
      debitAccountId: inFlight,
      creditAccountId: payingAccountId,
      amountSatang: claimed.amount_satang,
      source: { type: 'withdrawal', id: withdrawalId },
    },
    `SELECT w.reserve_transfer_id AS pending_transfer_id FROM withdrawals w WHERE w.id = $21::text AND w.status = 'paying' FOR UPDATE OF w`,
    `settled AS (
       UPDATE withdrawals SET status = 'paid', resolve_transfer_id = resolution.transfer_id, payout_provider_ref = coalesce($22::text, payout_provider_ref), failure_reason = NULL, updated_at = now()
         FROM resolution, ${PAID_OUT} AND withdrawals.id = $21::text
     ), ${outbox.ctes}`,
    [withdrawalId, settlement.receipt.providerRef, ...outbox.params],
    outbox.select,
  ));
  if (!posted) return false;
  expectPosted(posted.resolution);
  if (!posted.posting) throw new Error(`invariant: withdrawal ${withdrawalId} was resolved but not paid out`);
  expectPosted(posted.posting);
  return true;
}

import type { Queryable } from '@sabai/db';
import type { WithdrawalState } from '@sabai/contracts';
import { HOUSE_ACCOUNTS, expectPosted, inLedgerTransaction, postTransfer, requireAccountId, resolvePendingTransfer } from '@sabai/ledger';
import { recordOutboxEvent, toSatangText } from '../outbox/index.ts';
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
export async function settleWithdrawal(context: AppContext, withdrawalId: string, settlement: PayoutSettlement): Promise<boolean> {
  return inLedgerTransaction(context.db, async (tx) => {
    const payingAccountId = settlement.result === 'succeeded' ? await payingBankAccount(tx) : null;
    return settleWithdrawalInTransaction(tx, { withdrawalId, fromStatus: 'paying', settlement, payingAccountId });
  });
}

/**
 * The settlement itself, in the caller's transaction: the withdrawal row is locked and settled
 * only while in `fromStatus` (`paying` for API payouts; `paid_unconfirmed` or `awaiting_payout`
 * for payouts by staff, docs/adr/0039). A paid withdrawal leaves from `payingAccountId` (the
 * ledger account of the house channel that paid it; required when succeeded). A reference
 * already recorded (manual payouts) is kept when the settlement carries none.
 * @returns whether this call settled it (false: not in `fromStatus`, e.g. settled already).
 */
export async function settleWithdrawalInTransaction(
  tx: Queryable,
  input: { withdrawalId: string; fromStatus: WithdrawalState; settlement: PayoutSettlement; payingAccountId: bigint | null },
): Promise<boolean> {
  const { withdrawalId, settlement } = input;
  const { rows } = await tx.query<{ member_id: string; reserve_transfer_id: bigint; amount_satang: bigint }>(
    `SELECT member_id, reserve_transfer_id, amount_satang FROM withdrawals WHERE id = $1 AND status = $2 FOR UPDATE`,
    [withdrawalId, input.fromStatus],
  );
  const withdrawal = rows[0];
  if (!withdrawal) return false;
  const resolveTransferId = expectPosted(
    await resolvePendingTransfer(tx, {
      idempotencyKey: `withdraw-${settlement.result === 'succeeded' ? 'post' : 'void'}:${withdrawalId}`,
      pendingTransferId: withdrawal.reserve_transfer_id,
      resolution: settlement.result === 'succeeded' ? 'post' : 'void',
      code: 'WITHDRAW',
      source: { type: 'withdrawal', id: withdrawalId },
    }),
  );
  if (settlement.result === 'succeeded') {
    if (input.payingAccountId === null) throw new Error(`invariant: paid withdrawal ${withdrawalId} needs the account it left from`);
    const inFlight = await requireAccountId(tx, HOUSE_ACCOUNTS.payoutsInFlight);
    expectPosted(
      await postTransfer(tx, {
        idempotencyKey: `withdraw-paid-out:${withdrawalId}`,
        code: 'WITHDRAW',
        debitAccountId: inFlight,
        creditAccountId: input.payingAccountId,
        amountSatang: withdrawal.amount_satang,
        source: { type: 'withdrawal', id: withdrawalId },
      }),
    );
  }
  await tx.query(
    `UPDATE withdrawals SET status = $2, resolve_transfer_id = $3, payout_provider_ref = coalesce($4, payout_provider_ref), failure_reason = $5, updated_at = now() WHERE id = $1`,
    [
      withdrawalId,
      settlement.result === 'succeeded' ? 'paid' : 'failed',
      resolveTransferId,
      settlement.result === 'succeeded' ? settlement.receipt.providerRef : null,
      settlement.result === 'failed' ? settlement.reason : null,
    ],
  );
  await recordOutboxEvent(tx, {
    kind: settlement.result === 'succeeded' ? 'withdrawal.paid' : 'withdrawal.failed',
    eventKey: `withdrawal.${settlement.result === 'succeeded' ? 'paid' : 'failed'}:${withdrawalId}`,
    memberId: withdrawal.member_id,
    payload: { memberId: withdrawal.member_id, withdrawalId, amountSatang: toSatangText(withdrawal.amount_satang) },
  }, { alsoNotify: balanceChangedNotification(withdrawal.member_id, 'withdrawal') });
  return true;
}

/** The house bank account payouts leave from: the first active bank channel (docs/adr/0007). */
async function payingBankAccount(tx: Queryable): Promise<bigint> {
  const { rows } = await tx.query<{ ledger_account_id: bigint }>(
    `SELECT ledger_account_id FROM deposit_channels WHERE kind = 'bank' AND state <> 'disabled' ORDER BY sort_order, id LIMIT 1`,
  );
  const id = rows[0]?.ledger_account_id;
  if (id === undefined) throw new Error('no bank channel to pay withdrawals from');
  return id;
}

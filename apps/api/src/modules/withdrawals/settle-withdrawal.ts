import { HOUSE_ACCOUNTS, expectPosted, inLedgerTransaction, postTransfer, requireAccountId, resolvePendingTransfer } from '@sabai/ledger';
import { recordOutboxEvent, toSatangText } from '../outbox/index.ts';
import type { Settlement } from '../../lib/external-transfer.ts';
import type { PayoutReceipt } from '../../adapters/payout/index.ts';
import type { AppContext } from '../../context.ts';
import { notifyBalanceChanged } from '../../lib/balance-notifications.ts';

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
    const { rows } = await tx.query<{ member_id: string; reserve_transfer_id: bigint; amount_satang: bigint }>(
      `SELECT member_id, reserve_transfer_id, amount_satang FROM withdrawals WHERE id = $1 AND status = 'paying' FOR UPDATE`,
      [withdrawalId],
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
      const inFlight = await requireAccountId(tx, HOUSE_ACCOUNTS.payoutsInFlight);
      const payingBank = await payingBankAccount(tx);
      expectPosted(
        await postTransfer(tx, {
          idempotencyKey: `withdraw-paid-out:${withdrawalId}`,
          code: 'WITHDRAW',
          debitAccountId: inFlight,
          creditAccountId: payingBank,
          amountSatang: withdrawal.amount_satang,
          source: { type: 'withdrawal', id: withdrawalId },
        }),
      );
    }
    await tx.query(
      `UPDATE withdrawals SET status = $2, resolve_transfer_id = $3, payout_provider_ref = $4, failure_reason = $5, updated_at = now() WHERE id = $1`,
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
    });
    await notifyBalanceChanged(tx, withdrawal.member_id, 'withdrawal');
    return true;
  });
}

/** The house bank account payouts leave from: the first active bank channel (docs/adr/0007). */
async function payingBankAccount(tx: Parameters<Parameters<AppContext['db']['transaction']>[0]>[0]): Promise<bigint> {
  const { rows } = await tx.query<{ ledger_account_id: bigint }>(
    `SELECT ledger_account_id FROM deposit_channels WHERE kind = 'bank' AND state <> 'disabled' ORDER BY sort_order, id LIMIT 1`,
  );
  const id = rows[0]?.ledger_account_id;
  if (id === undefined) throw new Error('no bank channel to pay withdrawals from');
  return id;
}

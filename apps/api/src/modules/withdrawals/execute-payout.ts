import type { WithdrawalState } from '@sabai/contracts';
import type { AppContext } from '../../context.ts';
import { settlementFromSend } from '../../lib/external-transfer.ts';
import { settleWithdrawal } from './settle-withdrawal.ts';

/**
 * Pays an approved withdrawal at most once (issue "Money" §6): the withdrawal is claimed
 * (`approved` → `paying`, with the start time) and that is COMMITTED before the payout adapter is
 * called, so a crash after the call leaves `paying`, which the recovery job settles by asking the
 * provider (recover-payouts.ts) and never by paying again. A known outcome settles at once; an
 * unknown one (timeout, 5xx) stays `paying` (the external-transfer primitive, lib/external-transfer.ts).
 * With PAYOUT_PROVIDER=manual nothing is sent: the withdrawal moves to finance's "to pay" queue
 * (`approved` → `awaiting_payout`, docs/adr/0039), its reservation still pending.
 * @returns the withdrawal's status after this call.
 */
export async function executePayout(context: AppContext, withdrawalId: string): Promise<WithdrawalState> {
  if (context.config.PAYOUT_PROVIDER === 'manual') return queueForManualPayout(context, withdrawalId);
  // The claim: one autocommitted statement, committed when it returns, before the provider is called.
  const claimed = await context.db.query<ClaimedPayout>(
    `UPDATE withdrawals SET status = 'paying', payout_started_at = $2, updated_at = $2
     WHERE id = $1 AND status = 'approved'
     RETURNING member_id, reserve_transfer_id, amount_satang, bank_code, account_number, account_name,
               (SELECT c.ledger_account_id FROM deposit_channels c WHERE c.kind = 'bank' AND c.state <> 'disabled' ORDER BY c.sort_order, c.id LIMIT 1) AS first_bank_account_id`,
    [withdrawalId, context.now()],
  );
  const withdrawal = claimed.rows[0];
  if (!withdrawal) return currentStatus(context, withdrawalId);
  return payClaimedWithdrawal(context, withdrawalId, withdrawal);
}

/**
 * Sends the payout of a withdrawal this process claimed — its `paying` row committed (by the claim
 * above, or recorded `paying` by the withdrawal's own transaction, request-withdrawal.ts,
 * docs/adr/0074) — and settles a known outcome at once; an unknown one stays `paying` for the
 * recovery job. Never called twice for one claim.
 * @returns the withdrawal's status after this call.
 */
export async function payClaimedWithdrawal(context: AppContext, withdrawalId: string, withdrawal: ClaimedPayout): Promise<WithdrawalState> {
  const result = await context.payout.sendPayout({
    reference: withdrawalId,
    bankCode: withdrawal.bank_code,
    accountNumber: withdrawal.account_number,
    accountName: withdrawal.account_name,
    amountSatang: withdrawal.amount_satang,
  });
  const settlement = settlementFromSend(result);
  // Settled here: its status is known without reading it again (issue 29 §1). What the claim
  // returned settles a paid one in one statement (docs/adr/0069).
  if (settlement && (await settleWithdrawal(context, withdrawalId, settlement, withdrawal))) return settlement.result === 'succeeded' ? 'paid' : 'failed';
  return currentStatus(context, withdrawalId);
}

/** A claimed (`paying`) withdrawal: what paying and settling it need, from the claim's RETURNING or the withdrawal's own INSERT. */
export interface ClaimedPayout {
  member_id: string;
  reserve_transfer_id: bigint;
  /** The first active bank channel's ledger account when claimed: the one a paid withdrawal leaves from (docs/adr/0007). */
  first_bank_account_id: bigint | null;
  amount_satang: bigint;
  bank_code: string;
  account_number: string;
  account_name: string;
}

/** `approved` → `awaiting_payout`, once (a conditional change, like the claim above). */
async function queueForManualPayout(context: AppContext, withdrawalId: string): Promise<WithdrawalState> {
  await context.db.query(`UPDATE withdrawals SET status = 'awaiting_payout', updated_at = $2 WHERE id = $1 AND status = 'approved'`, [withdrawalId, context.now()]);
  return currentStatus(context, withdrawalId);
}

/** The withdrawal's state now; a withdrawal this module was asked to pay always exists (else an invariant is broken). */
async function currentStatus(context: AppContext, withdrawalId: string): Promise<WithdrawalState> {
  const { rows } = await context.db.query<{ status: WithdrawalState }>('SELECT status FROM withdrawals WHERE id = $1', [withdrawalId]);
  const status = rows[0]?.status;
  if (status === undefined) throw new Error(`invariant: withdrawal ${withdrawalId} does not exist`);
  return status;
}

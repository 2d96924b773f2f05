import type { Queryable } from '@sabai/db';
import type { AppContext } from '../../context.ts';
import { newPrefixedId } from '../../lib/ids.ts';
import {
  confirmPayoutWithDebit,
  debitFitsPayout,
  lockChannelMatching,
  lockUnconfirmedPayouts,
  readPaidPayoutsAround,
  type HouseDebitFacts,
} from './manual-payout-matching.ts';

export type HouseDebitStatus = 'matched' | 'duplicate' | 'unmatched';

export interface HouseDebitOutcome {
  status: HouseDebitStatus;
  /** MATCHED, DUPLICATE_OF_CONFIRMED, NO_RECORDED_PAYOUT, SEVERAL_RECORDED_PAYOUTS, NO_DESTINATION. */
  reason: string;
  withdrawalId: string | null;
}

/**
 * A house account's debit notification (SMS or statement line) read while payouts are manual
 * (PAYOUT_PROVIDER=manual, docs/adr/0039), recorded once per feed event, in the feed's own
 * transaction:
 * - it fits exactly one payout finance recorded and nobody confirmed yet (debitFitsPayout:
 *   channel, amount, destination digits, time window) → `matched`: that withdrawal is paid
 *   (reservation posted, money out of the paying channel, `withdrawal.paid`);
 * - it fits none, but fits a payout already paid → `duplicate` (a second notification of one
 *   payment: stored, no effect; staff see it in the debits list);
 * - otherwise → `unmatched`: staff's suspense list. A payout recorded later may still claim it
 *   (recordManualPayout looks for it). Never a balance change.
 * @param input.eventId the stored feed event; one house debit per event (unique).
 */
export async function recordHouseDebit(
  tx: Queryable,
  context: Pick<AppContext, 'config'>,
  input: HouseDebitFacts & { eventId: bigint },
): Promise<HouseDebitOutcome> {
  const windowMs = context.config.MANUAL_PAYOUT_MATCH_WINDOW_MS;
  await lockChannelMatching(tx, input.channelId);
  const candidates = (await lockUnconfirmedPayouts(tx, input.channelId, input.amountSatang)).filter((payout) => debitFitsPayout(input, payout, windowMs));
  const debitId = newPrefixedId('hdb');
  const insert = (status: HouseDebitStatus, reason: string, withdrawalId: string | null) =>
    tx.query(
      `INSERT INTO house_debits (id, event_id, channel_id, amount_satang, occurred_at, recipient_account_masked, status, reason, withdrawal_id, matched_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, CASE WHEN $7 = 'matched' THEN now() END)`,
      [debitId, input.eventId, input.channelId, input.amountSatang, input.occurredAt, input.recipientAccountMasked, status, reason, withdrawalId],
    );

  const [only, ...others] = candidates;
  if (only && others.length === 0) {
    await insert('matched', 'MATCHED', only.withdrawalId);
    const confirmed = await confirmPayoutWithDebit(tx, { payout: only, debitId });
    // Locked above as paid_unconfirmed: it cannot have changed since.
    if (!confirmed) throw new Error(`invariant: locked payout ${only.withdrawalId} was not confirmable`);
    return { status: 'matched', reason: 'MATCHED', withdrawalId: only.withdrawalId };
  }
  if (candidates.length > 1) {
    await insert('unmatched', 'SEVERAL_RECORDED_PAYOUTS', null);
    return { status: 'unmatched', reason: 'SEVERAL_RECORDED_PAYOUTS', withdrawalId: null };
  }
  const paid = (await readPaidPayoutsAround(tx, input.channelId, input.amountSatang, input.occurredAt, windowMs)).find((payout) => debitFitsPayout(input, payout, windowMs));
  if (paid) {
    await insert('duplicate', 'DUPLICATE_OF_CONFIRMED', paid.withdrawalId);
    return { status: 'duplicate', reason: 'DUPLICATE_OF_CONFIRMED', withdrawalId: paid.withdrawalId };
  }
  const reason = input.recipientAccountMasked === null ? 'NO_DESTINATION' : 'NO_RECORDED_PAYOUT';
  await insert('unmatched', reason, null);
  return { status: 'unmatched', reason, withdrawalId: null };
}

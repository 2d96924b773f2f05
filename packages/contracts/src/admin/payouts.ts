import { z } from 'zod';
import { baht, envelope } from '../envelope.ts';
import { adminListQuery } from './money.ts';

/**
 * Back-office wire schemas of payouts by staff (PAYOUT_PROVIDER=manual, docs/adr/0039;
 * apps/api/src/modules/withdrawals/manual-payout-routes.ts): the "to pay" queue, recording a
 * payment, payouts waiting for the bank's debit notification, and the house debits read.
 */

/** A house bank account finance may pay from. */
export const payingHouseAccount = z.object({ channelId: z.string(), bankCode: z.string(), accountNumber: z.string(), accountName: z.string() });

/** A withdrawal waiting to be paid by hand: everything finance types into the banking app. */
export const payoutToPay = z.object({
  withdrawalId: z.string(),
  memberId: z.string(),
  phoneNumber: z.string(),
  bankCode: z.string(),
  accountNumber: z.string(),
  accountName: z.string(),
  Amount: baht,
  createdAt: z.string(),
});
export type PayoutToPay = z.infer<typeof payoutToPay>;
/** `GET /admin-api/v1/payouts/to-pay?limit=`: oldest first, with the house accounts to pay from. */
export const payoutsToPayResponse = envelope(z.object({ payouts: z.array(payoutToPay), houseAccounts: z.array(payingHouseAccount) }));

/** A payment recorded by staff, waiting for the debit notification. `isOverdue`: older than MANUAL_PAYOUT_CONFIRM_WITHIN_MS. */
export const unconfirmedPayout = payoutToPay.extend({
  channelId: z.string(),
  bankReference: z.string(),
  paidAt: z.string(),
  recordedBy: z.string(),
  recordedAt: z.string(),
  isOverdue: z.boolean(),
});
export type UnconfirmedPayout = z.infer<typeof unconfirmedPayout>;
/** `GET /admin-api/v1/payouts/unconfirmed?limit=`: oldest first. */
export const unconfirmedPayoutsResponse = envelope(z.object({ payouts: z.array(unconfirmedPayout), overdueCount: z.number().int().nonnegative(), confirmWithinMs: z.number().int() }));

export const HOUSE_DEBIT_STATES = ['unmatched', 'duplicate', 'matched'] as const;
export const houseDebitsQuery = adminListQuery.extend({ status: z.enum(HOUSE_DEBIT_STATES).default('unmatched') });
export const houseDebit = z.object({
  id: z.string(),
  channelId: z.string(),
  Amount: baht,
  occurredAt: z.string(),
  recipientAccountMasked: z.string().nullable(),
  status: z.enum(HOUSE_DEBIT_STATES),
  reason: z.string().nullable(),
  withdrawalId: z.string().nullable(),
  createdAt: z.string(),
});
export type HouseDebit = z.infer<typeof houseDebit>;
/** `GET /admin-api/v1/payouts/house-debits?status=&limit=`: newest first. */
export const houseDebitsResponse = envelope(z.array(houseDebit));

export const payoutParams = z.object({ withdrawalId: z.string().max(40) });
/** `POST /admin-api/v1/payouts/:withdrawalId/record`: paid from this house channel, with the bank app's reference, at this time (ISO-8601). */
export const recordPayoutBody = z.object({
  channelId: z.string().min(1).max(60),
  bankReference: z.string().trim().min(4).max(64).regex(/^[A-Za-z0-9._/-]+$/),
  paidAt: z.iso.datetime({ offset: true }),
});
/** `POST /admin-api/v1/payouts/:withdrawalId/(confirm|reverse)`: the reason is required (audited). */
export const payoutReasonBody = z.object({ reason: z.string().trim().min(1).max(500) });
/** The withdrawal's state after a staff action on its payout. */
export const payoutActionResponse = envelope(z.object({ status: z.enum(['paid_unconfirmed', 'paid', 'failed']) }));

// --- Failed payouts (issue 25 §2, docs/adr/0049) ----------------------------------------------------

export const FAILED_PAYOUT_ACTIONS = ['retry', 'manual', 'return'] as const;
/** `open`: failed and not yet closed by finance (the queue, the dashboard count); `closed`: closed with an action. */
export const failedPayoutsQuery = adminListQuery.extend({ state: z.enum(['open', 'closed']).default('open') });
/** A failed payout: the member, the account it was sent to, the bank's reason in Thai, and how finance closed it. */
export const failedPayout = z.object({
  withdrawalId: z.string(),
  memberId: z.string(),
  phoneNumber: z.string(),
  bankCode: z.string(),
  accountNumber: z.string(),
  accountName: z.string(),
  Amount: baht,
  reason: z.string().describe('the bank\'s reason, in Thai'),
  createdAt: z.string(),
  failedAt: z.string(),
  resolution: z
    .object({
      action: z.enum(FAILED_PAYOUT_ACTIONS),
      by: z.string(),
      at: z.string(),
      note: z.string().nullable(),
      nextWithdrawalId: z.string().nullable(),
      nextStatus: z.string().nullable().describe('the state of the new withdrawal (retry, manual)'),
    })
    .nullable(),
  /** Requests for this failed payout waiting for a second person (approvals queue). */
  pendingApprovals: z.array(z.object({ approvalId: z.string(), kind: z.string(), requestedBy: z.string() })),
});
export type FailedPayout = z.infer<typeof failedPayout>;
/** `GET /admin-api/v1/payouts/failed?state=&limit=`: newest failure first, with the open count. */
export const failedPayoutsResponse = envelope(z.object({ payouts: z.array(failedPayout), openCount: z.number().int().nonnegative() }));
/** `POST /admin-api/v1/payouts/failed/:withdrawalId/manual`: paid by hand, as recordPayoutBody. */
export const payFailedByHandBody = recordPayoutBody;
/** `POST /admin-api/v1/payouts/failed/:withdrawalId/(retry|return)`: an optional note (audited, shown to the approver). */
export const returnFailedPayoutBody = z.object({ note: z.string().trim().max(500).optional() }).nullish();
/** The outcome of an action on a failed payout: the new withdrawal (retry, manual) and its state. */
export const failedPayoutActionResponse = envelope(
  z.object({
    action: z.enum(FAILED_PAYOUT_ACTIONS),
    status: z.string().describe('pending_approval: waits for a second person; else the new withdrawal\'s state, or failed (return)'),
    nextWithdrawalId: z.string().nullable(),
    approvalId: z.string().nullable(),
    isReplay: z.boolean(),
  }),
);

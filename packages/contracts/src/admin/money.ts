import { z } from 'zod';
import { baht, envelope } from '../envelope.ts';
import { transactionStatus } from '../wallet.ts';

/**
 * Back-office wire schemas for money (`/admin-api/v1/…`, apps/api/src/modules/admin-routes.ts):
 * held deposits, withdrawals and affiliate income withdrawals waiting for staff, game
 * reconciliation and game cases. Requests are validated with these by the API (after staff
 * authentication); responses are parsed with them by apps/admin. Money is baht on the wire.
 */

/** `?limit=` of a back-office list: 1 to 200, 50 by default. */
export const adminListQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });

/** Staff decisions on a waiting request: an optional reason (required by the UI for a rejection). */
export const adminDecisionBody = z.object({ reason: z.string().max(500).optional() }).optional();

// --- Held deposits -------------------------------------------------------------------------------

export const heldDeposit = z.object({
  id: z.string(),
  channelId: z.string(),
  Amount: baht,
  occurredAt: z.string().describe('ISO-8601 UTC, as the bank reported it'),
  senderBankCode: z.string().nullable(),
  senderAccountMasked: z.string().nullable(),
  senderPhone: z.string().nullable(),
  senderName: z.string().nullable(),
  holdReason: z.string().nullable(),
  /** The member an AML-held deposit was matched to (issue 12 AML review); null for unmatched ones. */
  memberPhoneNumber: z.string().nullable(),
  createdAt: z.string(),
});
export type HeldDeposit = z.infer<typeof heldDeposit>;
/** `GET /admin-api/v1/deposits/held?limit=`: oldest first. */
export const heldDepositsResponse = envelope(z.array(heldDeposit));

export const heldDepositParams = z.object({ depositId: z.string().max(40) });
/** `POST /admin-api/v1/deposits/:depositId/assign`: credit the held deposit to this member. */
export const assignHeldDepositBody = z.object({ memberPhoneNumber: z.string().regex(/^0\d{9}$/), note: z.string().max(500).optional() });
/** `POST /admin-api/v1/deposits/:depositId/release`: credit an AML-held deposit to its matched member (issue 12); the note is required (checked by the use case). */
export const releaseHeldDepositBody = z.object({ note: z.string().max(500) });
/** `POST /admin-api/v1/deposits/:depositId/refund`: pay the sender back to the account the statement shows. */
export const refundHeldDepositBody = z.object({ note: z.string().min(1).max(500), bankCode: z.string().regex(/^\d{3}$/), accountNumber: z.string().regex(/^\d{10,15}$/) });

// --- Withdrawals ---------------------------------------------------------------------------------

export const WITHDRAWAL_STATES = ['pending_approval', 'approved', 'paying', 'paid', 'failed', 'rejected'] as const;
export const withdrawalsQuery = adminListQuery.extend({ status: z.enum(WITHDRAWAL_STATES).default('pending_approval') });
export const adminWithdrawal = z.object({
  id: z.string(),
  memberId: z.string(),
  phoneNumber: z.string(),
  Amount: baht,
  bankCode: z.string(),
  accountNumber: z.string(),
  accountName: z.string(),
  status: z.enum(WITHDRAWAL_STATES),
  Status: transactionStatus.describe('the member-facing status (spec §3)'),
  createdAt: z.string(),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawal>;
/** `GET /admin-api/v1/withdrawals?status=&limit=`: oldest first. */
export const withdrawalsResponse = envelope(z.array(adminWithdrawal));
/** `POST /admin-api/v1/withdrawals/:withdrawalId/(approve|reject)`. */
export const withdrawalDecisionParams = z.object({ withdrawalId: z.string().max(40) });

// --- Affiliate income withdrawals ------------------------------------------------------------------

export const AFFILIATE_WITHDRAWAL_STATES = ['pending_approval', 'approved', 'rejected'] as const;
export const affiliateWithdrawalsQuery = adminListQuery.extend({ status: z.enum(AFFILIATE_WITHDRAWAL_STATES).default('pending_approval') });
export const adminAffiliateWithdrawal = z.object({
  id: z.string(),
  memberId: z.string(),
  phoneNumber: z.string(),
  Amount: baht,
  status: z.enum(AFFILIATE_WITHDRAWAL_STATES),
  createdAt: z.string(),
  decidedBy: z.string().nullable(),
  reason: z.string().nullable(),
});
export type AdminAffiliateWithdrawal = z.infer<typeof adminAffiliateWithdrawal>;
/** `GET /admin-api/v1/affiliate-withdrawals?status=&limit=`: oldest first. */
export const affiliateWithdrawalsResponse = envelope(z.array(adminAffiliateWithdrawal));
/** `POST /admin-api/v1/affiliate-withdrawals/:affiliateWithdrawalId/(approve|reject)`. */
export const affiliateWithdrawalDecisionParams = z.object({ affiliateWithdrawalId: z.string().max(40) });

// --- Game reconciliation and cases --------------------------------------------------------------------

/** `GET /admin-api/v1/game/reconciliation` and `POST …/run`: one page of members after `after`, or one member. */
export const gameReconciliationQuery = adminListQuery.extend({ after: z.string().max(40).optional(), memberId: z.string().max(40).optional() });

export const GAME_CASE_STATES = ['open', 'resolved', 'cleared'] as const;
export const gameCasesQuery = adminListQuery.extend({ status: z.enum(GAME_CASE_STATES).default('open'), memberId: z.string().max(40).optional() });
export const gameCaseParams = z.object({ caseId: z.string().max(40) });
/** `POST /admin-api/v1/game/cases/:caseId/resolve`: align the partner to the ledger, or write the suspense off. */
export const resolveGameCaseBody = z.object({ resolution: z.enum(['align_partner', 'write_off']), reason: z.string().min(1).max(500) });

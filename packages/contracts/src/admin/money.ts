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
export const refundHeldDepositBody = z.object({
  note: z.string().min(1).max(500),
  bankCode: z.string().regex(/^\d{3}$/),
  accountNumber: z.string().regex(/^\d{10,15}$/),
  /** Issue 25 §1: when the destination's looked-up name is not the statement's sender name, the looked-up name typed again (the account number when nobody looked it up). */
  confirmation: z.string().max(200).optional(),
});
/** `POST /admin-api/v1/deposits/:depositId/refund-check`: the names side by side before a refund (nothing moves). */
export const refundCheckBody = z.object({ bankCode: z.string().regex(/^\d{3}$/), accountNumber: z.string().regex(/^\d{10,15}$/) });
export const refundNameCheck = z.object({
  depositId: z.string(),
  Amount: baht,
  /** The sender's name as the bank statement printed it. */
  senderName: z.string().nullable(),
  /** The destination account's holder as the bank's name inquiry tells it (null: not looked up). */
  destinationName: z.string().nullable(),
  /** Anything but `same` needs a typed confirmation and a second approver. */
  nameCheck: z.enum(['same', 'different', 'undecidable', 'not_looked_up']),
});
export const refundCheckResponse = envelope(refundNameCheck);

// --- Withdrawals ---------------------------------------------------------------------------------

/** `awaiting_payout` and `paid_unconfirmed`: payouts by staff (PAYOUT_PROVIDER=manual, docs/adr/0039). */
export const WITHDRAWAL_STATES = ['pending_approval', 'approved', 'paying', 'awaiting_payout', 'paid_unconfirmed', 'paid', 'failed', 'rejected'] as const;
export type WithdrawalState = (typeof WITHDRAWAL_STATES)[number];
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
  /** Failed: the bank's reason in Thai; rejected: the reason staff gave (issue 25 §2). */
  reason: z.string().nullable().optional(),
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

/** `GET /admin-api/v1/game/hub88/round?user=&round=&transactionUuid=`: Hub88's round details for support (docs/adr/0046). */
export const hub88RoundQuery = z.object({ user: z.string().min(1).max(64), round: z.string().min(1).max(200), transactionUuid: z.string().min(1).max(100) });
export const hub88RoundResponse = envelope(z.object({ round: z.unknown() }));
/** `POST /admin-api/v1/game/hub88/reconcile-day?day=YYYY-MM-DD` (Bangkok day; default yesterday): Hub88's transactions against ours. */
export const hub88ReconcileDayQuery = z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional() });
export const hub88ReconcileDayResponse = envelope(
  z.object({
    day: z.string(),
    hub88Transactions: z.number().int().nonnegative(),
    sabaiTransactions: z.number().int().nonnegative(),
    mismatches: z.number().int().nonnegative(),
    filed: z.number().int().nonnegative().describe('mismatches added to cases by this run (a rerun adds none again)'),
    unknownUsers: z.number().int().nonnegative(),
  }),
);

// --- Answers of the staff actions on money ------------------------------------------------------------

/** `POST /admin-api/v1/deposits/:depositId/assign` and `…/release`: the deposit is credited to the member. */
/** `credited`, or `pending_approval`: sent for a second person's approval (issue 25 §1), nothing moved yet. */
export const heldDepositCreditedResponse = envelope(z.object({ status: z.enum(['credited', 'pending_approval']), approvalId: z.string().nullable() }));
/**
 * `POST /admin-api/v1/deposits/:depositId/refund`: `refunded` (the bank paid the sender back),
 * `refunding` (the bank has not answered yet: the payout sweep finishes it) or `held` (the bank
 * refused: the deposit waits for staff again, nothing was paid).
 */
export const heldDepositRefundResponse = envelope(z.object({
  /** `pending_approval`: sent for approval (issue 25 §1), nothing moved yet. */
  status: z.enum(['refunded', 'refunding', 'held', 'pending_approval']),
  refundId: z.string().nullable(),
  approvalId: z.string(),
  check: refundNameCheck,
}));
/** `POST /admin-api/v1/withdrawals/:withdrawalId/(approve|reject)`: the withdrawal's state after the decision (an approval pays out at once). */
export const withdrawalDecisionResponse = envelope(
  z.object({
    status: z.enum(WITHDRAWAL_STATES),
    /** The bank's reason in Thai when the approval's payout failed at once (issue 25 §2: staff are told at once); the message says it too. */
    failureReason: z.string().nullable().optional(),
  }),
);
/** `POST /admin-api/v1/affiliate-withdrawals/:affiliateWithdrawalId/(approve|reject)`. */
export const affiliateWithdrawalDecisionResponse = envelope(z.object({ status: z.enum(['approved', 'rejected']) }));
/** `POST /admin-api/v1/jobs/(pull-bet-records|cashback|affiliate)`: how many rows the run produced. */
/**
 * A staff "run now". A paying reward job (cashback, affiliate) goes through the maker-checker
 * policy (issue 25 §1): `status` pending = waiting for a second person (`approvalId`), `total` = the
 * previewed payout in baht; `count` = members paid by this call.
 */
export const staffJobRunResponse = envelope(z.object({
  job: z.string(),
  count: z.number().int().nonnegative(),
  status: z.enum(['executed', 'pending', 'rejected']).optional(),
  approvalId: z.string().nullable().optional(),
  total: z.number().nonnegative().optional(),
}));

/**
 * A member's game wallet as the reconciliation saw it (issue 15): `ok`, `difference` (partner ≠
 * ledger, nothing in flight), `unknown` (the partner could not be read: never a difference),
 * `in_flight` (a transfer of ours is still unknown) or `busy` (the member's money was moving; look again).
 */
export const GAME_WALLET_STATES = ['ok', 'difference', 'unknown', 'in_flight', 'busy'] as const;
export const gameReconciliationLine = z.object({
  memberId: z.string(),
  phoneNumber: z.string(),
  username: z.string().describe('the game account at the partner'),
  state: z.enum(GAME_WALLET_STATES),
  ledgerGameWallet: baht,
  partnerGameWallet: baht.nullable(),
  difference: baht.nullable().describe('partner − ledger, baht; null when not comparable'),
  transfersInFlight: z.number().int().nonnegative(),
  openCaseId: z.string().nullable(),
});
export type GameReconciliationLine = z.infer<typeof gameReconciliationLine>;
/** `GET /admin-api/v1/game/reconciliation` (a quiet read) and `POST …/run` (a look that opens cases). */
export const gameReconciliationResponse = envelope(
  z.object({
    members: z.array(gameReconciliationLine),
    withDifference: z.number().int().nonnegative(),
    unknown: z.number().int().nonnegative(),
    inFlight: z.number().int().nonnegative(),
    nextAfter: z.string().nullable().describe('the `after` of the next page; null on the last'),
  }),
);
export const gameCase = z.object({
  id: z.string(),
  memberId: z.string(),
  phoneNumber: z.string(),
  status: z.enum(GAME_CASE_STATES),
  difference: baht.describe('partner − ledger when the case was last updated, baht'),
  suspense: baht.describe('held in suspense for this case (credit the partner lost that our books never gave), baht'),
  evidence: z.object({ entries: z.array(z.record(z.string(), z.unknown())) }).describe('our transfers and the partner’s rounds, as gathered'),
  resolution: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  resolutionReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type GameCase = z.infer<typeof gameCase>;
/** `GET /admin-api/v1/game/cases?status=&memberId=&limit=`: newest first. */
export const gameCasesResponse = envelope(z.array(gameCase));
/** `POST /admin-api/v1/game/cases/:caseId/resolve`: what moved at the partner and what was written off, baht. */
export const resolvedGameCaseResponse = envelope(z.object({ caseId: z.string(), status: z.literal('resolved'), partnerMoved: baht, writtenOff: baht }));

import { z } from 'zod';
import { baht, bahtToSatang, envelope } from '../envelope.ts';
import { WITHDRAWAL_STATES } from './money.ts';

/**
 * Back-office wire schemas for members (`/admin-api/v1/members…`, `/admin-api/v1/adjustments…`,
 * apps/api/src/modules/members/routes.ts). Money in the request is baht, read to satang.
 */
export const memberParams = z.object({ memberId: z.string().regex(/^mbr_[a-z0-9]{20}$/) });
/** A staff action on a member that needs a reason (suspend, reactivate, sign out everywhere). */
export const memberReasonBody = z.object({ reason: z.string().min(1).max(500) });
/** `GET /admin-api/v1/members?q=`: phone, name, affiliate key or member id. */
export const memberSearchQuery = z.object({ q: z.string().max(100) });
/** `POST /admin-api/v1/members/:memberId/adjustments`: a credit or debit of the main wallet, waiting for a second staff. */
export const adjustmentRequestBody = z.object({ direction: z.enum(['credit', 'debit']), amount: bahtToSatang(), reason: z.string().min(1).max(500) });
export const adjustmentParams = z.object({ adjustmentId: z.string().regex(/^adj_[a-z0-9]{20}$/) });
/** `POST /admin-api/v1/adjustments/:adjustmentId/(approve|reject)`. */
export const adjustmentDecisionBody = z.object({ reason: z.string().max(500).optional() });

/** One row of `GET /admin-api/v1/members?q=` (at most 50, newest members first). */
export const memberSummary = z.object({
  memberId: z.string(),
  phoneNumber: z.string(),
  name: z.string(),
  bankCode: z.string(),
  bankAccountNumber: z.string(),
  gameUsername: z.string().nullable(),
  status: z.enum(['active', 'suspended']),
  createdAt: z.string(),
});
export type MemberSummaryWire = z.infer<typeof memberSummary>;
export const memberSearchResponse = envelope(z.array(memberSummary));

/** How many rows each recent list of the member page holds (deposits, withdrawals, staff actions). */
export const MEMBER_PAGE_RECENT_ROWS = 20;

/**
 * `GET /admin-api/v1/members/:memberId`: the member page (issue 11 "Members"). Money in baht;
 * `wallets` maps each wallet kind (main, game, affiliate, cashback, …) to its posted balance;
 * `liveGameWallet` is the partner's live game balance with when it was read (`source: 'ledger'`
 * when the partner could not be read: then `amount` is our books' figure), beside our books'
 * `ledgerAmount`. Recent lists are newest first, at most MEMBER_PAGE_RECENT_ROWS each.
 */
/**
 * Whether the member's bound bank account is verified (docs/adr/0040): `verifiedBy` is
 * `name_inquiry`, `deposit:<deposit id>` or `staff:<username>`; both null while unverified (typed
 * name, NAME_INQUIRY_PROVIDER=declared). `nameMismatches`: credited deposits from the account whose
 * sender name did not verify it (`different`, or `undecidable`: another script, truncated too
 * short), newest first.
 */
export const bankAccountVerification = z.object({
  verifiedAt: z.string().nullable(),
  verifiedBy: z.string().nullable(),
  nameMismatches: z
    .array(z.object({ depositId: z.string(), senderName: z.string(), declaredName: z.string(), outcome: z.enum(['different', 'undecidable']), at: z.string() }))
    .max(MEMBER_PAGE_RECENT_ROWS),
});
export const memberBankVerificationResponse = envelope(z.object({ verifiedAt: z.string(), verifiedBy: z.string() }));

export const memberProfile = z.object({
  memberId: z.string(),
  phoneNumber: z.string(),
  name: z.string(),
  bankCode: z.string(),
  bankAccountNumber: z.string(),
  affiliateKey: z.string(),
  status: z.enum(['active', 'suspended']),
  bonusPreference: z.boolean(),
  /** The member who referred this one (level 1), if any. */
  referredBy: z.string().nullable(),
  createdAt: z.string(),
  gameUsername: z.string().nullable(),
  wallets: z.record(z.string(), baht),
  turnover: z.object({ now: baht, needed: baht }),
  activeBonus: z.object({ promotionId: z.string(), bonus: baht, turnoverNeeded: baht }).nullable(),
  deposits: z.array(z.object({ id: z.string(), amount: baht, status: z.string().describe('credited, held, refunding, refunded'), at: z.string() })).max(MEMBER_PAGE_RECENT_ROWS),
  withdrawals: z.array(z.object({ id: z.string(), amount: baht, status: z.enum(WITHDRAWAL_STATES), reason: z.string().nullable(), at: z.string() })).max(MEMBER_PAGE_RECENT_ROWS),
  referrals: z.object({ level1: z.number().int(), level2: z.number().int() }),
  openSessions: z.number().int(),
  staffActions: z.array(z.object({ seq: z.string().describe('audit chain position (int8 as text)'), actor: z.string(), action: z.string(), reason: z.string().nullable(), at: z.string() })).max(MEMBER_PAGE_RECENT_ROWS),
  liveGameWallet: z.object({ amount: baht, source: z.enum(['partner', 'ledger', 'no_account']), readAt: z.string().nullable(), ledgerAmount: baht }),
  bankAccountVerification: bankAccountVerification,
});
export type MemberProfileWire = z.infer<typeof memberProfile>;
export const memberProfileResponse = envelope(memberProfile);

/**
 * A manual adjustment of a member's main wallet (`POST /admin-api/v1/members/:memberId/adjustments`,
 * its approval or rejection, and each row of `GET /admin-api/v1/adjustments`). Amount in baht.
 */
export const memberAdjustment = z.object({
  adjustmentId: z.string(),
  memberId: z.string(),
  direction: z.enum(['credit', 'debit']),
  amount: baht,
  status: z.enum(['pending_approval', 'applied', 'rejected']),
  requestedBy: z.string(),
  decidedBy: z.string().nullable(),
});
export type MemberAdjustmentWire = z.infer<typeof memberAdjustment>;
export const memberAdjustmentResponse = envelope(memberAdjustment);
/** `GET /admin-api/v1/adjustments`: the adjustments waiting for a second staff member, oldest first. */
export const pendingAdjustmentsResponse = envelope(z.array(memberAdjustment));

/** `POST /admin-api/v1/members/:memberId/(suspend|reactivate)`: the member's status now. */
export const memberStatusResponse = envelope(z.object({ status: z.enum(['active', 'suspended']) }));
/** `POST /admin-api/v1/members/:memberId/sign-out`: how many open sessions were ended. */
export const memberSessionsEndedResponse = envelope(z.object({ sessionsEnded: z.number().int().nonnegative() }));
/**
 * `POST /admin-api/v1/members/:memberId/reset-password`: a one-time password, in this answer only
 * (`cache-control: no-store`), and how many sessions the reset ended.
 */
export const memberPasswordResetResponse = envelope(z.object({ oneTimePassword: z.string(), sessionsEnded: z.number().int().nonnegative() }));

/**
 * `GET /admin-api/v1/members/:memberId/relations` (members.view): the members this one referred
 * (level 1 directly, level 2 through them) and its open sessions, newest first, at most 100 each.
 */
export const memberRelations = z.object({
  referrals: z.array(
    z.object({ memberId: z.string(), phoneNumber: z.string(), name: z.string(), level: z.union([z.literal(1), z.literal(2)]), status: z.enum(['active', 'suspended']), joinedAt: z.string() }),
  ),
  sessions: z.array(z.object({ sessionId: z.string(), createdAt: z.string(), expiresAt: z.string(), address: z.string().nullable(), userAgent: z.string().nullable() })),
});
export type MemberRelationsWire = z.infer<typeof memberRelations>;
export const memberRelationsResponse = envelope(memberRelations);

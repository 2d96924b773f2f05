import { z } from 'zod';
import { bahtToSatang, envelope } from '../envelope.ts';

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

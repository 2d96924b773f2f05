import { z } from 'zod';
import { baht, bahtToSatang, envelope } from '../envelope.ts';

/**
 * Back-office wire schemas for maker-checker approvals of money actions (`/admin-api/v1/approvals…`,
 * apps/api/src/modules/approvals/routes.ts; issue 25 §1, docs/adr/0048). Money is baht.
 */
export const MONEY_APPROVAL_STATUSES = ['pending', 'executed', 'rejected'] as const;

/** The answer of every staff action that may need a second person: done now, or sent for approval. */
export const moneyActionOutcome = z.object({
  status: z.enum(MONEY_APPROVAL_STATUSES),
  approvalId: z.string(),
});
export type MoneyActionOutcomeWire = z.infer<typeof moneyActionOutcome>;

export const moneyApproval = z.object({
  approvalId: z.string(),
  kind: z.string(),
  status: z.enum(MONEY_APPROVAL_STATUSES),
  amount: baht,
  subjectType: z.string(),
  subjectId: z.string(),
  reason: z.string().nullable(),
  payload: z.record(z.string(), z.unknown()),
  requester: z.string(),
  requesterRole: z.string(),
  withinLimit: z.boolean(),
  decidedBy: z.string().nullable(),
  decisionReason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** Whether the signed-in staff member may approve or reject it (not theirs, role allowed). */
  canDecide: z.boolean(),
});
export type MoneyApprovalWire = z.infer<typeof moneyApproval>;

/** `GET /admin-api/v1/approvals?scope=queue|mine`: the pending queue (approvers) or one's own requests. */
export const moneyApprovalsQuery = z.object({ scope: z.enum(['queue', 'mine']).default('queue') });
export const moneyApprovalsResponse = envelope(z.array(moneyApproval));
export const moneyApprovalParams = z.object({ approvalId: z.string().regex(/^apr_[a-z0-9]{20}$/) });
/** `POST /admin-api/v1/approvals/:approvalId/(approve|reject)`: a reason (required to reject). */
export const moneyApprovalDecisionBody = z.object({ reason: z.string().max(500).optional() });
export const moneyApprovalResponse = envelope(moneyApproval);

/** `GET /admin-api/v1/approvals/limits`: every role's daily limit (baht; 0 = every action needs a second person). */
export const roleDailyLimitsResponse = envelope(z.array(z.object({ role: z.string(), limit: baht })));
/** `POST /admin-api/v1/approvals/limits`: ask to set a role's daily limit (another staff member approves). */
export const roleDailyLimitBody = z.object({
  role: z.enum(['owner', 'finance', 'support', 'marketing', 'auditor']),
  /** Baht; 0 sets the role back to "every action needs a second person". */
  limit: z.union([z.literal(0), bahtToSatang()]),
  reason: z.string().min(3).max(500),
});
export const moneyActionOutcomeResponse = envelope(moneyActionOutcome);

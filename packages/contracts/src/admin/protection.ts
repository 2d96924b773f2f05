import { z } from 'zod';
import { baht, envelope } from '../envelope.ts';
import { rgSettings } from '../responsible-gaming.ts';

/**
 * Player protection in the back office (issue 12, read-only; apps/api/src/modules/
 * responsible-gaming/staff-routes.ts). Money in baht, instants ISO-8601 UTC.
 */

/** The most rows of `GET /admin-api/v1/protection/members` (200 by default). */
export const PROTECTED_MEMBERS_MAX_PAGE = 500;
/** How many past exclusions and protection-held deposits the member view lists. */
export const MEMBER_PROTECTION_RECENT_ROWS = 50;

const exclusionKind = z.enum(['timeout', 'self_exclusion']);

/**
 * `GET /admin-api/v1/members/:memberId/protection`: what the member sees of their protection
 * (limits, pending changes, exclusion in force, reality-check interval) plus the date of birth,
 * every exclusion (newest first) and the deposits held or refused by a limit or an AML review.
 */
export const staffMemberProtection = rgSettings.extend({
  dateOfBirth: z.string().nullable().describe('YYYY-MM-DD'),
  exclusions: z
    .array(z.object({ kind: exclusionKind, period: z.string(), startsAt: z.string(), endsAt: z.string(), active: z.boolean() }))
    .max(MEMBER_PROTECTION_RECENT_ROWS),
  heldDeposits: z
    .array(z.object({ id: z.string(), amount: baht, status: z.string(), reason: z.string().describe('RG_… or AML_REVIEW'), createdAt: z.string() }))
    .max(MEMBER_PROTECTION_RECENT_ROWS),
});
export type StaffMemberProtectionWire = z.infer<typeof staffMemberProtection>;
export const staffMemberProtectionResponse = envelope(staffMemberProtection);

/** `GET /admin-api/v1/protection/members?limit=`: members with a limit, a pending change or an exclusion in force. */
export const protectedMembersQuery = z.object({ limit: z.coerce.number().int().min(1).max(PROTECTED_MEMBERS_MAX_PAGE).default(200) });
export const protectedMember = z.object({
  memberId: z.string(),
  phoneNumber: z.string(),
  fullName: z.string(),
  activeLimits: z.number().int(),
  pendingChanges: z.number().int(),
  exclusion: z.object({ kind: exclusionKind, endsAt: z.string() }).nullable(),
});
export type ProtectedMemberWire = z.infer<typeof protectedMember>;
export const protectedMembersResponse = envelope(z.array(protectedMember));

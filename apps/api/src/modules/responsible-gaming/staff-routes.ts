import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { memberViewParams, protectedMembersQuery, protectedMembersResponse, staffMemberProtectionResponse } from '@sabai/contracts';
import { satangToBahtNumber } from '@sabai/money';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireStaff } from '../../plugins/staff-auth.ts';
import { activeExclusion, limitsToWire, readLimits } from './member-protection.ts';
import { readRealityCheckMinutes } from './reality-check.ts';
import type { ExclusionKind } from './rg-rules.ts';

const TAGS = ['back office: player protection'];
const baht = (satang: bigint | null) => (satang === null ? null : satangToBahtNumber(satang));

/**
 * Player protection in the back office (issue 12), read-only: staff see a member's limits, pending
 * changes, exclusions and refused / held deposits, and the list of members with limits or an
 * exclusion in force. No route lifts or shortens anything: only time ends an exclusion.
 * Permission `members.view` (staff-roles.ts).
 */
export function registerResponsibleGamingStaffRoutes(app: FastifyInstance, context: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/admin-api/v1/members/:memberId/protection', { schema: { tags: TAGS, params: memberViewParams, response: { 200: staffMemberProtectionResponse } } }, async (request) => {
    requireStaff(context, request);
    const { memberId } = request.params;
    const member = await context.db.query<{ date_of_birth: string | null }>("SELECT to_char(date_of_birth, 'YYYY-MM-DD') AS date_of_birth FROM members WHERE id = $1", [memberId]);
    if (!member.rows[0]) throw new AppError('NOT_FOUND');
    const now = context.now();
    const { limits, pending } = await readLimits(context.db, memberId);
    const exclusion = await activeExclusion(context.db, memberId, now);
    const exclusions = await context.db.query<{ kind: ExclusionKind; period: string; starts_at: Date; ends_at: Date }>(
      'SELECT kind, period, starts_at, ends_at FROM responsible_gaming_exclusions WHERE member_id = $1 ORDER BY starts_at DESC LIMIT 50',
      [memberId],
    );
    const deposits = await context.db.query<{ id: string; amount_satang: bigint; status: string; hold_reason: string; created_at: Date }>(
      `SELECT id, amount_satang, status, hold_reason, created_at FROM deposits
       WHERE member_id = $1 AND (hold_reason LIKE 'RG\\_%' OR hold_reason = 'AML_REVIEW') ORDER BY created_at DESC LIMIT 50`,
      [memberId],
    );
    return {
      success: true,
      message: 'ok',
      data: {
        dateOfBirth: member.rows[0].date_of_birth,
        ...limitsToWire(limits),
        pending: pending.map((change) => ({ kind: change.kind, period: change.period, amount: baht(change.amountSatang), effectiveAt: change.effectiveAt.toISOString() })),
        exclusion: exclusion ? { kind: exclusion.kind, endsAt: exclusion.endsAt.toISOString() } : null,
        exclusions: exclusions.rows.map((row) => ({ kind: row.kind, period: row.period, startsAt: row.starts_at.toISOString(), endsAt: row.ends_at.toISOString(), active: row.starts_at <= now && row.ends_at > now })),
        heldDeposits: deposits.rows.map((row) => ({ id: row.id, amount: satangToBahtNumber(row.amount_satang), status: row.status, reason: row.hold_reason, createdAt: row.created_at.toISOString() })),
        realityCheckMinutes: await readRealityCheckMinutes(context.db, memberId),
      },
    };
  });

  routes.get('/admin-api/v1/protection/members', { schema: { tags: TAGS, querystring: protectedMembersQuery, response: { 200: protectedMembersResponse } } }, async (request) => {
    requireStaff(context, request);
    const now = context.now();
    const { rows } = await context.db.query<{
      id: string; phone_number: string; first_name: string; last_name: string; limits: bigint; pending: bigint; exclusion_kind: ExclusionKind | null; exclusion_ends_at: Date | null;
    }>(
      `SELECT m.id, m.phone_number, m.first_name, m.last_name,
              (SELECT count(*) FROM responsible_gaming_limits l WHERE l.member_id = m.id AND l.amount_satang IS NOT NULL) AS limits,
              (SELECT count(*) FROM responsible_gaming_limits l WHERE l.member_id = m.id AND l.pending_effective_at IS NOT NULL) AS pending,
              x.kind AS exclusion_kind, x.ends_at AS exclusion_ends_at
       FROM members m
       LEFT JOIN LATERAL (SELECT kind, ends_at FROM responsible_gaming_exclusions e WHERE e.member_id = m.id AND e.starts_at <= $1 AND e.ends_at > $1 ORDER BY ends_at DESC LIMIT 1) x ON true
       WHERE x.kind IS NOT NULL OR EXISTS (SELECT 1 FROM responsible_gaming_limits l WHERE l.member_id = m.id AND (l.amount_satang IS NOT NULL OR l.pending_effective_at IS NOT NULL))
       ORDER BY x.ends_at DESC NULLS LAST, m.phone_number LIMIT $2`,
      [now, request.query.limit],
    );
    return {
      success: true,
      message: 'ok',
      data: rows.map((row) => ({
        memberId: row.id,
        phoneNumber: row.phone_number,
        fullName: `${row.first_name} ${row.last_name}`,
        activeLimits: Number(row.limits),
        pendingChanges: Number(row.pending),
        exclusion: row.exclusion_kind ? { kind: row.exclusion_kind, endsAt: row.exclusion_ends_at!.toISOString() } : null,
      })),
    };
  });
}

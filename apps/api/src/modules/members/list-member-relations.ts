import type { Queryable } from '@sabai/db';
import type { MemberRelationsWire } from '@sabai/contracts';
import { AppError } from '../../lib/app-error.ts';

/** At most this many referred members and open sessions in one answer (newest first). */
export const MEMBER_RELATIONS_MAX_ROWS = 100;

/**
 * The people and devices around a member, for the back office's member page (issue 11 "Members":
 * referrals on two levels, sessions): the members this one referred directly (level 1) and through
 * them (level 2, spec §6 affiliate levels), and the member's open sessions (created, last expiry,
 * address, browser), each newest first and at most MEMBER_RELATIONS_MAX_ROWS. Reads by the partial
 * referrer indexes and the open-session index. @throws AppError NOT_FOUND (no such member).
 */
export async function listMemberRelations(db: Queryable, memberId: string, now: Date): Promise<MemberRelationsWire> {
  const exists = await db.query('SELECT 1 FROM members WHERE id = $1', [memberId]);
  if (exists.rowCount === 0) throw new AppError('NOT_FOUND', { message: 'ไม่พบสมาชิก' });
  const referrals = await db.query<{ id: string; phone_number: string; first_name: string; last_name: string; status: 'active' | 'suspended'; created_at: Date; level: number }>(
    `(SELECT id, phone_number, first_name, last_name, status, created_at, 1 AS level FROM members WHERE referrer_level1_id = $1 ORDER BY created_at DESC LIMIT $2)
     UNION ALL
     (SELECT id, phone_number, first_name, last_name, status, created_at, 2 AS level FROM members WHERE referrer_level2_id = $1 ORDER BY created_at DESC LIMIT $2)
     ORDER BY level, created_at DESC`,
    [memberId, MEMBER_RELATIONS_MAX_ROWS],
  );
  const sessions = await db.query<{ id: bigint; created_at: Date; expires_at: Date; ip_address: string | null; user_agent: string | null }>(
    `SELECT id, created_at, expires_at, ip_address, user_agent FROM member_sessions
     WHERE member_id = $1 AND revoked_at IS NULL AND expires_at > $2 ORDER BY created_at DESC LIMIT $3`,
    [memberId, now, MEMBER_RELATIONS_MAX_ROWS],
  );
  return {
    referrals: referrals.rows.map((row) => ({
      memberId: row.id,
      phoneNumber: row.phone_number,
      name: `${row.first_name} ${row.last_name}`.trim(),
      level: row.level === 1 ? 1 : 2,
      status: row.status,
      joinedAt: row.created_at.toISOString(),
    })),
    sessions: sessions.rows.map((row) => ({
      sessionId: String(row.id),
      createdAt: row.created_at.toISOString(),
      expiresAt: row.expires_at.toISOString(),
      address: row.ip_address,
      userAgent: row.user_agent,
    })),
  };
}

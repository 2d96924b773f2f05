import type { Queryable } from '@sabai/db';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';

/** Reality-check intervals a member may choose (minutes); without a choice: 60. */
export const REALITY_CHECK_MINUTES = [15, 30, 60] as const;
export type RealityCheckMinutes = (typeof REALITY_CHECK_MINUTES)[number];
export const DEFAULT_REALITY_CHECK_MINUTES: RealityCheckMinutes = 60;
/** A play session ends after this long without the game page asking; the next opening starts a new one. */
export const PLAY_SESSION_IDLE_MS = 30 * 60_000;

/** The member's reality-check interval in minutes (15, 30 or 60). */
export async function readRealityCheckMinutes(db: Queryable, memberId: string): Promise<RealityCheckMinutes> {
  const { rows } = await db.query<{ reality_check_minutes: number }>('SELECT reality_check_minutes FROM responsible_gaming_preferences WHERE member_id = $1', [memberId]);
  return (rows[0]?.reality_check_minutes as RealityCheckMinutes | undefined) ?? DEFAULT_REALITY_CHECK_MINUTES;
}

/**
 * `PUT …/responsible-gaming/reality-check` {minutes}: the member chooses how often the game page
 * interrupts with the reality check. @throws AppError VALIDATION_FAILED (not 15, 30 or 60).
 */
export async function setRealityCheckMinutes(context: AppContext, memberId: string, minutes: number): Promise<RealityCheckMinutes> {
  if (!(REALITY_CHECK_MINUTES as readonly number[]).includes(minutes)) throw new AppError('VALIDATION_FAILED', { message: 'กรุณาเลือกทุก 15, 30 หรือ 60 นาที' });
  await context.db.query(
    `INSERT INTO responsible_gaming_preferences (member_id, reality_check_minutes, updated_at) VALUES ($1, $2, $3)
     ON CONFLICT (member_id) DO UPDATE SET reality_check_minutes = $2, updated_at = $3`,
    [memberId, minutes, context.now()],
  );
  return minutes as RealityCheckMinutes;
}

export interface PlaySession {
  startedAt: Date;
  /** Payouts − stakes of the member's rounds settled since the start, satang (negative: a loss). */
  netResultSatang: bigint;
  realityCheckMinutes: RealityCheckMinutes;
}

/**
 * The member's play session for the reality check (issue 12; UKGC RTS 13 "reality checks"): the
 * game page calls it when it opens (`start`) and at each check. A session continues while the page
 * asks at least every PLAY_SESSION_IDLE_MS; otherwise opening the page starts a new one at `now`.
 * Net result = payouts − stakes of rounds settled since the start (the bet feed), satang.
 */
export async function touchPlaySession(context: AppContext, memberId: string): Promise<PlaySession> {
  const now = context.now();
  const { rows } = await context.db.query<{ started_at: Date; reality_check_minutes: number }>(
    `INSERT INTO responsible_gaming_preferences (member_id, play_session_started_at, play_session_seen_at) VALUES ($1, $2, $2)
     ON CONFLICT (member_id) DO UPDATE SET
       play_session_started_at = CASE WHEN responsible_gaming_preferences.play_session_seen_at IS NULL OR responsible_gaming_preferences.play_session_seen_at < $3
                                      THEN $2 ELSE responsible_gaming_preferences.play_session_started_at END,
       play_session_seen_at = $2
     RETURNING play_session_started_at AS started_at, reality_check_minutes`,
    [memberId, now, new Date(now.getTime() - PLAY_SESSION_IDLE_MS)],
  );
  const row = rows[0]!;
  const result = await context.db.query<{ net: bigint }>(
    `SELECT coalesce(sum(payout_satang - stake_satang), 0)::int8 AS net FROM bet_rounds WHERE member_id = $1 AND status = 'settled' AND settled_at >= $2`,
    [memberId, row.started_at],
  );
  return { startedAt: row.started_at, netResultSatang: result.rows[0]!.net, realityCheckMinutes: row.reality_check_minutes as RealityCheckMinutes };
}

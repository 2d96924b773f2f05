import { randomBytes } from 'node:crypto';
import type { Queryable } from '@sabai/db';

/**
 * Game sessions (issue 30 §1 "member sessions"): a launch opens one for one member and one game;
 * its random `token` travels to Hub88 in `/game/url` and comes back on every wallet call. A
 * session lapses after HUB88_SESSION_IDLE_MS without a bet or balance call: a bet on it is
 * RS_ERROR_TOKEN_EXPIRED; wins and rollbacks never check it (Hub88: "token validity must not be
 * validated in case of wins and rollbacks, since they might come after the bet has been played").
 */
export interface Hub88Session {
  token: string;
  memberId: string;
  hub88User: string;
  gameCode: string;
  isDemo: boolean;
  expiresAt: Date;
}

/** Opens a session for the member and game; returns its token (32 random bytes, hex). */
export async function openHub88Session(
  db: Queryable,
  input: { memberId: string; hub88User: string; gameCode: string; isDemo: boolean; now: Date; idleMs: number },
): Promise<string> {
  const token = randomBytes(32).toString('hex');
  await db.query(
    `INSERT INTO hub88_sessions (token, member_id, hub88_user, game_code, is_demo, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [token, input.memberId, input.hub88User, input.gameCode, input.isDemo, input.now, new Date(input.now.getTime() + input.idleMs)],
  );
  return token;
}

/** The session of `token`, or undefined when no such token was issued. */
export async function findHub88Session(db: Queryable, token: string): Promise<Hub88Session | undefined> {
  const { rows } = await db.query<{ token: string; member_id: string; hub88_user: string; game_code: string; is_demo: boolean; expires_at: Date }>(
    'SELECT token, member_id, hub88_user, game_code, is_demo, expires_at FROM hub88_sessions WHERE token = $1',
    [token],
  );
  const row = rows[0];
  return row ? { token: row.token, memberId: row.member_id, hub88User: row.hub88_user, gameCode: row.game_code, isDemo: row.is_demo, expiresAt: row.expires_at } : undefined;
}

/** Keeps a live session open for another idle period (called on bets and balance reads). */
export async function touchHub88Session(db: Queryable, token: string, now: Date, idleMs: number): Promise<void> {
  await db.query('UPDATE hub88_sessions SET expires_at = $2 WHERE token = $1 AND expires_at > $3', [token, new Date(now.getTime() + idleMs), now]);
}

/** Why a token does not carry a bet for `hub88User` now: null when it does. */
export function betTokenProblem(session: Pick<Hub88Session, 'hub88User' | 'isDemo' | 'expiresAt'> | undefined, hub88User: string, now: Date): 'RS_ERROR_INVALID_TOKEN' | 'RS_ERROR_TOKEN_EXPIRED' | null {
  if (!session || session.hub88User !== hub88User || session.isDemo) return 'RS_ERROR_INVALID_TOKEN';
  if (session.expiresAt.getTime() <= now.getTime()) return 'RS_ERROR_TOKEN_EXPIRED';
  return null;
}

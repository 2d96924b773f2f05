import { randomBytes } from 'node:crypto';

/** An unopened launch link works this long after it was issued. */
export const LAUNCH_TOKEN_TTL_MS = 10 * 60_000;
/** A game session ends after this long without a request from its page. */
export const SESSION_IDLE_MS = 10 * 60_000;
/** Most launch links / sessions remembered; beyond it the oldest are forgotten. */
const MAX_ENTRIES = 10_000;
/** Entries past use are looked for at most this often (the size cap is kept on every launch). */
const SWEEP_INTERVAL_MS = 1_000;

export interface GameSession {
  token: string;
  username: string;
  gameCode: string;
  returnUrl: string;
  lastActiveMs: number;
}

interface LaunchGrant {
  username: string;
  gameCode: string;
  returnUrl: string;
  issuedAtMs: number;
  isUsed: boolean;
}

export type RedeemResult = { ok: true; session: GameSession } | { ok: false; reason: 'unknown' | 'used' | 'expired'; returnUrl?: string };
export type SessionResult = { ok: true; session: GameSession } | { ok: false; reason: 'unknown' | 'expired'; returnUrl?: string };

const newToken = (): string => randomBytes(24).toString('base64url');

/**
 * Launch links and the game sessions they open. A launch token opens one session, once, within
 * LAUNCH_TOKEN_TTL_MS; the session token (in the game page's URL and every game call) authorizes
 * only that member and that game, until SESSION_IDLE_MS without activity. In memory only.
 */
export class LaunchSessions {
  readonly #grants = new Map<string, LaunchGrant>();
  readonly #sessions = new Map<string, GameSession>();
  readonly #now: () => Date;
  /** When the last walk over every entry ran (#sweep). */
  #sweptAtMs = Number.NEGATIVE_INFINITY;

  constructor(now: () => Date) {
    this.#now = now;
  }

  issue(grant: { username: string; gameCode: string; returnUrl: string }): string {
    this.#sweep();
    const token = newToken();
    this.#grants.set(token, { ...grant, issuedAtMs: this.#now().getTime(), isUsed: false });
    return token;
  }

  /** Opens the session of a launch token: only once, and only while the link is fresh. */
  redeem(launchToken: string): RedeemResult {
    const grant = this.#grants.get(launchToken);
    if (!grant) return { ok: false, reason: 'unknown' };
    if (grant.isUsed) return { ok: false, reason: 'used', returnUrl: grant.returnUrl };
    const nowMs = this.#now().getTime();
    if (nowMs - grant.issuedAtMs > LAUNCH_TOKEN_TTL_MS) return { ok: false, reason: 'expired', returnUrl: grant.returnUrl };
    grant.isUsed = true;
    const session: GameSession = { token: newToken(), username: grant.username, gameCode: grant.gameCode, returnUrl: grant.returnUrl, lastActiveMs: nowMs };
    this.#sessions.set(session.token, session);
    return { ok: true, session };
  }

  /** The live session of a token, its idle clock restarted (member activity); an idle one has ended for good. */
  touch(sessionToken: string): SessionResult {
    const result = this.peek(sessionToken);
    if (result.ok) result.session.lastActiveMs = this.#now().getTime();
    return result;
  }

  /** The live session of a token, without counting as activity. */
  peek(sessionToken: string): SessionResult {
    const session = this.#sessions.get(sessionToken);
    if (!session) return { ok: false, reason: 'unknown' };
    if (this.#now().getTime() - session.lastActiveMs > SESSION_IDLE_MS) return { ok: false, reason: 'expired', returnUrl: session.returnUrl };
    return { ok: true, session };
  }

  /**
   * Forgets entries long past use (kept a while so an old link still says "expired"), then the
   * oldest beyond MAX_ENTRIES. The walk over every entry runs at most once per SWEEP_INTERVAL_MS:
   * walking up to MAX_ENTRIES on every launch cost 2–4 ms of CPU per launch with thousands held
   * (issue 29 §3, docs/adr/0060), more than the API's own work; expiry is checked on use anyway.
   */
  #sweep(): void {
    const nowMs = this.#now().getTime();
    if (nowMs - this.#sweptAtMs >= SWEEP_INTERVAL_MS || nowMs < this.#sweptAtMs) {
      this.#sweptAtMs = nowMs;
      const cutoffMs = nowMs - 2 * Math.max(LAUNCH_TOKEN_TTL_MS, SESSION_IDLE_MS);
      for (const [token, grant] of this.#grants) if (grant.issuedAtMs < cutoffMs) this.#grants.delete(token);
      for (const [token, session] of this.#sessions) if (session.lastActiveMs < cutoffMs) this.#sessions.delete(token);
    }
    for (const map of [this.#grants, this.#sessions]) {
      for (const token of map.keys()) {
        if (map.size < MAX_ENTRIES) break;
        map.delete(token);
      }
    }
  }
}

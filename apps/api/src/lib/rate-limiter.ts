import type { Queryable } from '@sabai/db';
import { AppError } from './app-error.ts';
import type { ErrorCode } from '@sabai/contracts';

/**
 * Fixed-window rate limits counted in PostgreSQL (`rate_limit_counters`), so every API process
 * shares them (ARCHITECTURE.md: no state in a process). One upsert per check. The table is
 * unlogged (migration 0059, docs/adr/0070): a count committed on its own waits for no WAL flush,
 * and a crash of PostgreSQL starts every window again from zero (brakes on abuse, not records).
 */
export interface RateLimitRule {
  /** What is limited, e.g. `login:ip`. */
  name: string;
  /** Most hits allowed per window (before scaling). */
  limit: number;
  windowMs: number;
  /** The error code a refusal carries (RATE_LIMITED unless the rule has its own message). */
  errorCode?: ErrorCode;
}

/** The limits of the member API. Each is stated here, not defaulted (style.md "limits"). */
export const RATE_LIMITS = {
  loginPerIp: { name: 'login:ip', limit: 30, windowMs: 15 * 60_000 },
  /** Back-office sign-in steps per address (issue 11); accounts also lock after 5 failures. */
  staffSignInPerIp: { name: 'staff-sign-in:ip', limit: 30, windowMs: 15 * 60_000 },
  /**
   * Failures of one phone from one address lock that pair only (issue 13 §3.5: a lock per phone let
   * anyone keep any member out). Failures of one phone from all addresses together brake
   * distributed guessing, but never at an address the member signed in from before.
   */
  loginFailuresPerPhoneAddress: { name: 'login-fail:phone-address', limit: 5, windowMs: 15 * 60_000, errorCode: 'LOGIN_LOCKED' },
  loginFailuresPerPhone: { name: 'login-fail:phone', limit: 30, windowMs: 60 * 60_000, errorCode: 'LOGIN_LOCKED' },
  /**
   * One-time codes (issue 27, docs/adr/0042). Per phone: codes sent (each SMS costs the operator and
   * reaches a person who may not have asked) and wrong codes over all purposes; with 5 tries a code
   * that bounds guessing to 25 of a million per hour. Per-address ceilings of the registration calls
   * come from config REGISTRATION_ADDRESS_CEILING_PER_HOUR (registrationAddressRules).
   */
  codeSendsPerPhoneHour: { name: 'code-send:phone-hour', limit: 5, windowMs: 60 * 60_000 },
  codeSendsPerPhoneDay: { name: 'code-send:phone-day', limit: 10, windowMs: 24 * 60 * 60_000 },
  codeFailuresPerPhone: { name: 'code-fail:phone', limit: 10, windowMs: 60 * 60_000 },
  /** Holder names read per registration and per phone: a member tries an account or two. */
  checkBankPerRegistration: { name: 'check-bank:registration', limit: 5, windowMs: 60 * 60_000 },
  checkBankPerPhone: { name: 'check-bank:phone', limit: 10, windowMs: 60 * 60_000 },
  /** A new password checked at its field (sign-up, issue 26 §3): a member types a few; no more guessing the list than that. */
  passwordCheckPerIp: { name: 'password-check:ip', limit: 60, windowMs: 15 * 60_000 },
  /** Password reset ("forgot password", issue 27 §3): limited like login, per address and per phone-and-address failures. */
  passwordResetPerIp: { name: 'password-reset:ip', limit: 30, windowMs: 15 * 60_000 },
  passwordResetFailuresPerPhoneAddress: { name: 'password-reset-fail:phone-address', limit: 5, windowMs: 15 * 60_000 },
  /** A member's own phone change: codes to two numbers per start. */
  phoneChangePerMember: { name: 'phone-change:member', limit: 3, windowMs: 60 * 60_000 },
  changePasswordFailuresPerMember: { name: 'change-password-fail:member', limit: 5, windowMs: 15 * 60_000 },
  // Money calls (issue 13 §3.4): per member, and per address for many members behind one client.
  withdrawalPerMember: { name: 'withdrawal:member', limit: 30, windowMs: 60_000 },
  withdrawalPerIp: { name: 'withdrawal:ip', limit: 120, windowMs: 60_000 },
  launchPerMember: { name: 'launch:member', limit: 30, windowMs: 60_000 },
  launchPerIp: { name: 'launch:ip', limit: 120, windowMs: 60_000 },
  spinPerMember: { name: 'spin:member', limit: 30, windowMs: 60_000 },
  spinPerIp: { name: 'spin:ip', limit: 120, windowMs: 60_000 },
  claimPerMember: { name: 'claim:member', limit: 30, windowMs: 60_000 },
  claimPerIp: { name: 'claim:ip', limit: 60, windowMs: 60_000 },
  redeemPerMember: { name: 'redeem:member', limit: 10, windowMs: 60_000 },
  promptPayPerMember: { name: 'promptpay:member', limit: 10, windowMs: 10 * 60_000 },
  promptPayPerIp: { name: 'promptpay:ip', limit: 60, windowMs: 10 * 60_000 },
  /** Slip deposits (issue 28 §2): every attempt counts, refused ones too (a slip is one transfer; nobody sends 20 in 10 minutes). */
  slipPerMember: { name: 'slip:member', limit: 20, windowMs: 10 * 60_000 },
  slipPerIp: { name: 'slip:ip', limit: 60, windowMs: 10 * 60_000 },
} as const satisfies Record<string, RateLimitRule>;

/**
 * The per-address ceilings of the registration calls (issue 27 §1): abuse ceilings only, high
 * enough for a carrier-grade NAT address (config REGISTRATION_ADDRESS_CEILING_PER_HOUR, default 300;
 * docs/adr/0042). Verifying and resending get three times as many (a typo, a late SMS).
 */
export function registrationAddressRules(ceilingPerHour: number) {
  const hour = 60 * 60_000;
  return {
    checkPhone: { name: 'check-phone:ip', limit: ceilingPerHour, windowMs: hour },
    verifyPhone: { name: 'verify-phone:ip', limit: ceilingPerHour * 3, windowMs: hour },
    checkBank: { name: 'check-bank:ip', limit: ceilingPerHour, windowMs: hour },
    signup: { name: 'signup:ip', limit: ceilingPerHour, windowMs: hour },
  } as const satisfies Record<string, RateLimitRule>;
}

/**
 * The Thai RATE_LIMITED refusal naming the wait, rounded up: "… กรุณารอ 45 วินาทีแล้วลองใหม่",
 * "… กรุณารอ 38 นาทีแล้วลองใหม่", "… กรุณารอ 2 ชั่วโมงแล้วลองใหม่" (a window of a day or less).
 */
export function rateLimitedMessage(retryAfterSeconds: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  const wait = seconds < 60 ? `${seconds} วินาที` : seconds <= 90 * 60 ? `${Math.ceil(seconds / 60)} นาที` : `${Math.ceil(seconds / 3600)} ชั่วโมง`;
  return `ทำรายการบ่อยเกินไป กรุณารอ ${wait}แล้วลองใหม่`;
}

export class RateLimiter {
  constructor(
    private readonly db: Queryable,
    /** Multiplies every limit (config RATE_LIMIT_SCALE). */
    private readonly scale: number = 1,
    /** The clock windows are counted by; the app passes its context's `now` so tests can hold it still. */
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /**
   * Counts one hit for `subject` under `rule` and refuses when it goes over the limit.
   * @throws AppError(rule.errorCode ?? RATE_LIMITED) with a Retry-After header (seconds).
   */
  async hit(rule: RateLimitRule, subject: string, now: Date = this.clock()): Promise<void> {
    this.refuseOver(rule, await this.record(rule, subject, now), now);
  }

  /**
   * Counts one hit of each `{ rule, subject }` in one statement (issue 29 §1: a money call's
   * address and member limits, one round trip) and refuses at the first, in the given order, that
   * went over its limit. Every counter is counted, even when an earlier one refuses. The buckets
   * must differ (one row each).
   * @throws AppError as `hit` does.
   */
  async hitAll(hits: ReadonlyArray<{ rule: RateLimitRule; subject: string }>, now: Date = this.clock()): Promise<void> {
    const keys = hits.map(({ rule, subject }) => bucketKey(rule, subject));
    if (new Set(keys).size !== keys.length) throw new Error('hitAll: the same bucket twice');
    const starts = hits.map(({ rule }) => windowStartOf(rule, now));
    const { rows } = await this.db.query<{ bucket_key: string; hits: number }>(
      `INSERT INTO rate_limit_counters (bucket_key, window_start, hits)
       SELECT key, start, 1 FROM unnest($1::text[], $2::timestamptz[]) AS h(key, start)
       ON CONFLICT (bucket_key, window_start) DO UPDATE SET hits = rate_limit_counters.hits + 1
       RETURNING bucket_key, hits`,
      [keys, starts],
      { prepare: true },
    );
    const counted = new Map(rows.map((row) => [row.bucket_key, row.hits]));
    hits.forEach(({ rule }, index) => this.refuseOver(rule, counted.get(keys[index]!) ?? 1, now));
  }

  private refuseOver(rule: RateLimitRule, hits: number, now: Date): void {
    const limit = Math.max(1, Math.floor(rule.limit * this.scale));
    if (hits > limit) {
      const retryAfterSeconds = Math.max(1, Math.ceil((windowStartOf(rule, now).getTime() + rule.windowMs - now.getTime()) / 1000));
      const code = rule.errorCode ?? 'RATE_LIMITED';
      // The general refusal says how long to wait (issue 26 §3: "the bank-check block says how long").
      const message = code === 'RATE_LIMITED' ? rateLimitedMessage(retryAfterSeconds) : undefined;
      throw new AppError(code, { headers: { 'retry-after': String(retryAfterSeconds) }, ...(message ? { message } : {}) });
    }
  }

  /** Refuses without counting when `subject` is already over the limit (e.g. a locked phone). */
  async assertNotExceeded(rule: RateLimitRule, subject: string, now: Date = this.clock()): Promise<void> {
    const counter = this.counterOf(rule, subject, now);
    const { rows } = await this.db.query<{ hits: number }>(COUNTER_HITS_SQL, [counter.bucketKey, counter.windowStart]);
    this.assertBelowLimit(rule, rows[0]?.hits ?? 0);
  }

  /**
   * The counter row assertNotExceeded reads for `subject` under `rule` at `now`, for a caller that
   * reads it inside its own statement (issue 29 §3: login's limits, member and known addresses in
   * one round trip): `SELECT hits FROM rate_limit_counters WHERE bucket_key = <bucketKey> AND
   * window_start = <windowStart>`, then assertBelowLimit with what it found (0 for no row).
   */
  counterOf(rule: RateLimitRule, subject: string, now: Date = this.clock()): { bucketKey: string; windowStart: Date } {
    return { bucketKey: bucketKey(rule, subject), windowStart: windowStartOf(rule, now) };
  }

  /**
   * assertNotExceeded's refusal for `hits` a caller read itself (counterOf): refuses, without
   * counting, when the counter already reached the rule's (scaled) limit.
   * @throws AppError(rule.errorCode ?? RATE_LIMITED).
   */
  assertBelowLimit(rule: RateLimitRule, hits: number): void {
    const limit = Math.max(1, Math.floor(rule.limit * this.scale));
    if (hits >= limit) throw new AppError(rule.errorCode ?? 'RATE_LIMITED');
  }

  private async record(rule: RateLimitRule, subject: string, now: Date): Promise<number> {
    const windowStart = windowStartOf(rule, now);
    const { rows } = await this.db.query<{ hits: number }>(
      `INSERT INTO rate_limit_counters (bucket_key, window_start, hits) VALUES ($1, $2, 1)
       ON CONFLICT (bucket_key, window_start) DO UPDATE SET hits = rate_limit_counters.hits + 1
       RETURNING hits`,
      [bucketKey(rule, subject), windowStart],
    );
    return rows[0]?.hits ?? 1;
  }

  /**
   * Forgets every counter of `rule` whose subject starts with `subjectPrefix` (a password reset
   * lifts the phone's login locks at every address: login-fail:phone-address:<phone>|…).
   */
  async clear(rule: RateLimitRule, subjectPrefix: string): Promise<void> {
    const prefix = bucketKey(rule, subjectPrefix).replace(/[\\%_]/g, (char) => `\\${char}`);
    await this.db.query('DELETE FROM rate_limit_counters WHERE bucket_key LIKE $1', [`${prefix}%`]);
  }

  /** Deletes counters of windows that ended more than a day ago; run by the maintenance timer. */
  async pruneExpired(now: Date = this.clock()): Promise<number> {
    const dayAgo = new Date(now.getTime() - 24 * 3_600_000);
    const result = await this.db.query('DELETE FROM rate_limit_counters WHERE window_start < $1', [dayAgo]);
    // Registrations and codes (modules/auth) live for minutes to an hour; a day is plenty (the
    // completed registrations stay: they name the member they made).
    await this.db.query('DELETE FROM phone_codes WHERE expires_at < $1', [dayAgo]);
    await this.db.query('DELETE FROM registrations WHERE expires_at < $1 AND completed_at IS NULL', [dayAgo]);
    return result.rowCount;
  }
}

const COUNTER_HITS_SQL = 'SELECT hits FROM rate_limit_counters WHERE bucket_key = $1 AND window_start = $2';
/** The start of the fixed window `now` falls in (windows aligned to the epoch, rule.windowMs long). */
const windowStartOf = (rule: RateLimitRule, now: Date): Date => new Date(Math.floor(now.getTime() / rule.windowMs) * rule.windowMs);
const bucketKey = (rule: RateLimitRule, subject: string) => `${rule.name}:${subject}`.slice(0, 200);

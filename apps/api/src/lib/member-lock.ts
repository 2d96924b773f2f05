import { randomBytes } from 'node:crypto';
import type { Db } from '@sabai/db';
import { AppError } from './app-error.ts';

/** A waiting caller's first pause before it looks again; each pause doubles up to MAX_POLL_INTERVAL_MS (plus jitter, so a burst does not poll in step). */
const POLL_INTERVAL_MS = 15;
/**
 * The longest pause between two looks: a burst of a dozen calls of one member (issue 24 §3) then
 * costs the database about ten lock attempts a second per waiting call, not seventy.
 */
const MAX_POLL_INTERVAL_MS = 100;

export interface MemberLockOptions {
  /** How long to wait for the member's running operation before answering MEMBER_BUSY. 0 = do not wait. */
  waitMs: number;
  /**
   * Lease length: a holder that crashed frees the member after this. Must exceed the longest
   * operation it guards (every partner call is bounded by PROVIDER_TIMEOUT_MS).
   */
  leaseMs: number;
}

/**
 * Runs `work` while holding the member's money lock (issue 15: launches, withdrawals and game
 * transfers of one member are serialized, across every API process). A caller waits at most
 * `waitMs` (MEMBER_LOCK_WAIT_MS, ≤ 3 s, issue 24 §3) and then gets MEMBER_BUSY (409, Thai) with
 * nothing done; waiting callers are not served in arrival order. An idempotent retry never comes
 * here: its stored answer is read before (docs/adr/0038). The lock is a lease row in
 * `member_money_locks`, taken with one INSERT … ON CONFLICT … WHERE expired, so it needs no
 * connection held open (PGlite has one) and never blocks a transaction; it is released in
 * `finally` and, after a crash of the holder, when the lease expires. The table is unlogged
 * (docs/adr/0066): taking and releasing commit without a WAL flush, and a crash of PostgreSQL
 * ends every lease (every transaction in progress ended with it).
 *
 * Not reentrant: a use case that runs under the lock calls the unlocked inner functions.
 * @throws AppError MEMBER_BUSY when the lock is not free within `waitMs`.
 */
export async function withMemberLock<T>(db: Db, memberId: string, options: MemberLockOptions, work: (held: HeldMemberLock) => Promise<T>): Promise<T> {
  if (options.leaseMs <= 0 || options.waitMs < 0) throw new RangeError('member lock: leaseMs > 0 and waitMs >= 0');
  const holder = randomBytes(12).toString('hex');
  const deadline = Date.now() + options.waitMs;
  let pauseMs = POLL_INTERVAL_MS;
  while (!(await tryAcquire(db, memberId, holder, options.leaseMs))) {
    const remainingMs = deadline - Date.now();
    if (remainingMs <= 0) throw new AppError('MEMBER_BUSY');
    // Never past the deadline: the last look is at the deadline, so the wait is bounded by waitMs (plus one query).
    await new Promise((resolve) => setTimeout(resolve, Math.min(remainingMs, pauseMs + Math.floor(Math.random() * pauseMs))));
    pauseMs = Math.min(MAX_POLL_INTERVAL_MS, pauseMs * 2);
  }
  let isReleasedByWork = false;
  const held: HeldMemberLock = {
    releaseInStatement(firstParam) {
      return {
        cte: `member_lock_released AS (DELETE FROM member_money_locks WHERE member_id = $${firstParam}::text AND holder = $${firstParam + 1}::text)`,
        params: [memberId, holder],
      };
    },
    confirmReleased() {
      isReleasedByWork = true;
    },
  };
  let isDone = false;
  try {
    const result = await work(held);
    isDone = true;
    return result;
  } finally {
    // Released by the work's committed statement only when the work confirmed that commit and
    // ended well; anything else (the statement not run, rolled back, a retried attempt that took
    // another path, an error after it) releases here: the DELETE is by this holder, so a second
    // one changes nothing.
    if (!(isDone && isReleasedByWork)) await db.query('DELETE FROM member_money_locks WHERE member_id = $1 AND holder = $2', [memberId, holder]);
  }
}

/**
 * The member's money lock while `work` runs. `releaseInStatement(firstParam)` gives the lease's
 * DELETE as a data-modifying CTE (`member_lock_released`, parameters `$firstParam`,
 * `$firstParam + 1` = `params`) for the caller to put in a statement of its last transaction, so
 * the lock ends when that transaction commits, without a statement of its own (docs/adr/0074: a
 * withdrawal's reservation). Once that transaction has committed, the caller says so with
 * `confirmReleased()`; only then is the lease not deleted again when `work` returns. Without the
 * confirmation (the statement not run, rolled back, or a retried transaction whose last attempt
 * took another path), or when `work` throws, the lock is released as usual.
 */
export interface HeldMemberLock {
  releaseInStatement(firstParam: number): { cte: string; params: unknown[] };
  /** The transaction holding `releaseInStatement`'s CTE has committed: the lease is gone. */
  confirmReleased(): void;
}

async function tryAcquire(db: Db, memberId: string, holder: string, leaseMs: number): Promise<boolean> {
  const { rows } = await db.query<{ holder: string }>(
    `INSERT INTO member_money_locks (member_id, holder, expires_at) VALUES ($1, $2, clock_timestamp() + $3 * interval '1 millisecond')
     ON CONFLICT (member_id) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
     WHERE member_money_locks.expires_at < clock_timestamp()
     RETURNING holder`,
    [memberId, holder, leaseMs],
  );
  return rows[0]?.holder === holder;
}

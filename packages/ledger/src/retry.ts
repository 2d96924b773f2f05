import { postgresErrorCode, type Db, type Queryable } from '@sabai/db';

/** PostgreSQL codes after which the whole transaction may simply run again. */
const RETRYABLE_CODES = new Set(['40001', '40P01']); // serialization_failure, deadlock_detected
/** A twin with the same idempotency key committed between our check and our insert. */
const UNIQUE_VIOLATION = '23505';

export interface RetryOptions {
  /** Most attempts in all (default 5). */
  maxAttempts?: number;
  /** First back-off; doubles each attempt, with jitter (default 10 ms). */
  baseDelayMs?: number;
}

/**
 * Runs `work` in a transaction, again on deadlock, serialization failure or an idempotency-key race
 * (whose retry then finds the twin and returns its outcome), up to `maxAttempts` (style.md: bounded
 * retries). `work` must be safe to repeat: no outside calls inside.
 */
export async function inLedgerTransaction<T>(db: Db, work: (tx: Queryable) => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const maxAttempts = options.maxAttempts ?? 5;
  const baseDelayMs = options.baseDelayMs ?? 10;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(work);
    } catch (error) {
      const code = postgresErrorCode(error);
      const isRetryable = code !== undefined && (RETRYABLE_CODES.has(code) || code === UNIQUE_VIOLATION);
      if (!isRetryable || attempt >= maxAttempts) throw error;
      const delayMs = baseDelayMs * 2 ** (attempt - 1) * (0.5 + Math.random());
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }
}

/**
 * Runs `work` (ONE autocommitted statement of the ledger's: a posting with the caller's CTEs)
 * again on deadlock, serialization failure or an idempotency-key race, as inLedgerTransaction
 * does for a transaction (docs/adr/0069: a settlement in one statement, no BEGIN/COMMIT). `work`
 * must be safe to repeat. `isFinal` (optional): an error the caller maps itself, never retried
 * (e.g. a unique index that means "already in flight").
 */
export async function inLedgerStatement<T>(work: () => Promise<T>, options: RetryOptions & { isFinal?: (error: unknown) => boolean } = {}): Promise<T> {
  const maxAttempts = options.maxAttempts ?? 5;
  const baseDelayMs = options.baseDelayMs ?? 10;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      const code = postgresErrorCode(error);
      const isRetryable = code !== undefined && (RETRYABLE_CODES.has(code) || code === UNIQUE_VIOLATION) && !(options.isFinal?.(error) ?? false);
      if (!isRetryable || attempt >= maxAttempts) throw error;
      const delayMs = baseDelayMs * 2 ** (attempt - 1) * (0.5 + Math.random());
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }
}

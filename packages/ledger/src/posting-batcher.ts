import { postgresErrorCode, type Db, type Queryable } from '@sabai/db';
import { inLedgerTransaction, type RetryOptions } from './retry.ts';
import {
  callCreateTransfer,
  newTransferCall,
  readTransferOutcome,
  resolutionCall,
  type NewTransfer,
  type ResolvePendingInput,
  type TransferCall,
  type TransferOutcome,
} from './transfers.ts';

/**
 * The batched posting path (issue 16 §5, docs/adr/0026). On these machines the commit (the WAL
 * flush) and the round trips are the limit, not the SQL (bench/README.md): so postings that arrive
 * together share one database call and one commit.
 *
 * - `post` / `reserve` / `resolve`: lone transfers. Those waiting together go to PostgreSQL as ONE
 *   auto-committed call of ledger_create_transfers (migrations 0026, 0029, 0063: decided in one pass,
 *   written set-based): one round trip, one commit.
 *   Every transfer keeps its own idempotency key and gets its own outcome (created, exists,
 *   refused, conflict) exactly as postTransfer would give it; refusals are remembered the same way.
 * - `run(unit)`: a whole unit of work (e.g. a deposit: feed event row, deposit row, two postings,
 *   outbox) that must stay atomic. Units waiting together run one after another in ONE transaction,
 *   each inside its own SAVEPOINT, and share its one COMMIT.
 *
 * Failure never spreads: an element or unit that fails (error, deadlock, a concurrent twin) is
 * rolled back on its own and then run again ALONE on the single path (inLedgerTransaction, its
 * bounded retries); a refusal is an outcome, not a failure. If the whole batch fails (connection
 * lost, even at COMMIT), every member is run again alone: idempotency keys make a transfer that did
 * commit answer `exists`, and units must be safe to repeat (the contract of inLedgerTransaction).
 * Nothing is acknowledged before its batch has committed.
 *
 * When to send: a batch leaves at once while fewer than `maxInFlight` batches of its kind are at the
 * database (an idle database gains nothing from waiting); otherwise postings wait for a batch to
 * return, for `maxBatch` companions, or for `windowMs` after the first of them, whichever is first.
 * What leaves together: while there are at least as many free places as waiting postings, each goes
 * alone on its own connection (parallel, like the single path); otherwise they share batches of at
 * least 8 transfers or 4 units (docs/adr/0035).
 */
export interface PostingBatcher {
  /** postTransfer, batched. Resolves after the batch has committed. Throws RangeError like postTransfer. */
  post(transfer: NewTransfer): Promise<TransferOutcome>;
  /** reserveTransfer, batched. */
  reserve(transfer: NewTransfer): Promise<TransferOutcome>;
  /** resolvePendingTransfer, batched. */
  resolve(input: ResolvePendingInput): Promise<TransferOutcome>;
  /**
   * Runs `unit` in a transaction shared with other units (its own SAVEPOINT), like
   * `inLedgerTransaction(db, unit)`. `unit` must use only `tx`, must not open transactions or call
   * the batcher, must be safe to repeat, and must never call an outside provider. Resolves with its
   * result after the shared COMMIT; rejects with its own error.
   */
  run<T>(unit: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Sends what is waiting, waits for every batch in flight, then refuses new work. */
  close(): Promise<void>;
  /** Counters since creation, for benchmarks and tests. */
  readonly stats: PostingBatcherStats;
}

export interface PostingBatcherStats {
  /** Database calls / transactions made for batches. */
  batches: number;
  /** Transfers and units that went through a batch. */
  items: number;
  /** Items run again alone (their element or unit failed, or the whole batch did). */
  retriedAlone: number;
}

export interface PostingBatcherOptions {
  /** false: every call goes straight to the single path (the switch; default true). */
  enabled?: boolean;
  /** Most transfers per call, 1..64 (subtransaction cache, migration 0026). Default 64. */
  maxBatch?: number;
  /** Most units per shared transaction, 1..64. Default 16: units run one after another. */
  maxUnits?: number;
  /** Longest a posting waits for companions while the database is busy, 0..50 ms. Default 2. */
  windowMs?: number;
  /**
   * Transfer batches at the database at once, 1..16. Default 4. While no more postings wait than
   * there are free places, each goes alone; beyond, batches of 8 or more (MIN_SHARED_TRANSFERS), so
   * at 16 clients about two batches are at the database, as many as these machines have cores
   * (docs/adr/0035). A soft bound: a posting that waited `windowMs` leaves even when every place is
   * taken, and items run again alone are not counted.
   */
  maxInFlight?: number;
  /**
   * Smallest batch of transfers made by splitting a queue longer than the free places, 1..64.
   * Default 8 (MIN_SHARED_TRANSFERS). For measurements (bench:ledger's BENCH_BATCH_MIN_SHARED,
   * docs/adr/0073): with 2 places and 2 here, 4 clients post as two batches of 2 instead of one
   * batch of 4.
   */
  minSharedTransfers?: number;
  /**
   * Transfers per call while every waiting posting has a free place, 1..8. Default 2: postings
   * that wait together leave in pairs (4 clients: two calls of 2 on two connections, half the
   * commits), a posting that waits alone goes alone. 1: each goes alone (docs/adr/0035). Default
   * since docs/adr/0073's addendum (two quiet interleaved bench:ledger pairs: batched ×4 1.13–1.15×
   * pgbench against 1.05–1.11×, ×16 3.00–3.13× against 2.57–2.61×).
   */
  pairWhenRoom?: number;
  /** Unit batches at once, 1..16. Default 4. */
  maxUnitsInFlight?: number;
  /**
   * Longest a unit in a shared transaction waits for a row lock, 10..10,000 ms (default 100). Two
   * unit batches can lock two members in opposite order; PostgreSQL would break that deadlock only
   * after deadlock_timeout (1 s) while both batches wait. Past this wait the unit is rolled back to
   * its savepoint and runs again alone, where it waits as long as it needs.
   */
  unitLockWaitMs?: number;
  /** Retries of the single path for an item run again alone. */
  retry?: RetryOptions;
}

interface Waiting<T> {
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

interface Lane<Item> {
  queue: Item[];
  /** Tells every item of a batch that reading the answer failed (an assertion). */
  readonly fail: (items: Item[], error: unknown) => void;
  inFlight: number;
  timer: ReturnType<typeof setTimeout> | undefined;
  readonly maxBatch: number;
  readonly maxInFlight: number;
  /** Smallest batch made by splitting a queue longer than the free places (MIN_SHARED_*). */
  readonly minSpread: number;
  /** Items per batch while the queue fits the free places (1: each alone). */
  readonly whenRoom: number;
  readonly send: (items: Item[]) => Promise<void>;
  /** A flush is queued for the end of this turn of the event loop (postings made together go together). */
  isFlushQueued: boolean;
}

const MAX_PER_CALL = 64;
/** lock_timeout passed (unitLockWaitMs). */
const LOCK_NOT_AVAILABLE = '55P03';
/**
 * When more postings wait than there are free places at the database, a batch is split between
 * those places only down to this size (bench/README.md, "Batches only when the places are full",
 * docs/adr/0035). Transfers: 8; four batches of 4 at 16 clients made twice the commits and posted
 * 1.5–1.65× pgbench against 2.2–2.4× in batches of 8.
 */
const MIN_SHARED_TRANSFERS = 8;
/**
 * Transfers per call while every waiting posting has a free place: postings that wait together
 * leave in pairs (docs/adr/0073 addendum: the batch call's fixed cost after migration 0063 makes a
 * pair cheaper than two single postings, and half the commits at 4 clients).
 */
const PAIR_WHEN_ROOM = 2;
/** The same for units, each of which is a whole deposit: batches of 4 measured best (docs/adr/0035). */
const MIN_SHARED_UNITS = 4;

function bounded(name: string, value: number, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max) throw new RangeError(`${name} must be an integer in ${min}..${max}, got ${value}`);
  return value;
}

/** Creates a batcher over `db`. See PostingBatcher for the rules; docs/adr/0026 for why. */
export function createPostingBatcher(db: Db, options: PostingBatcherOptions = {}): PostingBatcher {
  const enabled = options.enabled ?? true;
  const windowMs = bounded('windowMs', options.windowMs ?? 2, 0, 50);
  const retry = options.retry ?? {};
  const unitLockWaitMs = bounded('unitLockWaitMs', options.unitLockWaitMs ?? 100, 10, 10_000);
  const stats: PostingBatcherStats = { batches: 0, items: 0, retriedAlone: 0 };
  const running = new Set<Promise<void>>();
  let closed = false;

  type TransferItem = Waiting<TransferOutcome> & { call: TransferCall };
  type UnitItem = Waiting<unknown> & { unit: (tx: Queryable) => Promise<unknown> };

  const alone = (call: TransferCall) => inLedgerTransaction(db, (tx) => callCreateTransfer(tx, call), retry);
  const aloneUnit = (unit: (tx: Queryable) => Promise<unknown>) => inLedgerTransaction(db, unit, retry);
  /** Runs an item again alone; tracked, so close() waits for it too. */
  const settle = <T>(item: Waiting<T>, work: () => Promise<T>) => {
    stats.retriedAlone += 1;
    const retried = work().then(item.resolve, item.reject);
    running.add(retried);
    void retried.finally(() => running.delete(retried));
  };

  const failAll = (items: Array<Waiting<never>>, error: unknown) => {
    for (const item of items) item.reject(error);
  };

  const transfers: Lane<TransferItem> = {
    queue: [],
    fail: failAll,
    isFlushQueued: false,
    inFlight: 0,
    timer: undefined,
    maxBatch: bounded('maxBatch', options.maxBatch ?? MAX_PER_CALL, 1, MAX_PER_CALL),
    maxInFlight: bounded('maxInFlight', options.maxInFlight ?? 4, 1, 16),
    minSpread: bounded('minSharedTransfers', options.minSharedTransfers ?? MIN_SHARED_TRANSFERS, 1, MAX_PER_CALL),
    whenRoom: bounded('pairWhenRoom', options.pairWhenRoom ?? PAIR_WHEN_ROOM, 1, 8),
    async send(items) {
      if (items.length === 1) {
        // Alone anyway: the single path's one call is cheaper than the batch function's lock steps.
        const item = items[0]!;
        let outcome: TransferOutcome;
        try {
          outcome = await callCreateTransfer(db, item.call);
        } catch {
          settle(item, () => alone(item.call));
          return;
        }
        item.resolve(outcome);
        return;
      }
      let rows: Array<{ ordinal: number; outcome: string; transfer_id: bigint | null; detail: string | null }>;
      try {
        ({ rows } = await db.query(
          `SELECT ordinal, outcome, transfer_id, detail FROM ledger_create_transfers(
             $1::text[], $2::text[], $3::text[], $4::int8[], $5::int8[], $6::int8[], $7::int8[], $8::text[], $9::text[], $10::text[])`,
          [
            items.map((item) => item.call.idempotencyKey),
            items.map((item) => item.call.code),
            items.map((item) => item.call.phase),
            items.map((item) => item.call.debitAccountId?.toString() ?? null),
            items.map((item) => item.call.creditAccountId?.toString() ?? null),
            items.map((item) => item.call.amountSatang?.toString() ?? null),
            items.map((item) => item.call.pendingTransferId?.toString() ?? null),
            items.map((item) => item.call.source?.type ?? null),
            items.map((item) => item.call.source?.id ?? null),
            items.map((item) => item.call.requestDigest),
          ],
          { prepare: true },
        ));
      } catch {
        // The whole call failed; it may even have committed (connection lost at COMMIT). Each
        // transfer alone: a committed one answers `exists`, a remembered refusal `refused`.
        for (const item of items) settle(item, () => alone(item.call));
        return;
      }
      if (rows.length !== items.length) throw new Error(`ledger_create_transfers returned ${rows.length} rows for ${items.length} transfers`);
      for (const row of rows) {
        const item = items[row.ordinal - 1];
        if (!item) throw new Error(`ledger_create_transfers returned ordinal ${row.ordinal}`);
        if (row.outcome === 'error') settle(item, () => alone(item.call));
        else item.resolve(readTransferOutcome(row));
      }
    },
  };

  const units: Lane<UnitItem> = {
    queue: [],
    fail: failAll,
    isFlushQueued: false,
    inFlight: 0,
    timer: undefined,
    maxBatch: bounded('maxUnits', options.maxUnits ?? 16, 1, MAX_PER_CALL),
    maxInFlight: bounded('maxUnitsInFlight', options.maxUnitsInFlight ?? 4, 1, 16),
    minSpread: MIN_SHARED_UNITS,
    whenRoom: 1,
    async send(items) {
      if (items.length === 1) {
        // Alone: its own transaction, as inLedgerTransaction runs it (retries included), without
        // the shared transaction's lock_timeout and savepoint round trips.
        const item = items[0]!;
        await aloneUnit(item.unit).then(item.resolve, item.reject);
        return;
      }
      type Result = { ok: true; value: unknown } | { ok: false; error: unknown };
      let results: Result[];
      try {
        results = await db.transaction(async (tx) => {
          const done: Result[] = [];
          await tx.query(`SET LOCAL lock_timeout = '${unitLockWaitMs}ms'`);
          for (const [index, item] of items.entries()) {
            const savepoint = `sabai_unit_${index}`;
            await tx.query(`SAVEPOINT ${savepoint}`);
            try {
              const value = await item.unit(tx);
              await tx.query(`RELEASE SAVEPOINT ${savepoint}`);
              done.push({ ok: true, value });
            } catch (error) {
              // Only this unit's work is undone; the transaction goes on for the others.
              await tx.query(`ROLLBACK TO SAVEPOINT ${savepoint}`);
              done.push({ ok: false, error });
            }
          }
          return done;
        });
      } catch {
        // BEGIN, a savepoint command or COMMIT failed: perhaps committed, perhaps not. Units are
        // safe to repeat (idempotency keys, claimed rows), so each runs again alone.
        for (const item of items) settle(item, () => aloneUnit(item.unit));
        return;
      }
      for (const [index, result] of results.entries()) {
        const item = items[index]!;
        if (result.ok) item.resolve(result.value);
        else if (isRetryable(result.error) || postgresErrorCode(result.error) === LOCK_NOT_AVAILABLE) settle(item, () => aloneUnit(item.unit));
        else item.reject(result.error);
      }
    },
  };

  function flush<Item>(lane: Lane<Item>): void {
    if (lane.timer) {
      clearTimeout(lane.timer);
      lane.timer = undefined;
    }
    while (lane.queue.length > 0) {
      // Every waiting item gets a place of its own while there are enough: at 4 clients, 4 lone
      // postings on 4 connections use both cores and overlap their WAL flushes, where one shared
      // batch kept one backend busy and the other core idle (bench/README.md, docs/adr/0035).
      // Past that, spread what waits over the free places, never below minSpread per batch (each
      // batch costs a commit) nor above maxBatch.
      const room = Math.max(1, lane.maxInFlight - lane.inFlight);
      const size = lane.queue.length <= room ? Math.min(lane.whenRoom, lane.queue.length) : Math.min(lane.maxBatch, Math.max(lane.minSpread, Math.ceil(lane.queue.length / room)));
      const items = lane.queue.splice(0, size);
      lane.inFlight += 1;
      stats.batches += 1;
      stats.items += items.length;
      const batch = lane
        .send(items)
        .catch((error: unknown) => {
          // An assertion in reading the answer: every item still waiting learns it.
          lane.fail(items, error);
        })
        .finally(() => {
          lane.inFlight -= 1;
          running.delete(batch);
          // Postings that waited for this batch leave now; setImmediate lets the callers just
          // answered queue their next posting first, so it rides along.
          if (lane.queue.length > 0) setImmediate(() => schedule(lane));
        });
      running.add(batch);
      if (lane.queue.length < lane.maxBatch && lane.inFlight >= lane.maxInFlight) break;
    }
    if (lane.queue.length > 0) arm(lane);
  }

  function arm<Item>(lane: Lane<Item>): void {
    lane.timer ??= setTimeout(() => {
      lane.timer = undefined;
      flush(lane);
    }, windowMs);
  }

  function schedule<Item>(lane: Lane<Item>): void {
    if (lane.queue.length === 0) return;
    if (lane.queue.length >= lane.maxBatch || closed) flush(lane);
    else if (lane.inFlight < lane.maxInFlight) {
      // The database has room: go at the end of this turn, with whatever else is posted in it.
      if (lane.isFlushQueued) return;
      lane.isFlushQueued = true;
      queueMicrotask(() => {
        lane.isFlushQueued = false;
        if (lane.queue.length > 0) flush(lane);
      });
    } else arm(lane);
  }

  function enqueue<Item>(lane: Lane<Item>, item: Item): void {
    if (closed) throw new Error('posting batcher is closed');
    lane.queue.push(item);
    schedule(lane);
  }

  const postCall = (call: TransferCall): Promise<TransferOutcome> => {
    if (!enabled) return inLedgerTransaction(db, (tx) => callCreateTransfer(tx, call), retry);
    return new Promise((resolve, reject) => enqueue(transfers, { call, resolve, reject }));
  };

  return {
    stats,
    post: async (transfer) => postCall(newTransferCall('single', transfer)),
    reserve: async (transfer) => postCall(newTransferCall('pending', transfer)),
    resolve: async (input) => postCall(resolutionCall(input)),
    run<T>(unit: (tx: Queryable) => Promise<T>): Promise<T> {
      if (!enabled) return inLedgerTransaction(db, unit, retry);
      return new Promise<T>((resolve, reject) => enqueue(units, { unit, resolve: (value: unknown) => resolve(value as T), reject }));
    },
    async close() {
      closed = true;
      // A full lane keeps part of its queue back until a batch returns: send and wait until no
      // item is queued and none is at the database.
      while (transfers.queue.length > 0 || units.queue.length > 0 || running.size > 0) {
        flush(transfers);
        flush(units);
        if (running.size > 0) await Promise.race([...running]);
      }
    },
  };
}

/** Deadlock, serialization failure, a concurrent twin's key: the single path's retry handles them. */
function isRetryable(error: unknown): boolean {
  const code = postgresErrorCode(error);
  return code === '40P01' || code === '40001' || code === '23505';
}

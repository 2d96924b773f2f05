import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import { DISPATCH_BATCH_SIZE, dispatchOutboxEvents, OUTBOX_CHANNEL, runOutboxDelivery } from '../modules/outbox/index.ts';
import { pgBossDb } from './pg-boss-db.ts';
import { handlersFor, OUTBOX_HANDLERS, readDispatchFacts } from './outbox-handlers.ts';
import { PERIODIC_JOBS, periodStartOf, runPeriodOnce, singletonSecondsFor } from './periodic-jobs.ts';

/** Retry policy of outbox deliveries: 8 retries, 2 s doubling (≈ 2 s … 4 min), then a dead letter. */
export const OUTBOX_RETRY = { retryLimit: 8, retryDelay: 2, retryBackoff: true } as const;
/** Fallback poll of the outbox when a notification was missed (a reconnect): at most this old. */
const RELAY_POLL_MS = 1_000;
/**
 * How often an idle handler asks for jobs. A relay in this process wakes its local workers at once
 * (`notifyWorker`), so polling only matters for jobs another process relayed.
 */
const OUTBOX_POLL_SECONDS = 1;
/** Periodic jobs are offered every half period; their workers need not ask more often. */
const PERIODIC_POLL_SECONDS = 2;
/**
 * Parallel jobs of an outbox handler in one process: its definition's `workers`, else 2 (PGlite
 * has one connection: one is enough there). All handlers' jobs, the relay and pg-boss share the
 * process's pool (10 connections): a job holds one only while it runs a statement or its
 * transaction, and waits for one otherwise (up to the pool's connection timeout, then it fails and
 * is retried). Most queues are idle most of the time.
 */
const workersPerHandler = (context: AppContext, workers: number | undefined) => (context.db.driver === 'pglite' ? 1 : (workers ?? 2));

export interface RunningWorker {
  boss: PgBoss;
  /** Relays waiting outbox events now (also runs on every notification and every second). */
  relayNow(): Promise<number>;
  stop(): Promise<void>;
}

const outboxQueue = (handler: string) => `outbox.${handler}`;
const periodicQueue = (job: string) => `periodic.${job}`;

/**
 * The worker (issue 10 §3, docs/adr/0017): pg-boss 10 on the app's database. It
 * - relays outbox events to one queue per handler (`outbox.<handler>`) in the relay's transaction,
 *   woken by the outbox notification (a fallback poll every second);
 * - runs each handler's jobs (idempotent by event id; retried with backoff, then a dead letter
 *   visible to staff);
 * - sends each periodic job (worker/periodic-jobs.ts) once per period slot and runs it, once
 *   per period across every worker process.
 * Any number of worker processes may run against one database. `stop` finishes jobs in flight.
 * `options.outboxPollSeconds`: how often an idle outbox worker asks for jobs (tests; default 1 s).
 */
export async function startWorker(context: AppContext, log: FastifyBaseLogger, options: { outboxPollSeconds?: number } = {}): Promise<RunningWorker> {
  // pg-boss completes or fails a job without awaiting it (10.4: `this.complete(…)` in its fetch
  // loop), and a graceful stop gives up on a handler after its timeout: both may reach the database
  // after `boss.stop()` returned. `stop` below waits for both, so no query outlives the worker.
  const inFlight = new InFlight();
  let stopped = false;
  const bossDb = pgBossDb(context.db);
  const trackedBossDb: PgBoss.Db = { executeSql: (text, values) => inFlight.track(bossDb.executeSql(text, values)) };
  const boss = await startBossRetrying(() => {
    const created = new PgBoss({
      db: trackedBossDb,
      schema: 'pgboss',
      // Maintenance (expiry of jobs whose worker died, archive) in one process at a time.
      maintenanceIntervalSeconds: context.config.JOB_MAINTENANCE_INTERVAL_SECONDS,
    });
    created.on('error', (error: unknown) => log.error({ err: error }, 'job queue error'));
    return created;
  });

  for (const handler of Object.keys(OUTBOX_HANDLERS)) {
    await createQueueRetrying(boss, outboxQueue(handler), { policy: 'standard', ...OUTBOX_RETRY, expireInSeconds: context.config.OUTBOX_JOB_EXPIRE_SECONDS });
  }
  for (const job of PERIODIC_JOBS) {
    await createQueueRetrying(boss, periodicQueue(job.name), { policy: 'short', retryLimit: 0, expireInSeconds: 15 * 60 });
  }

  const localWorkerIds = new Map<string, string[]>();
  for (const [handlerName, definition] of Object.entries(OUTBOX_HANDLERS)) {
    const handler = definition.build(context);
    const deliver = async (job: PgBoss.JobWithMetadata<{ eventId: string }>): Promise<void> => {
      try {
        await runOutboxDelivery(context.db, { eventId: BigInt(job.data.eventId), handlerName, handler, isLastAttempt: job.retryCount >= job.retryLimit });
      } catch (error) {
        log.warn({ err: error, handler: handlerName, eventId: job.data.eventId, attempt: job.retryCount + 1 }, 'outbox handler failed');
        throw error;
      }
    };
    const ids: string[] = [];
    for (let index = 0; index < workersPerHandler(context, definition.workers); index += 1) {
      const self: { workerId?: string } = {};
      self.workerId = await boss.work<{ eventId: string }>(
        outboxQueue(handlerName),
        { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: options.outboxPollSeconds ?? OUTBOX_POLL_SECONDS },
        async ([job]) => {
          if (!job) return;
          try {
            await inFlight.track(deliver(job));
          } finally {
            // pg-boss 10 waits a polling interval after every fetch unless notified, even one that
            // found a job: a backlog (more events than the relay's wake-ups) would drain at one
            // job per worker per interval. Asking again at once until a fetch finds nothing
            // drains it at the handlers' pace (docs/adr/0067).
            if (self.workerId && !stopped) boss.notifyWorker(self.workerId);
          }
        },
      );
      ids.push(self.workerId);
    }
    localWorkerIds.set(outboxQueue(handlerName), ids);
  }

  for (const job of PERIODIC_JOBS) {
    await boss.work<{ periodStart: string }>(periodicQueue(job.name), { batchSize: 1, pollingIntervalSeconds: PERIODIC_POLL_SECONDS }, async ([queued]) => {
      if (!queued) return;
      const outcome = await inFlight.track(runPeriodOnce(context, job, new Date(queued.data.periodStart)));
      if (outcome.status === 'failed') log.warn({ err: outcome.error, job: job.name }, 'periodic job failed; the next period runs again');
      if (outcome.status === 'ok') reportPeriodic(log, job.name, outcome.detail);
    });
  }

  let relaying: Promise<number> | undefined;
  let again = false;
  const relayOnce = async (): Promise<number> => {
    let total = 0;
    const woken = new Set<string>();
    for (;;) {
      const count = await dispatchOutboxEvents(context.db, {
        handlersFor: (event, facts) => handlersFor(event, context.config, facts),
        readFacts: readDispatchFacts,
        enqueue: async (tx, deliveries) => {
          // One statement for the relay's batch (pg-boss `insert`), in the relay's transaction.
          await boss.insert(
            deliveries.map(({ event, handler }) => ({
              name: outboxQueue(handler),
              data: { eventId: event.id.toString() },
              ...OUTBOX_RETRY,
              expireInSeconds: context.config.OUTBOX_JOB_EXPIRE_SECONDS,
            })),
            { db: pgBossDb(tx) },
          );
          for (const { handler } of deliveries) woken.add(outboxQueue(handler));
        },
      });
      total += count;
      // A short batch took every event waiting at its claim: no empty round to confirm it (three
      // statements per wake-up, docs/adr/0067). An event committed since has notified (`again`),
      // one held by another relay is that relay's, and the poll below catches anything missed.
      if (count < DISPATCH_BATCH_SIZE) break;
    }
    for (const queue of woken) for (const id of localWorkerIds.get(queue) ?? []) boss.notifyWorker(id);
    return total;
  };
  const relayNow = (): Promise<number> => {
    if (stopped) return Promise.resolve(0);
    if (relaying) {
      again = true;
      return relaying;
    }
    relaying = relayOnce()
      .catch((error: unknown) => {
        log.error({ err: error }, 'outbox relay failed; retried on the next notification or poll');
        return 0;
      })
      .finally(() => {
        relaying = undefined;
        if (again && !stopped) {
          again = false;
          void relayNow();
        }
      });
    return relaying;
  };
  const unlisten = await context.db.listen(OUTBOX_CHANNEL, () => void relayNow());
  const relayTimer = setInterval(() => void relayNow(), RELAY_POLL_MS);
  relayTimer.unref();

  // Each process offers every job's current period; pg-boss keeps one queued job per period key
  // and periodic_job_runs lets one run through.
  const tickMs = Math.max(500, Math.min(...PERIODIC_JOBS.map((job) => job.periodMs(context))) / 2);
  const offerPeriods = async () => {
    // One job's refusal never keeps the others from being offered.
    for (const job of PERIODIC_JOBS) {
      const periodMs = job.periodMs(context);
      const periodStart = periodStartOf(context.now(), periodMs).toISOString();
      await boss
        .send(periodicQueue(job.name), { periodStart }, { singletonKey: `${job.name}:${periodStart}`, singletonSeconds: singletonSecondsFor(periodMs) })
        .catch((error: unknown) => log.warn({ err: error, job: job.name }, 'periodic job could not be offered; next tick retries'));
    }
  };
  const offer = () => {
    if (!stopped) void offerPeriods();
  };
  const periodTimer = setInterval(offer, tickMs);
  periodTimer.unref();
  offer();
  void relayNow();

  return {
    boss,
    relayNow,
    async stop() {
      stopped = true;
      clearInterval(relayTimer);
      clearInterval(periodTimer);
      await unlisten();
      await relaying;
      await boss.stop({ graceful: true, wait: true, timeout: STOP_GRACE_MS });
      // A handler past the grace period still finishes (its job was failed by pg-boss and is
      // retried; every handler is idempotent), and pg-boss's unawaited completions land.
      await inFlight.settled();
    },
  };
}

/** How long a graceful stop lets running jobs finish before pg-boss fails them (they are retried). */
const STOP_GRACE_MS = 10_000;

/** Promises still running (handlers and pg-boss's queries), so a stop can wait for the last one. */
class InFlight {
  private readonly running = new Set<Promise<unknown>>();
  track<T>(promise: Promise<T>): Promise<T> {
    this.running.add(promise);
    const forget = () => this.running.delete(promise);
    promise.then(forget, forget);
    return promise;
  }
  /** Resolves once nothing tracked runs, including what settling one started (a completion query). */
  async settled(): Promise<void> {
    for (;;) {
      await new Promise((resolve) => setImmediate(resolve));
      if (this.running.size === 0) return;
      await Promise.allSettled([...this.running]);
    }
  }
}

/** Deadlock, serialization, or another worker created the object first (unique / duplicate table / object / schema). */
const CREATION_RACE_CODES = ['40P01', '40001', '23505', '42P07', '42710', '42P06'];

/**
 * Starts pg-boss, tried again (with a new instance: a failed `start` cannot be repeated) when
 * several workers install its schema on a new database at once. pg-boss serializes the install
 * with an advisory lock, but PostgreSQL does not refresh the catalog snapshot on taking an
 * advisory lock, so the second `CREATE SCHEMA IF NOT EXISTS` can still fail with a duplicate key
 * on pg_namespace (23505; seen in start-worker.test.ts under load). The retry finds it installed.
 * At most 5 attempts, `backoffMs` × attempt (+ jitter) apart; any other error is thrown at once.
 */
export async function startBossRetrying<Boss extends { start(): Promise<unknown> }>(create: () => Boss, options: { backoffMs?: number } = {}): Promise<Boss> {
  for (let attempt = 1; ; attempt += 1) {
    const boss = create();
    try {
      await boss.start();
      return boss;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (!CREATION_RACE_CODES.includes(String(code)) || attempt >= 5) throw error;
      // The failed instance stopped inside its schema install, before its manager or timers started:
      // nothing of it runs, so it is simply dropped.
      const backoffMs = options.backoffMs ?? 50;
      await new Promise((resolve) => setTimeout(resolve, backoffMs * attempt + Math.random() * 2 * backoffMs));
    }
  }
}

/**
 * pg-boss's `createQueue` of two workers starting at once on a new database can deadlock in
 * PostgreSQL (40P01: found by the scale test); creating a queue is idempotent, so it is tried again.
 */
async function createQueueRetrying(boss: PgBoss, name: string, options: Omit<PgBoss.Queue, 'name'>): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await boss.createQueue(name, { name, ...options });
      return;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (!CREATION_RACE_CODES.includes(String(code)) || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
    }
  }
}

function reportPeriodic(log: FastifyBaseLogger, jobName: string, detail: Record<string, unknown>): void {
  if (jobName === 'game-difference-watch' && Number(detail.gameDifferences) > 0) {
    log.warn({ ...detail }, 'game wallets differ from the partner in ways nothing explains: see the open game cases');
    return;
  }
  if (jobName === 'feed-silence-alarm' && Array.isArray(detail.silentSources) && detail.silentSources.length > 0) {
    log.warn({ ...detail }, 'bank feed source silent during its active hours: deposits may not be arriving (GET /admin-api/v1/feed-sources/health)');
    return;
  }
  const settled = Object.values(detail).some((value) => typeof value === 'number' && value > 0);
  if (settled && jobName !== 'job-run-pruning') log.info({ job: jobName, ...detail }, 'periodic job settled work');
}

import { BlockList, isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { WITHDRAWAL_STATES as CONTRACT_WITHDRAWAL_STATES } from '@sabai/contracts';
import type { AppContext } from '../context.ts';
import { PERIODIC_JOBS } from '../worker/periodic-jobs.ts';
import { sendError } from './error-handler.ts';
import { readMoneyFigures, readQueueFigures, type MoneyFigures, type QueueFigures } from './metrics-readings.ts';

/**
 * `GET /metrics` in Prometheus' text format (issue 24 §3, docs/adr/0037,
 * docs/operations/monitoring.md), for loopback and the addresses of `METRICS_ALLOW` only (anyone
 * else: 403 FORBIDDEN, before anything is read).
 *
 * - Per process: request durations by route pattern, method and status code (never the raw URL),
 *   the database pool's use, Node's own figures (memory, event loop, GC).
 * - From the database at scrape time, the same on every process: deposits and withdrawals by state
 *   (count and satang), outbox events waiting and deliveries not done, each periodic job's last
 *   success, the last `ledger:reconcile` run, each active feed source's last message and alarm.
 *
 * One `Registry` per app (tests build many). Names are `sabai_*`; units in the name (seconds,
 * satang). Concurrent scrapes of one process share one database read.
 */

/** States always reported (0 when no row is in them), so a rule's `delta()` starts from a value. */
export const DEPOSIT_STATES = ['credited', 'held', 'refunding', 'refunded'] as const;
/** Every state of a withdrawal (contracts' list: with manual payouts, awaiting_payout and paid_unconfirmed too, docs/adr/0039). */
export const WITHDRAWAL_STATES = CONTRACT_WITHDRAWAL_STATES;
export const OUTBOX_DELIVERY_STATES = ['queued', 'retrying', 'dead'] as const;

/** Seconds; from 5 ms (a cached read) to 10 s (past REQUEST_TIMEOUT_MS's default 15 s is +Inf). */
const REQUEST_DURATION_BUCKETS_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** The route label of a request no route matched (404s): one series, whatever URL was asked. */
const UNMATCHED_ROUTE = 'unmatched';

/** Loopback always reads /metrics: a Prometheus (or an operator's curl) on the same host. */
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** `::ffff:192.0.2.1` (an IPv4 client of a dual-stack listener) is the IPv4 address it carries. */
function plainAddress(address: string): { address: string; family: 'ipv4' | 'ipv6' } | null {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const plain = mapped ?? address;
  const family = isIP(plain);
  if (family === 0) return null;
  return { address: plain, family: family === 4 ? 'ipv4' : 'ipv6' };
}

/** The allow list of `METRICS_ALLOW` entries (addresses and CIDRs, validated by config.ts). */
export function metricsAllowList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address) === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return list;
}

/**
 * True when `address` (the request's client address: the socket's, or the one the trusted
 * proxies of TRUST_PROXY name) is loopback or in `allowed`.
 */
export function mayReadMetrics(address: string, allowed: BlockList): boolean {
  const plain = plainAddress(address);
  if (plain === null) return false;
  return LOOPBACK.check(plain.address, plain.family) || allowed.check(plain.address, plain.family);
}

const toSeconds = (at: Date | null) => (at === null ? 0 : at.getTime() / 1_000);

function createMetrics(registry: Registry) {
  const gauge = (name: string, help: string, labelNames: string[] = []) => new Gauge({ name, help, labelNames, registers: [registry] });
  return {
    requestDuration: new Histogram({
      name: 'sabai_http_request_duration_seconds',
      help: 'HTTP request duration in seconds, by route pattern, method and status code (this process).',
      labelNames: ['route', 'method', 'status_code'],
      buckets: REQUEST_DURATION_BUCKETS_SECONDS,
      registers: [registry],
    }),
    poolConnections: gauge('sabai_db_pool_connections', 'Database pool connections of this process, by state (in_use, idle).', ['state']),
    poolMaxConnections: gauge('sabai_db_pool_max_connections', 'The most connections the database pool of this process may open.'),
    poolWaiting: gauge('sabai_db_pool_waiting_requests', 'Queries of this process waiting for a free pool connection.'),
    readSuccess: gauge('sabai_metrics_database_read_success', 'Per part (money, queues): 1 when this scrape read its database figures, 0 when the read failed (they are then left out).', ['part']),
    readDuration: gauge('sabai_metrics_database_read_duration_seconds', 'Per part (money, queues): how long this scrape took to read its database figures.', ['part']),
    deposits: gauge('sabai_deposits', 'Deposits now in each state (credited, held, refunding, refunded): rows.', ['status']),
    depositsSatang: gauge('sabai_deposits_satang', 'Deposits now in each state: amounts added up, in satang.', ['status']),
    withdrawals: gauge('sabai_withdrawals', 'Withdrawals now in each state (pending_approval, approved, paying, awaiting_payout, paid_unconfirmed, paid, failed, rejected): rows.', ['status']),
    withdrawalsSatang: gauge('sabai_withdrawals_satang', 'Withdrawals now in each state: amounts added up, in satang.', ['status']),
    outboxUndispatched: gauge('sabai_outbox_events_pending', 'Outbox events recorded and not yet relayed to their handlers.'),
    outboxDeliveries: gauge('sabai_outbox_deliveries', 'Outbox deliveries not done, by state (queued, retrying, dead).', ['status']),
    jobLastSuccess: gauge('sabai_periodic_job_last_success_timestamp_seconds', 'When each periodic job last finished a run successfully (Unix seconds; 0 = never).', ['job']),
    jobPeriod: gauge('sabai_periodic_job_period_seconds', 'The period of each periodic job, in seconds.', ['job']),
    reconcileLastRun: gauge('sabai_reconcile_last_run_timestamp_seconds', 'When the last `ledger:reconcile` run finished (Unix seconds; 0 = never).'),
    reconcileLastSound: gauge('sabai_reconcile_last_run_sound', '1 when the last `ledger:reconcile` run found no violation, 0 when it found some (absent: never run).'),
    reconcileViolations: gauge('sabai_reconcile_last_run_violations', 'Violations found by the last `ledger:reconcile` run.'),
    reconcileLastSoundAt: gauge('sabai_reconcile_last_sound_run_timestamp_seconds', 'When a `ledger:reconcile` run last found no violation (Unix seconds; 0 = never).'),
    feedLastEvent: gauge('sabai_feed_source_last_message_timestamp_seconds', 'When each active bank-feed source last delivered a message (Unix seconds; 0 = never).', ['source', 'kind']),
    feedLastHeartbeat: gauge('sabai_feed_source_last_heartbeat_timestamp_seconds', 'When each active bank-feed source last sent a heartbeat (Unix seconds; 0 = never).', ['source', 'kind']),
    feedSilenceAlarm: gauge('sabai_feed_source_silence_alarm', '1 while an active bank-feed source is silent past its limit inside its active hours (docs/adr/0013).', ['source', 'kind']),
  };
}
type Metrics = ReturnType<typeof createMetrics>;

/** The series of each database read: reset before each scrape sets them, so a state or source that went away leaves no stale series, and a failed read leaves its series out. */
const moneySeries = (metrics: Metrics) => [metrics.deposits, metrics.depositsSatang, metrics.withdrawals, metrics.withdrawalsSatang];
const queueSeries = (metrics: Metrics) => [
  metrics.outboxUndispatched,
  metrics.outboxDeliveries,
  metrics.jobLastSuccess,
  metrics.jobPeriod,
  metrics.reconcileLastRun,
  metrics.reconcileLastSound,
  metrics.reconcileViolations,
  metrics.reconcileLastSoundAt,
  metrics.feedLastEvent,
  metrics.feedLastHeartbeat,
  metrics.feedSilenceAlarm,
];

function setMoneyFigures(metrics: Metrics, figures: MoneyFigures): void {
  // Satang as a float64 sample: exact up to 2^53 satang (90 trillion baht).
  for (const status of DEPOSIT_STATES) {
    const state = figures.deposits.get(status);
    metrics.deposits.set({ status }, state?.count ?? 0);
    metrics.depositsSatang.set({ status }, Number(state?.amountSatang ?? 0n));
  }
  for (const status of WITHDRAWAL_STATES) {
    const state = figures.withdrawals.get(status);
    metrics.withdrawals.set({ status }, state?.count ?? 0);
    metrics.withdrawalsSatang.set({ status }, Number(state?.amountSatang ?? 0n));
  }
}

function setQueueFigures(metrics: Metrics, figures: QueueFigures, context: AppContext): void {
  metrics.outboxUndispatched.set(figures.outboxUndispatched);
  for (const status of OUTBOX_DELIVERY_STATES) metrics.outboxDeliveries.set({ status }, figures.outboxDeliveries.get(status) ?? 0);
  for (const job of PERIODIC_JOBS) {
    metrics.jobLastSuccess.set({ job: job.name }, toSeconds(figures.jobLastSuccessAt.get(job.name) ?? null));
    metrics.jobPeriod.set({ job: job.name }, job.periodMs(context) / 1_000);
  }
  const { reconcile } = figures;
  metrics.reconcileLastRun.set(toSeconds(reconcile.lastRunAt));
  metrics.reconcileLastSoundAt.set(toSeconds(reconcile.lastSoundAt));
  if (reconcile.isLastRunSound !== null) metrics.reconcileLastSound.set(reconcile.isLastRunSound ? 1 : 0);
  if (reconcile.lastRunViolations !== null) metrics.reconcileViolations.set(reconcile.lastRunViolations);
  for (const source of figures.feedSources) {
    const labels = { source: source.sourceId, kind: source.kind };
    metrics.feedLastEvent.set(labels, toSeconds(source.lastEventAt));
    metrics.feedLastHeartbeat.set(labels, toSeconds(source.lastHeartbeatAt));
    metrics.feedSilenceAlarm.set(labels, source.isSilenceAlarm ? 1 : 0);
  }
}

function setPoolUse(metrics: Metrics, context: AppContext): void {
  const use = context.db.poolUse();
  // PGlite: one connection, no queue; reported as one connection in use so the series exist.
  const { totalConnections, idleConnections, maxConnections, waitingRequests } = use ?? { totalConnections: 1, idleConnections: 0, maxConnections: 1, waitingRequests: 0 };
  metrics.poolConnections.set({ state: 'in_use' }, totalConnections - idleConnections);
  metrics.poolConnections.set({ state: 'idle' }, idleConnections);
  metrics.poolMaxConnections.set(maxConnections);
  metrics.poolWaiting.set(waitingRequests);
}

/**
 * Registers the request histogram (every route, this one included) and `GET /metrics`.
 * Outside the member API guard (not a member path) and the OpenAPI document.
 */
export function registerMetrics(app: FastifyInstance, context: AppContext): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const metrics = createMetrics(registry);
  const allowed = metricsAllowList(context.config.METRICS_ALLOW);

  app.addHook('onResponse', async (request, reply) => {
    metrics.requestDuration.observe(
      { route: request.routeOptions.url ?? UNMATCHED_ROUTE, method: request.method, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1_000,
    );
  });

  /** One database read of one part: its series reset, then set from what was read, or left out. */
  const readPart = async <Figures>(part: 'money' | 'queues', series: Array<{ reset(): void }>, read: () => Promise<Figures>, set: (figures: Figures) => void) => {
    const startedAt = performance.now();
    for (const metric of series) metric.reset();
    try {
      set(await read());
      metrics.readSuccess.set({ part }, 1);
    } catch (error) {
      app.log.warn({ err: error, part }, 'metrics: database figures could not be read');
      for (const metric of series) metric.reset();
      metrics.readSuccess.set({ part }, 0);
    }
    metrics.readDuration.set({ part }, (performance.now() - startedAt) / 1_000);
  };
  let reading: Promise<unknown> | null = null;
  const readFigures = () =>
    Promise.all([
      readPart('money', moneySeries(metrics), () => readMoneyFigures(context.db), (figures) => setMoneyFigures(metrics, figures)),
      readPart('queues', queueSeries(metrics), () => readQueueFigures(context.db, PERIODIC_JOBS.map((job) => job.name)), (figures) => setQueueFigures(metrics, figures, context)),
    ]);

  const refuseOthers = async (request: FastifyRequest, reply: Parameters<typeof sendError>[0]) => {
    if (!mayReadMetrics(request.ip, allowed)) return sendError(reply, 'FORBIDDEN');
  };
  app.get('/metrics', { schema: { hide: true }, onRequest: refuseOthers }, async (_request, reply) => {
    // Scrapes that arrive together share one read of the database.
    reading ??= readFigures().finally(() => {
      reading = null;
    });
    await reading;
    setPoolUse(metrics, context);
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}

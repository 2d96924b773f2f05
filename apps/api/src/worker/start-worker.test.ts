import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { expectLedgerSound, postFeed, staffCall, statementFrom } from '../test/money-helpers.ts';
import { inLedgerTransaction } from '@sabai/ledger';
import { recordOutboxEvent } from '../modules/outbox/index.ts';
import { OUTBOX_RETRY, startWorker, type RunningWorker } from './start-worker.ts';
import { PERIODIC_JOBS } from './periodic-jobs.ts';

/**
 * The pg-boss worker on the test database (PGlite, or PostgreSQL when DATABASE_URL is set):
 * outbox events recorded by money transactions are relayed and handled through the job queue,
 * a failing handler is retried and then kept as a dead letter with its reason, and periodic jobs
 * run once per period however many workers run.
 */
const silent = pino({ level: 'silent' });
let t: TestApp;
const running: RunningWorker[] = [];

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value ${JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? v.toString() : v))}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  // The test app runs follow-ups inline before each response; here the outbox is left to the
  // worker instead (the events are recorded by direct calls, not through the test app).
  // A generous provider timeout: two workers polling share this process (and PGlite's one connection).
  t = await createTestApp({ env: { RECOVERY_INTERVAL_MS: '1000', PROVIDER_TIMEOUT_MS: '10000' } });
  running.push(await startWorker(t.context, silent));
}, 60_000);
afterAll(async () => {
  await Promise.all(running.map((worker) => worker.stop()));
  await expectLedgerSound(t);
  await t.close();
}, 60_000);

describe('the worker', () => {
  it('hands a credited deposit to its one follow-up through the job queue: bonus decision and wheel credit, then the move into the game (docs/adr/0075)', async () => {
    // Recorded directly (not through a call of the test app, whose responses run follow-ups
    // inline), so only the worker can take it.
    const member = await t.signUp();
    const { rows } = await t.db.query<{ id: string }>('SELECT id FROM members WHERE phone_number = $1', [member.phoneNumber]);
    const memberId = rows[0]!.id;
    const depositId = `dep_${'w'.repeat(20)}`;
    await inLedgerTransaction(t.db, async (tx) => {
      await recordOutboxEvent(tx, {
        kind: 'deposit.credited',
        eventKey: `deposit.credited:${depositId}`,
        memberId,
        payload: { memberId, depositId, amountSatang: '0', balanceBeforeSatang: '0', turnoverNowSatang: '0', creditedAt: new Date().toISOString() },
      });
    });
    const deliveries = await waitFor(
      () => t.db.query<{ handler: string; status: string }>(
        `SELECT d.handler, d.status FROM outbox_deliveries d JOIN outbox_events e ON e.id = d.event_id
         WHERE e.event_key IN ($1, $2) ORDER BY d.handler`,
        [`deposit.credited:${depositId}`, `bonus.decided:${depositId}`],
      ),
      (result) => result.rows.length === 1 && result.rows.every((row) => row.status === 'done'),
    );
    // No line-deposit-credited: this member has no LINE link, so the relay queues no LINE message
    // (docs/adr/0067); no bonus.decided event and no delivery of the retired handlers (docs/adr/0075).
    expect(deliveries.rows.map((row) => row.handler)).toEqual(['deposit-follow-up']);
    const staged = await t.db.query<{ is_staged: boolean }>(
      `SELECT d.staged_at IS NOT NULL AS is_staged FROM outbox_deliveries d JOIN outbox_events e ON e.id = d.event_id WHERE e.event_key = $1`,
      [`deposit.credited:${depositId}`],
    );
    expect(staged.rows).toEqual([{ is_staged: true }]);
  });

  it('still runs the retired handlers\' jobs queued before docs/adr/0075: grant-bonus, earn-wheel-credit, then continue-into-game of their bonus.decided', async () => {
    const member = await t.signUp();
    const { rows } = await t.db.query<{ id: string }>('SELECT id FROM members WHERE phone_number = $1', [member.phoneNumber]);
    const memberId = rows[0]!.id;
    const depositId = `dep_${'r'.repeat(20)}`;
    // As an older release left it: the event relayed, its two deliveries queued with their jobs.
    const eventId = await inLedgerTransaction(t.db, async (tx) => {
      await recordOutboxEvent(tx, {
        kind: 'deposit.credited',
        eventKey: `deposit.credited:${depositId}`,
        memberId,
        payload: { memberId, depositId, amountSatang: '0', balanceBeforeSatang: '0', turnoverNowSatang: '0', creditedAt: new Date().toISOString() },
      });
      const { rows: [event] } = await tx.query<{ id: bigint }>('UPDATE outbox_events SET dispatched_at = now() WHERE event_key = $1 RETURNING id', [`deposit.credited:${depositId}`]);
      await tx.query(`INSERT INTO outbox_deliveries (event_id, handler, status) VALUES ($1, 'grant-bonus', 'queued'), ($1, 'earn-wheel-credit', 'queued')`, [event!.id]);
      return event!.id;
    });
    for (const handler of ['grant-bonus', 'earn-wheel-credit']) await running[0]!.boss.send(`outbox.${handler}`, { eventId: eventId.toString() }, OUTBOX_RETRY);
    const deliveries = await waitFor(
      () => t.db.query<{ handler: string; status: string }>(
        `SELECT d.handler, d.status FROM outbox_deliveries d JOIN outbox_events e ON e.id = d.event_id
         WHERE e.event_key IN ($1, $2) ORDER BY d.handler`,
        [`deposit.credited:${depositId}`, `bonus.decided:${depositId}`],
      ),
      (result) => result.rows.length === 3 && result.rows.every((row) => row.status === 'done'),
    );
    expect(deliveries.rows.map((row) => row.handler)).toEqual(['continue-into-game', 'earn-wheel-credit', 'grant-bonus']);
  });

  it('runs a real deposit\'s follow-ups exactly once while two workers and the inline runner all relay at the same time', async () => {
    running.push(await startWorker(t.context, silent));
    const member = await t.signUp();
    const delivered = await postFeed(t, 'statement', statementFrom(member, '500.00'), { sourceId: 'src_statement_bbl' });
    expect(delivered.body.data.status).toBe('credited');
    const { rows } = await t.db.query<{ id: string }>('SELECT id FROM members WHERE phone_number = $1', [member.phoneNumber]);
    const memberId = rows[0]!.id;
    const events = await t.db.query<{ id: bigint }>(`SELECT id FROM outbox_events WHERE member_id = $1 AND kind = 'deposit.credited'`, [memberId]);
    expect(events.rows).toHaveLength(1);
    // Whoever relayed it (a worker or the inline runner of the feed call), each handler ran once.
    const deliveries = await waitFor(
      () => t.db.query<{ handler: string; status: string; attempts: number }>(
        `SELECT handler, status, attempts FROM outbox_deliveries WHERE event_id = $1 ORDER BY handler`,
        [events.rows[0]!.id],
      ),
      (result) => result.rows.length === 1 && result.rows.every((row) => row.status === 'done'),
    );
    // The member has no LINE link: no LINE delivery (docs/adr/0067); one follow-up (docs/adr/0075).
    expect(deliveries.rows).toEqual([{ handler: 'deposit-follow-up', status: 'done', attempts: 1 }]);
  });

  it('retries a failing handler with backoff and keeps it as a dead letter with its reason', async () => {
    const memberId = 'mbr_dead_letter_test';
    const depositId = `dep_${'d'.repeat(20)}`;
    // A deposit for a member that does not exist: the handler fails every time.
    await inLedgerTransaction(t.db, async (tx) => {
      await recordOutboxEvent(tx, {
        kind: 'deposit.credited',
        eventKey: `deposit.credited:${depositId}`,
        memberId,
        payload: { memberId, depositId, amountSatang: '10000', balanceBeforeSatang: '0', turnoverNowSatang: '0', creditedAt: new Date().toISOString() },
      });
    });
    const retrying = await waitFor(
      () => t.db.query<{ status: string; attempts: number; last_error: string | null }>(
        `SELECT d.status, d.attempts, d.last_error FROM outbox_deliveries d JOIN outbox_events e ON e.id = d.event_id
         WHERE e.event_key = $1 AND d.handler = 'deposit-follow-up'`,
        [`deposit.credited:${depositId}`],
      ),
      (result) => (result.rows[0]?.attempts ?? 0) >= 2,
    );
    expect(retrying.rows[0]?.status).toBe('retrying');
    expect(retrying.rows[0]?.last_error).toMatch(/mbr_dead_letter_test|member|account/i);
    // Staff see it as failing; once the queue gives up it is `dead` (retry limit × backoff is
    // minutes; the transition is the runner's `isLastAttempt`, covered in run-outbox-delivery.test.ts).
    const view = await staffCall(t, 'GET', '/admin-api/v1/outbox/deliveries?status=retrying');
    expect(view.status).toBe(200);
    expect(view.body.data.deliveries.some((delivery: { eventKey: string }) => delivery.eventKey === `deposit.credited:${depositId}`)).toBe(true);
  }, 60_000);

  it('runs each periodic job once per period with two workers offering it', async () => {
    const since = new Date(Date.now() - 1_000);
    const everySecond = PERIODIC_JOBS.filter((entry) => entry.periodMs(t.context) <= 1_000).map((job) => job.name);
    await waitFor(
      () => t.db.query<{ job_name: string; runs: bigint }>(`SELECT job_name, count(*) AS runs FROM periodic_job_runs WHERE period_start >= $1 AND outcome = 'ok' GROUP BY job_name`, [since]),
      (result) => everySecond.every((name) => Number(result.rows.find((row) => row.job_name === name)?.runs ?? 0n) >= 2),
      45_000,
    );
    // Every job, daily ones included, is offered and runs its current period (pg-boss refuses a
    // throttle window longer than its archive interval; one refusal must not stop the others).
    await waitFor(
      () => t.db.query<{ job_name: string }>('SELECT DISTINCT job_name FROM periodic_job_runs'),
      (result) => PERIODIC_JOBS.every((job) => result.rows.some((row) => row.job_name === job.name)),
      30_000,
    );
    const duplicates = await t.db.query('SELECT job_name FROM periodic_job_runs GROUP BY job_name, period_start HAVING count(*) > 1');
    expect(duplicates.rows).toEqual([]);
  }, 60_000);
});

// Several workers share a database only on PostgreSQL (PGlite is one process, one worker).
describe.skipIf(!process.env.DATABASE_URL)('workers starting together', () => {
  it('start side by side on a new database (queue creation may deadlock in PostgreSQL and is retried)', async () => {
    const fresh = await createTestApp();
    try {
      const started = await Promise.all([startWorker(fresh.context, silent), startWorker(fresh.context, silent), startWorker(fresh.context, silent)]);
      await Promise.all(started.map((worker) => worker.stop()));
    } finally {
      await fresh.close();
    }
  }, 60_000);
});

describe('a backlog of outbox jobs', () => {
  it('is worked off without waiting a poll interval per job (docs/adr/0067)', async () => {
    const fresh = await createTestApp();
    // A poll far longer than the wait below: only asking again after each job can drain the backlog.
    const worker = await startWorker(fresh.context, silent, { outboxPollSeconds: 120 });
    try {
      const member = await fresh.signUp();
      const { rows } = await fresh.db.query<{ id: string }>('SELECT id FROM members WHERE phone_number = $1', [member.phoneNumber]);
      const memberId = rows[0]!.id;
      const depositIds = Array.from({ length: 6 }, (_value, index) => `dep_backlog_${index}_${'b'.repeat(12)}`);
      // One transaction, so one relay queues all of them: a backlog of six jobs per handler.
      await inLedgerTransaction(fresh.db, async (tx) => {
        for (const depositId of depositIds) {
          await recordOutboxEvent(tx, {
            kind: 'deposit.credited',
            eventKey: `deposit.credited:${depositId}`,
            memberId,
            payload: { memberId, depositId, amountSatang: '0', balanceBeforeSatang: '0', turnoverNowSatang: '0', creditedAt: new Date().toISOString() },
          });
        }
      });
      const done = await waitFor(
        () => fresh.db.query<{ handler: string; done: bigint }>(
          `SELECT d.handler, count(*) AS done FROM outbox_deliveries d JOIN outbox_events e ON e.id = d.event_id
           WHERE e.event_key = ANY($1::text[]) AND d.status = 'done' GROUP BY d.handler ORDER BY d.handler`,
          [depositIds.map((depositId) => `deposit.credited:${depositId}`)],
        ),
        (result) => result.rows.length === 1 && result.rows.every((row) => row.done === 6n),
        45_000,
      );
      expect(done.rows).toEqual([{ handler: 'deposit-follow-up', done: 6n }]);
    } finally {
      await worker.stop();
      await fresh.close();
    }
  }, 120_000);
});

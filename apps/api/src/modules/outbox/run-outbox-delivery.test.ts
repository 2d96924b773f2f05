import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@sabai/db/testing';
import type { Db } from '@sabai/db';
import { inLedgerTransaction } from '@sabai/ledger';
import { dispatchOutboxEvents, outboxEventCtes, recordOutboxEvent, retryDeadDelivery, runOutboxDelivery, type OutboxEvent } from './index.ts';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
});
afterAll(async () => drop());

const memberId = 'mbr_outbox_test';
async function record(key: string): Promise<boolean> {
  return inLedgerTransaction(db, (tx) =>
    recordOutboxEvent(tx, { kind: 'withdrawal.paid', eventKey: key, memberId, payload: { memberId, withdrawalId: key, amountSatang: '15000' } }),
  );
}
async function relay(): Promise<Array<{ event: OutboxEvent; handler: string }>> {
  const out: Array<{ event: OutboxEvent; handler: string }> = [];
  await dispatchOutboxEvents(db, { handlersFor: () => ['note'], enqueue: async (_tx, deliveries) => void out.push(...deliveries) });
  return out;
}
async function delivery(eventId: bigint) {
  const { rows } = await db.query<{ status: string; attempts: number; last_error: string | null }>(`SELECT status, attempts, last_error FROM outbox_deliveries WHERE event_id = $1`, [eventId]);
  return rows[0];
}

describe('the outbox', () => {
  it('records an event once per key and only when its transaction commits', async () => {
    expect(await record('k-once')).toBe(true);
    expect(await record('k-once')).toBe(false);
    await expect(
      inLedgerTransaction(db, async (tx) => {
        await recordOutboxEvent(tx, { kind: 'withdrawal.paid', eventKey: 'k-rolled-back', memberId, payload: { memberId, withdrawalId: 'w', amountSatang: '1' } });
        throw new Error('the money change failed');
      }),
    ).rejects.toThrow('the money change failed');
    const { rows } = await db.query<{ event_key: string }>(`SELECT event_key FROM outbox_events WHERE event_key LIKE 'k-%'`);
    expect(rows.map((row) => row.event_key)).toEqual(['k-once']);
  });

  it('refuses a payload that does not fit its kind, writing nothing', async () => {
    await expect(
      inLedgerTransaction(db, (tx) => recordOutboxEvent(tx, { kind: 'withdrawal.paid', eventKey: 'k-bad', memberId, payload: { memberId, withdrawalId: 'w', amountSatang: '1.50' } })),
    ).rejects.toThrow();
    expect((await db.query(`SELECT 1 FROM outbox_events WHERE event_key = 'k-bad'`)).rowCount).toBe(0);
  });

  it('records a kind no handler follows already relayed, in both ways of recording, so no relay claims it (docs/adr/0071)', async () => {
    const settled = { kind: 'game-transfer.settled' as const, memberId, payload: { memberId, transferId: 'gtr_k', direction: 'in' as const, amountSatang: '100', outcome: 'posted' as const } };
    expect(await inLedgerTransaction(db, (tx) => recordOutboxEvent(tx, { ...settled, eventKey: 'k-record-only-1' }))).toBe(true);
    const parts = outboxEventCtes({ ...settled, eventKey: 'k-record-only-2' }, 1);
    const written = await db.query<{ outbox_recorded: bigint }>(`WITH ${parts.ctes} SELECT ${parts.select}`, parts.params);
    expect(BigInt(written.rows[0]!.outbox_recorded)).toBe(1n);
    const { rows } = await db.query<{ event_key: string; is_relayed: boolean }>(
      `SELECT event_key, dispatched_at = created_at AS is_relayed FROM outbox_events WHERE event_key LIKE 'k-record-only-%' ORDER BY event_key`,
    );
    expect(rows).toEqual([{ event_key: 'k-record-only-1', is_relayed: true }, { event_key: 'k-record-only-2', is_relayed: true }]);
    expect((await relay()).filter((entry) => entry.event.eventKey.startsWith('k-record-only-'))).toEqual([]);
  });

  it('relays each event to each handler once, even when relays run at the same time', async () => {
    await record('k-relay');
    const [first, second] = await Promise.all([relay(), relay()]);
    const all = [...first!, ...second!].filter((entry) => entry.event.eventKey === 'k-relay');
    expect(all).toHaveLength(1);
    expect(await relay()).toEqual([]);
  });

  it('relays a batch of events to several handlers in one enqueue, in event order, and never plans an event that has deliveries again', async () => {
    for (const key of ['k-batch-1', 'k-batch-2', 'k-batch-3']) expect(await record(key)).toBe(true);
    // One event has a live delivery already (as one sent again by staff has): it is not planned again.
    const { rows } = await db.query<{ id: bigint }>(`SELECT id FROM outbox_events WHERE event_key = 'k-batch-2'`);
    await db.query(`INSERT INTO outbox_deliveries (event_id, handler, status) VALUES ($1, 'b', 'retrying')`, [rows[0]!.id]);
    const calls: Array<Array<{ event: OutboxEvent; handler: string }>> = [];
    const dispatched = await dispatchOutboxEvents(db, { handlersFor: () => ['a', 'b'], enqueue: async (_tx, deliveries) => void calls.push([...deliveries]) });
    expect(dispatched).toBeGreaterThanOrEqual(3);
    expect(calls).toHaveLength(1);
    const batch = calls[0]!.filter((entry) => entry.event.eventKey.startsWith('k-batch-')).map((entry) => `${entry.event.eventKey}/${entry.handler}`);
    expect(batch).toEqual(['k-batch-1/a', 'k-batch-1/b', 'k-batch-3/a', 'k-batch-3/b']);
    const statuses = await db.query<{ handler: string; status: string }>(
      `SELECT d.handler, d.status FROM outbox_deliveries d JOIN outbox_events e ON e.id = d.event_id WHERE e.event_key = 'k-batch-2' ORDER BY d.handler`,
    );
    expect(statuses.rows).toEqual([{ handler: 'b', status: 'retrying' }]);
    const again: unknown[] = [];
    expect(await dispatchOutboxEvents(db, { handlersFor: () => ['a', 'b'], enqueue: async (_tx, deliveries) => void again.push(...deliveries) })).toBe(0);
    expect(again).toEqual([]);
  });

  it('sends a dead delivery again under its own handler, without planning the event anew for today’s handlers (docs/adr/0075)', async () => {
    await record('k-replanned');
    const planned: string[] = [];
    await dispatchOutboxEvents(db, { handlersFor: () => ['old-a', 'old-b'], enqueue: async (_tx, deliveries) => void planned.push(...deliveries.filter((entry) => entry.event.eventKey === 'k-replanned').map((entry) => entry.handler)) });
    expect(planned).toEqual(['old-a', 'old-b']);
    const { rows } = await db.query<{ id: bigint }>(`SELECT id FROM outbox_events WHERE event_key = 'k-replanned'`);
    const eventId = rows[0]!.id;
    await db.query(`UPDATE outbox_deliveries SET status = CASE handler WHEN 'old-a' THEN 'dead' ELSE 'done' END WHERE event_id = $1`, [eventId]);
    expect(await retryDeadDelivery(db, { eventId, handler: 'old-a' })).toBe(true);
    // Today the event would be planned for another handler: it is not, and done deliveries stay done.
    const queued: string[] = [];
    await dispatchOutboxEvents(db, { handlersFor: () => ['new-handler'], enqueue: async (_tx, deliveries) => void queued.push(...deliveries.filter((entry) => entry.event.id === eventId).map((entry) => entry.handler)) });
    expect(queued).toEqual(['old-a']);
    const statuses = await db.query<{ handler: string; status: string }>(`SELECT handler, status FROM outbox_deliveries WHERE event_id = $1 ORDER BY handler`, [eventId]);
    expect(statuses.rows).toEqual([{ handler: 'old-a', status: 'queued' }, { handler: 'old-b', status: 'done' }]);
  });

  it('reads the batch’s facts once, in the relay’s transaction, and decides each event’s deliveries from them', async () => {
    for (const key of ['k-facts-1', 'k-facts-2']) expect(await record(key)).toBe(true);
    const reads: Array<readonly string[]> = [];
    const queued: string[] = [];
    await dispatchOutboxEvents(db, {
      readFacts: async (tx, events) => {
        reads.push(events.map((event) => event.eventKey));
        // In the relay's transaction: the claimed rows are visible and still undispatched.
        const { rows } = await tx.query<{ count: bigint }>(`SELECT count(*) AS count FROM outbox_events WHERE event_key LIKE 'k-facts-%' AND dispatched_at IS NULL`);
        return { wanted: rows[0]!.count === 2n ? 'k-facts-2' : 'none' };
      },
      handlersFor: (event, facts) => (event.eventKey === facts.wanted ? ['only-this'] : []),
      enqueue: async (_tx, deliveries) => void queued.push(...deliveries.map((delivery) => `${delivery.event.eventKey}/${delivery.handler}`)),
    });
    expect(reads).toHaveLength(1);
    expect(reads[0]).toEqual(expect.arrayContaining(['k-facts-1', 'k-facts-2']));
    expect(queued).toEqual(['k-facts-2/only-this']);
    const { rows } = await db.query<{ event_key: string; deliveries: bigint }>(
      `SELECT e.event_key, (SELECT count(*) FROM outbox_deliveries d WHERE d.event_id = e.id) AS deliveries FROM outbox_events e WHERE e.event_key LIKE 'k-facts-%' AND e.dispatched_at IS NOT NULL ORDER BY e.event_key`,
    );
    expect(rows).toEqual([{ event_key: 'k-facts-1', deliveries: 0n }, { event_key: 'k-facts-2', deliveries: 1n }]);
  });

  it('runs a transactional handler exactly once: a second run of the same delivery does nothing', async () => {
    await record('k-tx');
    const [entry] = (await relay()).filter((item) => item.event.eventKey === 'k-tx');
    let runs = 0;
    const handler = { mode: 'transactional' as const, work: async () => void (runs += 1) };
    expect(await runOutboxDelivery(db, { eventId: entry!.event.id, handlerName: 'note', handler, isLastAttempt: false })).toBe('done');
    expect(await runOutboxDelivery(db, { eventId: entry!.event.id, handlerName: 'note', handler, isLastAttempt: false })).toBe('already-done');
    expect(runs).toBe(1);
    expect(await delivery(entry!.event.id)).toEqual({ status: 'done', attempts: 1, last_error: null });
  });

  it('rolls a failed transactional handler back, counts the attempt with its reason, and marks the last one dead', async () => {
    await record('k-fail');
    const [entry] = (await relay()).filter((item) => item.event.eventKey === 'k-fail');
    const eventId = entry!.event.id;
    const handler = {
      mode: 'transactional' as const,
      work: async (tx: Parameters<Parameters<Db['transaction']>[0]>[0]) => {
        await tx.query(`INSERT INTO outbox_events (event_key, kind, member_id, payload) VALUES ('k-side-effect', 'withdrawal.paid', NULL, '{}')`);
        throw new Error('partner said no');
      },
    };
    await expect(runOutboxDelivery(db, { eventId, handlerName: 'note', handler, isLastAttempt: false })).rejects.toThrow('partner said no');
    expect(await delivery(eventId)).toEqual({ status: 'retrying', attempts: 1, last_error: 'Error: partner said no' });
    await expect(runOutboxDelivery(db, { eventId, handlerName: 'note', handler, isLastAttempt: true })).rejects.toThrow();
    expect(await delivery(eventId)).toMatchObject({ status: 'dead', attempts: 2 });
    expect((await db.query(`SELECT 1 FROM outbox_events WHERE event_key = 'k-side-effect'`)).rowCount).toBe(0);

    // Staff send it again: the relay queues the dead delivery anew, and it can succeed.
    expect(await retryDeadDelivery(db, { eventId, handler: 'nothing-like-this' })).toBe(false);
    expect(await retryDeadDelivery(db, { eventId, handler: 'note' })).toBe(true);
    const again = (await relay()).filter((item) => item.event.id === eventId);
    expect(again).toHaveLength(1);
    expect((await delivery(eventId))?.status).toBe('queued');
    await runOutboxDelivery(db, { eventId, handlerName: 'note', handler: { mode: 'transactional', work: async () => undefined }, isLastAttempt: false });
    expect(await delivery(eventId)).toMatchObject({ status: 'done', attempts: 3, last_error: null });
  });

  describe('a staged handler (docs/adr/0075)', () => {
    type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
    const staged = (key: string) => ({
      commits: 0,
      thens: 0,
      failThen: 0,
      failCommit: false,
      handler() {
        return {
          mode: 'staged' as const,
          commit: async (tx: Tx) => {
            // A row written in the stage's transaction: there exactly when the stage committed.
            await tx.query(`INSERT INTO outbox_events (event_key, kind, member_id, payload, dispatched_at) VALUES ($1, 'withdrawal.paid', NULL, '{}', now())`, [`${key}-stage-${this.commits + 1}`]);
            this.commits += 1;
            if (this.failCommit) throw new Error('the decision failed');
          },
          then: async () => {
            this.thens += 1;
            if (this.failThen > 0) {
              this.failThen -= 1;
              throw new Error('partner down');
            }
          },
        };
      },
    });
    const stageRows = async (key: string) => (await db.query(`SELECT 1 FROM outbox_events WHERE event_key LIKE $1`, [`${key}-stage-%`])).rowCount;
    const stagedAt = async (eventId: bigint) =>
      (await db.query<{ is_staged: boolean }>(`SELECT staged_at IS NOT NULL AS is_staged FROM outbox_deliveries WHERE event_id = $1`, [eventId])).rows[0]?.is_staged;
    const relayed = async (key: string) => {
      await record(key);
      return (await relay()).find((item) => item.event.eventKey === key)!.event.id;
    };

    it('commits its stage once and then runs its call; a second run does nothing', async () => {
      const eventId = await relayed('k-staged');
      const state = staged('k-staged');
      expect(await runOutboxDelivery(db, { eventId, handlerName: 'note', handler: state.handler(), isLastAttempt: false })).toBe('done');
      expect(await runOutboxDelivery(db, { eventId, handlerName: 'note', handler: state.handler(), isLastAttempt: false })).toBe('already-done');
      expect([state.commits, state.thens, await stageRows('k-staged'), await stagedAt(eventId)]).toEqual([1, 1, 1, true]);
      expect(await delivery(eventId)).toEqual({ status: 'done', attempts: 1, last_error: null });
    });

    it('retries only the call after the call failed: the stage is never decided again, also when staff send the dead letter again', async () => {
      const eventId = await relayed('k-staged-then');
      const state = staged('k-staged-then');
      state.failThen = 2;
      await expect(runOutboxDelivery(db, { eventId, handlerName: 'note', handler: state.handler(), isLastAttempt: false })).rejects.toThrow('partner down');
      expect(await delivery(eventId)).toEqual({ status: 'retrying', attempts: 1, last_error: 'Error: partner down' });
      await expect(runOutboxDelivery(db, { eventId, handlerName: 'note', handler: state.handler(), isLastAttempt: true })).rejects.toThrow('partner down');
      expect(await delivery(eventId)).toMatchObject({ status: 'dead', attempts: 2 });
      expect(await retryDeadDelivery(db, { eventId, handler: 'note' })).toBe(true);
      expect((await relay()).filter((item) => item.event.id === eventId)).toHaveLength(1);
      expect(await runOutboxDelivery(db, { eventId, handlerName: 'note', handler: state.handler(), isLastAttempt: false })).toBe('done');
      expect([state.commits, state.thens, await stageRows('k-staged-then'), await stagedAt(eventId)]).toEqual([1, 3, 1, true]);
      expect(await delivery(eventId)).toEqual({ status: 'done', attempts: 3, last_error: null });
    });

    it('rolls a failed stage back with its mark, so the next run decides it anew', async () => {
      const eventId = await relayed('k-staged-commit');
      const state = staged('k-staged-commit');
      state.failCommit = true;
      await expect(runOutboxDelivery(db, { eventId, handlerName: 'note', handler: state.handler(), isLastAttempt: false })).rejects.toThrow('the decision failed');
      expect([state.thens, await stageRows('k-staged-commit'), await stagedAt(eventId)]).toEqual([0, 0, false]);
      state.failCommit = false;
      expect(await runOutboxDelivery(db, { eventId, handlerName: 'note', handler: state.handler(), isLastAttempt: false })).toBe('done');
      expect([state.commits, state.thens, await stageRows('k-staged-commit'), await stagedAt(eventId)]).toEqual([2, 1, 1, true]);
    });

    it('commits the stage once when the same delivery runs several times at once (a job taken twice; at once on PostgreSQL, one after another on PGlite’s one connection)', async () => {
      const eventId = await relayed('k-staged-race');
      const state = staged('k-staged-race');
      const outcomes = await Promise.all(Array.from({ length: 4 }, () => runOutboxDelivery(db, { eventId, handlerName: 'note', handler: state.handler(), isLastAttempt: false })));
      expect(outcomes).toContain('done');
      expect([state.commits, await stageRows('k-staged-race')]).toEqual([1, 1]);
      // Each run that found the stage committed but the delivery not yet done makes the call (it is idempotent itself).
      expect(state.thens).toBe(outcomes.filter((outcome) => outcome === 'done').length);
      expect((await delivery(eventId))?.status).toBe('done');
    });
  });
});

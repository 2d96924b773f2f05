import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@sabai/db/testing';
import type { Db } from '@sabai/db';

/**
 * What a withdrawal writes besides its rows (migration 0064, docs/adr/0074): every index of
 * withdrawals and outbox_events is written at the row's insert and at each of its non-HOT updates
 * (a status change; an event's relay). The sets are pinned so that adding one is a decision: show
 * the read that needs it with EXPLAIN, as docs/adr/0074 did for the two it dropped.
 */
let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
});
afterAll(async () => {
  await drop();
});

async function indexesOf(table: string): Promise<string[]> {
  const { rows } = await db.query<{ indexname: string; indexdef: string }>('SELECT indexname, indexdef FROM pg_indexes WHERE tablename = $1 ORDER BY indexname', [table]);
  return rows.map((row) => row.indexdef.replace(/^CREATE (UNIQUE )?INDEX (\S+) ON (public\.)?\S+ USING btree /, '$1$2 ').replace(/\s+/g, ' '));
}

describe('the indexes a withdrawal writes (migration 0064)', () => {
  it('withdrawals: no open-status index beside the staff lists\' (status, created_at, id)', async () => {
    const names = (await indexesOf('withdrawals')).map((definition) => definition.replace(/^UNIQUE /, '').split(' ')[0]);
    expect(names).toEqual([
      'withdrawals_confirmed_by_debit',
      'withdrawals_failed_idx',
      'withdrawals_manual_payout_reference',
      'withdrawals_member_idx',
      'withdrawals_member_paid_idx',
      'withdrawals_one_open_per_member',
      'withdrawals_pkey',
      'withdrawals_request_key',
      'withdrawals_status_created_idx',
      'withdrawals_unconfirmed_idx',
    ]);
  });

  it('outbox_events: its id, its event key and the waiting ones; none by member', async () => {
    expect(await indexesOf('outbox_events')).toEqual([
      'UNIQUE outbox_events_event_key_key (event_key)',
      'UNIQUE outbox_events_pkey (id)',
      'outbox_events_waiting (id) WHERE (dispatched_at IS NULL)',
    ]);
  });
});

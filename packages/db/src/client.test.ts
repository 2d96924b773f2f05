import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from './testing.ts';
import { migrate } from './migrate.ts';
import { postgresErrorCode, preparedStatementName, violatedConstraint, type Db } from './client.ts';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
});
afterAll(async () => drop());

describe('database client', () => {
  it('reads int8 as bigint beyond the safe integer range', async () => {
    const { rows } = await db.query<{ big: bigint }>('SELECT $1::int8 AS big', [9_007_199_254_740_993n]);
    expect(rows[0]?.big).toBe(9_007_199_254_740_993n);
  });

  it('rolls back every statement of a failed transaction', async () => {
    await db.query('CREATE TABLE t_rollback (n int)');
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO t_rollback VALUES (1)');
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const { rows } = await db.query<{ count: bigint }>('SELECT count(*) AS count FROM t_rollback');
    expect(rows[0]?.count).toBe(0n);
  });

  it('reports the violated constraint of a unique violation', async () => {
    await db.query('CREATE TABLE t_unique (n int CONSTRAINT t_unique_n_key UNIQUE)');
    await db.query('INSERT INTO t_unique VALUES (1)');
    const error = await db.query('INSERT INTO t_unique VALUES (1)').catch((caught: unknown) => caught);
    expect(postgresErrorCode(error)).toBe('23505');
    expect(violatedConstraint(error)).toBe('t_unique_n_key');
  });

  it('applies each migration once', async () => {
    expect(await migrate(db)).toEqual([]);
    const { rows } = await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
    expect(rows.map((row) => row.name)).toContain('0001-foundation.sql');
  });

  // The ledger's own CHECKs (a member never below zero) are tested in packages/ledger.
  it('reports a CHECK violation as 23514 with its constraint', async () => {
    await db.query('CREATE TABLE t_check (n int CONSTRAINT t_check_n_positive CHECK (n > 0))');
    const error = await db.query('INSERT INTO t_check VALUES (0)').catch((caught: unknown) => caught);
    expect(postgresErrorCode(error)).toBe('23514');
    expect(violatedConstraint(error)).toBe('t_check_n_positive');
  });
});

describe('prepared statements', () => {
  const SQL = 'SELECT $1::int8 * 2 AS doubled, $2::text AS label';

  it('gives the same results prepared or not, and names a text the same way every time', async () => {
    const plain = await db.query<{ doubled: bigint; label: string }>(SQL, [21n, 'a']);
    const prepared = await db.query<{ doubled: bigint; label: string }>(SQL, [21n, 'a'], { prepare: true });
    const again = await db.query<{ doubled: bigint; label: string }>(SQL, [4n, 'b'], { prepare: true });
    expect(prepared).toEqual(plain);
    expect(again.rows).toEqual([{ doubled: 8n, label: 'b' }]);
    // The name is the text's own (SHA-256 prefix), the same in every process and release: pinned.
    expect(preparedStatementName(SQL)).toBe('sabai_6b3971f4411ac20a');
    expect(preparedStatementName(`${SQL} `)).not.toBe(preparedStatementName(SQL));
  });

  it.skipIf(!process.env.DATABASE_URL)('prepares a text once per connection on PostgreSQL and runs it again by name', async () => {
    const name = preparedStatementName(SQL);
    const runsOf = async (tx: Pick<Db, 'query'>) =>
      (await tx.query<{ runs: bigint }>('SELECT generic_plans + custom_plans AS runs FROM pg_prepared_statements WHERE name = $1', [name])).rows.map((row) => row.runs);
    const [before, after] = await db.transaction(async (tx) => {
      const kept = await runsOf(tx); // [] on a new connection, [n] on one the pool used for the test above
      for (let n = 0n; n < 7n; n += 1n) {
        const { rows } = await tx.query<{ doubled: bigint }>(SQL, [n, 'x'], { prepare: true });
        expect(rows[0]?.doubled).toBe(n * 2n);
      }
      return [kept, await runsOf(tx)];
    });
    expect(after).toEqual([(before[0] ?? 0n) + 7n]); // one statement on the connection, run 7 more times
  });
});

describe('pool use (for /metrics)', () => {
  it('counts the connection a transaction holds as in use on PostgreSQL; PGlite has no pool', async () => {
    if (db.driver === 'pglite') {
      expect(db.poolUse()).toBeNull();
      return;
    }
    const inside = await db.transaction(async () => db.poolUse());
    expect(inside).toMatchObject({ maxConnections: 10, waitingRequests: 0 });
    expect(inside!.totalConnections - inside!.idleConnections).toBeGreaterThanOrEqual(1);
    expect(db.poolUse()!.totalConnections - db.poolUse()!.idleConnections).toBe(0);
  });
});

describe('notifications', () => {
  it('delivers pg_notify sent in a committed transaction, and not one rolled back', async () => {
    const received: string[] = [];
    const unsubscribe = await db.listen('test_channel', (payload) => received.push(payload));
    await db.transaction(async (tx) => {
      await tx.query("SELECT pg_notify('test_channel', 'committed')");
    });
    await db
      .transaction(async (tx) => {
        await tx.query("SELECT pg_notify('test_channel', 'rolled-back')");
        throw new Error('abort');
      })
      .catch(() => undefined);
    for (let attempt = 0; attempt < 50 && received.length === 0; attempt += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received).toEqual(['committed']);
    await unsubscribe();
  });

  it.skipIf(db?.driver === 'pglite' || !process.env.DATABASE_URL)('listens again after its connection is lost, and says so, so callers can catch up', async () => {
    const received: string[] = [];
    let reconnects = 0;
    const unsubscribe = await db.listen('test_reconnect', (payload) => received.push(payload), { onReconnect: () => (reconnects += 1) });
    // Someone (a PostgreSQL restart, a network cut) ends the LISTEN session.
    await db.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = 'LISTEN test_reconnect' AND pid <> pg_backend_pid()`);
    for (let attempt = 0; attempt < 100 && reconnects === 0; attempt += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reconnects).toBe(1);
    await db.query("SELECT pg_notify('test_reconnect', 'after')");
    for (let attempt = 0; attempt < 50 && received.length === 0; attempt += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(received).toEqual(['after']);
    await unsubscribe();
  });
});


import PgBoss from 'pg-boss';
import { describe, expect, it } from 'vitest';
import { createPgDb } from '@sabai/db';
import { createTestDatabase } from '@sabai/db/testing';
import { pgBossDb } from './pg-boss-db.ts';
import { startBossRetrying } from './start-worker.ts';

/** A pg-boss stand-in whose `start` fails with the given SQLSTATEs in turn, then succeeds. */
function bosses(failures: Array<string | null>) {
  const created: Array<{ started: boolean }> = [];
  const create = () => {
    const index = created.length;
    const instance = {
      started: false,
      async start() {
        const code = failures[index] ?? null;
        if (code) throw Object.assign(new Error(`install failed: ${code}`), { code });
        instance.started = true;
        return instance;
      },
    };
    created.push(instance);
    return instance;
  };
  return { create, created };
}

// Two workers installing pg-boss's schema on a new database at once: the second CREATE SCHEMA can
// fail with a duplicate key on pg_namespace although pg-boss holds an advisory lock (seen under load).
describe('starting pg-boss when workers race to install its schema', () => {
  it('tries again with a new instance after a duplicate-key race and answers the one that started', async () => {
    const { create, created } = bosses(['23505', '42P06']);
    const boss = await startBossRetrying(create, { backoffMs: 1 });
    expect(created).toHaveLength(3);
    expect(boss).toBe(created[2]);
    expect(created.map((instance) => instance.started)).toEqual([false, false, true]);
  });

  it('throws any other error at once, without a second instance', async () => {
    const { create, created } = bosses(['28P01']);
    await expect(startBossRetrying(create, { backoffMs: 1 })).rejects.toThrow('install failed: 28P01');
    expect(created).toHaveLength(1);
  });

  it('gives up after five racing attempts with the last error', async () => {
    const { create, created } = bosses(['23505', '23505', '40P01', '23505', '42P07', null]);
    await expect(startBossRetrying(create, { backoffMs: 1 })).rejects.toThrow('install failed: 42P07');
    expect(created).toHaveLength(5);
  });

  // The real race, as several worker processes meet it on a new database: each "process" has its
  // own pool; all install pg-boss at once, and every one must start. PostgreSQL only (PGlite has one
  // connection, so installs cannot overlap).
  it.skipIf(!process.env.DATABASE_URL)('six workers installing pg-boss on a new database at once all start', async () => {
    const { databaseUrl, drop } = await createTestDatabase();
    const pools = Array.from({ length: 6 }, () => createPgDb(databaseUrl!, { maxConnections: 2 }));
    try {
      const started = await Promise.all(pools.map((pool) => startBossRetrying(() => new PgBoss({ db: pgBossDb(pool), schema: 'pgboss', supervise: false, schedule: false }))));
      expect(started).toHaveLength(6);
      const { rows } = await pools[0]!.query<{ version: number }>('SELECT version FROM pgboss.version');
      expect(rows).toHaveLength(1);
      await Promise.all(started.map((boss) => boss.stop({ graceful: false, wait: true, timeout: 2_000 })));
    } finally {
      await Promise.all(pools.map((pool) => pool.close()));
      await drop();
    }
  }, 60_000);
});

import { copyFile, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteDb, type Db } from './client.ts';
import { MIGRATION_DIRS, MIGRATIONS_DIR, listMigrations, migrate } from './migrate.ts';

describe('migration folders (docs/adr/0024)', () => {
  it('reads the database folder and the ledger folder as one numbered sequence', async () => {
    const names = (await listMigrations()).map((migration) => migration.name);
    expect(names).toEqual([...names].sort());
    expect(names.slice(0, 3)).toEqual(['0001-foundation.sql', '0002-ledger.sql', '0003-deposits-withdrawals.sql']);
    const ledger = (await listMigrations()).find((migration) => migration.name === '0002-ledger.sql');
    expect(ledger?.file).toBe(path.join(MIGRATION_DIRS[1]!, '0002-ledger.sql'));
  });

  it('refuses a migration number used in two folders', async () => {
    const other = await mkdtemp(path.join(os.tmpdir(), 'sabai-migrations-'));
    await writeFile(path.join(other, '0001-twin.sql'), 'SELECT 1;');
    await expect(listMigrations([MIGRATIONS_DIR, other])).rejects.toThrow('migration number 0001 used twice');
  });

  describe('a database migrated while the ledger migration lived in packages/db/migrations', () => {
    let db: Db;
    beforeAll(async () => {
      db = await createPgliteDb();
    });
    afterAll(async () => db.close());

    it('recognises every migration, 0002-ledger.sql included, and applies nothing again', async () => {
      // The old layout: every file in one folder.
      const oldLayout = await mkdtemp(path.join(os.tmpdir(), 'sabai-old-layout-'));
      for (const migration of await listMigrations()) await copyFile(migration.file, path.join(oldLayout, migration.name));
      const appliedBefore = await migrate(db, oldLayout);
      expect(appliedBefore).toContain('0002-ledger.sql');
      // The new layout finds them all applied.
      expect(await migrate(db)).toEqual([]);
      const { rows } = await db.query<{ count: bigint }>('SELECT count(*) AS count FROM schema_migrations');
      expect(Number(rows[0]?.count)).toBe(appliedBefore.length);
    });
  });
});

import { mkdtemp, writeFile } from 'node:fs/promises';
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

    it('recognises 0002-ledger.sql by name and applies only what is new', async () => {
      // Everything applied, as before the move: schema_migrations records names only.
      const all = await migrate(db);
      expect(all).toContain('0002-ledger.sql');
      const { rows } = await db.query<{ name: string }>(`SELECT name FROM schema_migrations WHERE name = '0002-ledger.sql'`);
      expect(rows).toHaveLength(1);
      expect(await migrate(db)).toEqual([]);
    });
  });
});

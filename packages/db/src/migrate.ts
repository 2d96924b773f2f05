import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { Db } from './client.ts';

/** The folder of forward-only migrations: `NNNN-name.sql`, applied in name order, never edited. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations/', import.meta.url));

/** Arbitrary constant for pg_advisory_xact_lock: one migrator at a time across processes. */
const MIGRATION_LOCK_KEY = 7_240_001;

/**
 * Applies every migration not yet recorded in `schema_migrations`, each in its own transaction
 * (so a failing file leaves the ones before it applied and itself not at all).
 * @returns the names applied by this call, in order.
 */
export async function migrate(db: Db, migrationsDir: string = MIGRATIONS_DIR): Promise<string[]> {
  await db.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const files = (await readdir(migrationsDir)).filter((file) => /^\d{4}-[a-z0-9-]+\.sql$/.test(file)).sort();
  const applied: string[] = [];
  for (const file of files) {
    const sql = await readFile(path.join(migrationsDir, file), 'utf8');
    const didApply = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [file]);
      if (done.rowCount > 0) return false;
      await tx.exec(sql);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      return true;
    });
    if (didApply) applied.push(file);
  }
  return applied;
}

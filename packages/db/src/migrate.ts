import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { Db } from './client.ts';

/** The folder of the database's own forward-only migrations: `NNNN-name.sql`, never edited. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations/', import.meta.url));

/**
 * Every folder of migrations, one global sequence (docs/adr/0024): the database's own, and the
 * ledger's (`packages/ledger/migrations`: its tables and posting function). A package that owns
 * tables keeps its migrations next to its code; the numbers stay one sequence across folders and
 * a migration is known by its file name alone, so moving a file between folders never re-applies it.
 */
export const MIGRATION_DIRS: readonly string[] = [MIGRATIONS_DIR, fileURLToPath(new URL('../../ledger/migrations/', import.meta.url))];

/** Arbitrary constant for pg_advisory_xact_lock: one migrator at a time across processes. */
const MIGRATION_LOCK_KEY = 7_240_001;

const MIGRATION_FILE = /^\d{4}-[a-z0-9-]+\.sql$/;

/**
 * The migration files of `dirs`, in name order (the number first) across folders.
 * @throws Error when two folders hold the same name or the same number (one sequence).
 */
export async function listMigrations(dirs: readonly string[] = MIGRATION_DIRS): Promise<Array<{ name: string; file: string }>> {
  const found: Array<{ name: string; file: string }> = [];
  for (const dir of dirs) {
    for (const name of await readdir(dir)) if (MIGRATION_FILE.test(name)) found.push({ name, file: path.join(dir, name) });
  }
  found.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (let index = 1; index < found.length; index += 1) {
    const [previous, current] = [found[index - 1]!, found[index]!];
    if (previous.name.slice(0, 4) === current.name.slice(0, 4)) {
      throw new Error(`migration number ${current.name.slice(0, 4)} used twice: ${previous.file} and ${current.file}`);
    }
  }
  return found;
}

/**
 * Applies every migration not yet recorded in `schema_migrations` (by file name), each in its own
 * transaction (so a failing file leaves the ones before it applied and itself not at all), in one
 * order across `dirs` (a string: that one folder only).
 * @returns the names applied by this call, in order.
 */
export async function migrate(db: Db, dirs: string | readonly string[] = MIGRATION_DIRS): Promise<string[]> {
  await db.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const migrations = await listMigrations(typeof dirs === 'string' ? [dirs] : dirs);
  const applied: string[] = [];
  for (const migration of migrations) {
    const sql = await readFile(migration.file, 'utf8');
    const didApply = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [migration.name]);
      if (done.rowCount > 0) return false;
      await tx.exec(sql);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [migration.name]);
      return true;
    });
    if (didApply) applied.push(migration.name);
  }
  return applied;
}

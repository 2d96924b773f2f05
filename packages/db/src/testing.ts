import { randomBytes } from 'node:crypto';
import { createPgDb, createPgliteDb, type Db } from './client.ts';
import { migrate } from './migrate.ts';

/**
 * A fresh, migrated database for one test file.
 *
 * With `DATABASE_URL` set (CI's PostgreSQL run) a new database `sabai_test_<random>` is created on
 * that server and dropped by `drop()`; otherwise an in-memory PGlite is opened. Either way tests of
 * different files never see each other's rows.
 */
export async function createTestDatabase(): Promise<{ db: Db; databaseUrl: string | undefined; drop: () => Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const db = await createPgliteDb();
    await migrate(db);
    return { db, databaseUrl: undefined, drop: () => db.close() };
  }
  const name = `sabai_test_${randomBytes(6).toString('hex')}`;
  const admin = createPgDb(serverUrl, { maxConnections: 1 });
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = createPgDb(url.toString());
  await migrate(db);
  return {
    db,
    databaseUrl: url.toString(),
    drop: async () => {
      await db.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    },
  };
}

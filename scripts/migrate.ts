import path from 'node:path';
import { migrate, openDatabase } from '@sabai/db';
import { REPO_ROOT } from './stack.ts';

/** `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to the PGlite under .data/. */
const db = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: path.join(path.resolve(REPO_ROOT, process.env.DATA_DIR ?? '.data'), 'pglite'),
});
const applied = await migrate(db);
console.log(applied.length > 0 ? `applied: ${applied.join(', ')}` : 'database is up to date');
await db.close();

/**
 * @sabai/db — the database layer: one client interface over `pg` and PGlite, forward-only SQL
 * migrations (`migrations/NNNN-*.sql`) and a fresh-database helper for tests.
 */
export * from './client.ts';
export * from './migrate.ts';

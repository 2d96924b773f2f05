/**
 * @sabai/ledger — the double-entry core (money.md): accounts, single-phase and two-phase
 * transfers with idempotency keys, the member "never below zero counting pending" rule, bounded
 * retries, reconciliation of every invariant, the house accounts and member wallet kinds, and the
 * reads other code needs. Schema and posting function: packages/ledger/migrations (0002-ledger.sql
 * and later ledger DDL, docs/adr/0024). Design: docs/ledger.md. Nothing outside this package names
 * a ledger_* table (eslint.config.js).
 */
export * from './transfers.ts';
export * from './posting-batcher.ts';
export * from './accounts.ts';
export * from './retry.ts';
export * from './reconcile.ts';
export * from './house-accounts.ts';
export * from './reads.ts';
export * from './statement.ts';
export * from './member-reads.ts';
export * from './report-reads.ts';
export * from './posting-with.ts';

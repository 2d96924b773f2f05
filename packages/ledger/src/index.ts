/**
 * @sabai/ledger — the double-entry core (money.md): accounts, single-phase and two-phase
 * transfers with idempotency keys, the member "never below zero counting pending" rule, bounded
 * retries, and reconciliation of every invariant. Schema and posting function:
 * packages/db/migrations/0002-ledger.sql. Design: docs/ledger.md.
 */
export * from './transfers.ts';
export * from './accounts.ts';
export * from './retry.ts';
export * from './reconcile.ts';
export * from './member-reads.ts';

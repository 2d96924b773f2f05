/**
 * The `reconcile` module: ledger reconciliation: balances against entries, from a checkpoint, with recorded
 * runs and violations for staff (docs/adr/0027).
 * Its face (issue 10 §1): what other modules, the app, the worker and tests may use.
 * Nothing outside the module imports its inner files (eslint: import-x/no-restricted-paths).
 */
export { reconcileMoney, reconcileMoneyFromCheckpoint, type MoneyReconcile } from './reconcile-money.ts';
export { runAndRecordReconcile, readReconcileStatus, RECORDED_VIOLATIONS, type ReconcileRunRecord } from './reconcile-runs.ts';

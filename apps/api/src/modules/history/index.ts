/**
 * The `history` module: the member's deposit and withdrawal history and balance reads (spec §2 transactions).
 * Its face (issue 10 §1): what other modules, the app, the worker and tests may use.
 * Nothing outside the module imports its inner files (eslint: import-x/no-restricted-paths).
 */
export { registerHistoryRoutes } from './routes.ts';
// The member reads themselves, for the scale bench (bench/scale-bench.ts).
export { listDepositHistory } from './list-deposit-history.ts';
export { listWithdrawHistory } from './list-withdraw-history.ts';
export { getBalance } from './get-balance.ts';

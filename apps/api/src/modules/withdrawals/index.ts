/**
 * The `withdrawals` module: withdrawals: the member's request, auto-approval limits, staff decisions, payouts
 * through the payout adapter, failed payouts and recovery (docs/adr/0039, 0049).
 * Its face (issue 10 §1): what other modules, the app, the worker and tests may use.
 * Nothing outside the module imports its inner files (eslint: import-x/no-restricted-paths).
 */
export { recoverPayouts } from './recover-payouts.ts';
export { registerWithdrawalRoutes } from './routes.ts';
export { OPEN_WITHDRAWAL_STATES, bahtText, isBeingPaid, toWireStatus } from './withdrawal-rules.ts';
export { recordHouseDebit, type HouseDebitOutcome } from './record-house-debit.ts';
export { countOpenFailedPayouts } from './list-failed-payouts.ts';
export { payoutFailureText } from './withdrawal-rules.ts';
export { registerWithdrawalAdminRoutes } from './admin-routes.ts';

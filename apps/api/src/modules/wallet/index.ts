/**
 * The `wallet` module: the member's wallets and turnover: total turnover, active wagering requirements and
 * their now/needed figures (spec §2, docs/adr/0011).
 * Its face (issue 10 §1): what other modules, the app, the worker and tests may use.
 * Nothing outside the module imports its inner files (eslint: import-x/no-restricted-paths).
 */
export { getTurnover, readTurnover, readTurnoverLockingGrant, turnoverFromState, totalTurnoverSatang, TOTAL_TURNOVER_SUBQUERY, type LockedGrantRow, turnoverTowards, type TurnoverState } from './get-turnover.ts';
export { openMemberWallets, readMemberWalletBalances } from './member-wallets.ts';
export { addWageringRequirement, endWageringRequirements, endWageringRequirementsCte } from './wagering-requirements.ts';

/**
 * The `play` module: the transfer-wallet game partner: game accounts, moving credit in and out, bet records,
 * game results and reconciliation cases (docs/adr/0009, 0012).
 * Its face (issue 10 §1): what other modules, the app, the worker and tests may use.
 * Nothing outside the module imports its inner files (eslint: import-x/no-restricted-paths).
 */
export { continueIntoGame } from './continue-into-game.ts';
export { detectRecentGameDifferences } from './detect-game-difference.ts';
export { ensureGameAccount, findGameAccount, type GameAccount } from './ensure-game-account.ts';
export { moveGameCredit, readGameMoveSnapshot, type GameMoveSnapshot, type GameOutFacts } from './move-game-credit.ts';
export { pullBetRecords } from './pull-bet-records.ts';
export { reconcileGameTransfers } from './reconcile-game-transfers.ts';
export { reconcileGame } from './reconcile-game.ts';
export { registerPlayRoutes } from './routes.ts';
export { listOpenGameCaseSummaries } from './reconcile-game.ts';
export { reconcileHub88Day, previousBangkokDay, type Hub88DayReport } from './reconcile-hub88-day.ts';
export { registerPlayAdminRoutes } from './admin-routes.ts';

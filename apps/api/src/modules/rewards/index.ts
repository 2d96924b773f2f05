/**
 * The `rewards` module: prize credit, the prize wheel, item codes and the reward jobs' runs (docs/adr/0010).
 * Its face (issue 10 §1): what other modules, the app, the worker and tests may use.
 * Nothing outside the module imports its inner files (eslint: import-x/no-restricted-paths).
 */
export { earnPrizeCredit } from './earn-prize-credit.ts';
export { reconcileRewards } from './reconcile-rewards.ts';
export { registerRewardRoutes } from './routes.ts';
export { registerRewardAdminRoutes } from './admin-routes.ts';

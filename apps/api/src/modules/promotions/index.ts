/**
 * The `promotions` module: promotions and bonus grants: terms, eligibility, budgets, the bonus's wagering
 * requirement, caps and forfeits (docs/adr/0010, 0043).
 * Its face (issue 10 §1): what other modules, the app, the worker and tests may use.
 * Nothing outside the module imports its inner files (eslint: import-x/no-restricted-paths).
 */
export { payableUnderGrant, splitUnderGrant, type GrantMoney } from './bonus-rules.ts';
export { activeGrantFromRow, endGrant, memberMoneySatang, readActiveGrant, reviewActiveGrant, reviewGrantAfterSettlement, type ActiveGrant } from './end-bonus.ts';
export { grantBonusAfterDeposit, readDepositBonusBasis } from './grant-bonus-after-deposit.ts';
export { listActivePromotions, toWirePromotion } from './list-promotions.ts';
export { registerPromotionRoutes } from './routes.ts';
export { registerPromotionAdminRoutes } from './admin-routes.ts';

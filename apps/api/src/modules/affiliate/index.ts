/**
 * The `affiliate` module: referral (affiliate) commissions on referred members' net losses, two levels, and
 * the affiliate wallet's withdrawal rules (docs/adr/0010, 0011).
 * Its face (issue 10 §1): what other modules, the app, the worker and tests may use.
 * Nothing outside the module imports its inner files (eslint: import-x/no-restricted-paths).
 */
export { computeDueAffiliateCommissions, PERIOD_REFERRED_NET_LOSSES_SQL, readDueAffiliateCommissions, creditAffiliateCommission, recordAffiliatePeriod, affiliateRatesOf } from './compute-affiliate-commissions.ts';
export type { DueAffiliateCommission, AffiliateRates } from './compute-affiliate-commissions.ts';
export { registerAffiliateRoutes } from './routes.ts';
export { registerAffiliateAdminRoutes } from './admin-routes.ts';

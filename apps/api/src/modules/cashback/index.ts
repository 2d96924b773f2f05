/**
 * The `cashback` module: cashback on members' net losses per period, due amounts and crediting to the
 * cashback wallet (docs/adr/0010).
 * Its face (issue 10 §1): what other modules, the app, the worker and tests may use.
 * Nothing outside the module imports its inner files (eslint: import-x/no-restricted-paths).
 */
export { cashbackForNetLoss, lastCompletedPeriod, rewardPeriodOf } from './cashback-rules.ts';
export { computeDueCashback, readDueCashback, creditPeriodCashback, recordCashbackPeriod } from './compute-cashback.ts';
export type { DueCashback } from './compute-cashback.ts';
export type { RewardPeriod } from './cashback-rules.ts';
export { registerCashbackRoutes } from './routes.ts';
export { PERIOD_NET_LOSSES_SQL, readPeriodNetLosses } from './period-net-losses.ts';

/**
 * The rewards calls' response schemas: the ones the API declares (`@sabai/contracts`), so the site
 * and the server read the same wire shapes (issue 10 §2).
 */
export {
  affiliateIncomeWithdrawalResponse,
  affiliateSummaryResponse,
  cashbackClaimResponse,
  itemCodeRedeemResponse,
  spinResponse,
  wheelResponse,
} from '@sabai/contracts';
export type { AffiliateSummary, ItemCodeRedemption, Wheel, WheelPrize, WheelPrizeKind, WheelSpin } from '@sabai/contracts';

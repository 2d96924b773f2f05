import { satangToBahtNumber } from '@sabai/money';
import type { AppContext } from '../../context.ts';
import { readWithdrawalPosition, withdrawalRefusals } from './withdrawal-rules.ts';

/**
 * `GET /fund-composite/v1/withdrawal/condition`: what the member may withdraw now and why not
 * (issue "Money" §6). Bonus caps arrive with promotions (null until then).
 */
export async function getWithdrawalCondition(context: AppContext, memberId: string) {
  const settings = await context.siteSettings.get();
  const position = await readWithdrawalPosition(context.db, memberId);
  const reasons = withdrawalRefusals(settings, position);
  const availableSatang = reasons.length > 0 ? 0n : position.balanceSatang < settings.withdraw_max_satang ? position.balanceSatang : settings.withdraw_max_satang;
  return {
    canWithdraw: reasons.length === 0,
    reasons,
    availableAmount: satangToBahtNumber(availableSatang),
    balance: satangToBahtNumber(position.balanceSatang),
    minWithdraw: satangToBahtNumber(settings.withdraw_min_satang),
    maxWithdraw: satangToBahtNumber(settings.withdraw_max_satang),
    autoWithdraw: satangToBahtNumber(settings.withdraw_auto_max_satang),
    turnover: { now: satangToBahtNumber(position.turnoverNowSatang), needed: satangToBahtNumber(position.turnoverNeededSatang) },
    bonusMaxWithdraw: null,
    pendingWithdrawals: position.openWithdrawals,
  };
}

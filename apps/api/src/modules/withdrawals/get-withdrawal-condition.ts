import { satangToBahtNumber } from '@sabai/money';
import type { AppContext } from '../../context.ts';
import { readWithdrawalPosition, withdrawalRefusals } from './withdrawal-rules.ts';
import { findGameAccount } from '../play/index.ts';
import { payableUnderGrant, readActiveGrant, splitUnderGrant } from '../promotions/index.ts';

/**
 * `GET /fund-composite/v1/withdrawal/condition`: what the member may withdraw now and why not
 * (issue "Money" §6). The balance is the main wallet plus the game wallet at its live value
 * (a withdrawal brings game credit back first); an active bonus grant adds its turnover target and
 * max-withdraw cap. `availableAmount` is what the server will pay: the cap applied to the bonus
 * and its winnings only (payableUnderGrant, docs/adr/0043), with `bonusForfeitAmount` saying what
 * a withdrawal now forfeits and `bonusCancelForfeitAmount` what cancelling the bonus forfeits.
 */
export async function getWithdrawalCondition(context: AppContext, memberId: string) {
  const settings = await context.siteSettings.get();
  const position = await readWithdrawalPosition(context.db, memberId);
  // The game wallet counts at the partner's live value when the partner answers.
  const account = await findGameAccount(context, memberId);
  if (account) {
    position.gameBalanceSatang = await context.partner.getBalance(account.username).catch(() => position.gameBalanceSatang);
  }
  const totalSatang = position.balanceSatang + position.gameBalanceSatang;
  const grant = await readActiveGrant(context.db, memberId, false);
  // What the server pays (request-withdrawal): the bonus cap limits only the bonus and its winnings.
  const quote = grant ? payableUnderGrant(totalSatang, grant) : { payableSatang: totalSatang, forfeitSatang: 0n };
  const reasons = withdrawalRefusals(settings, position);
  const availableSatang = reasons.length > 0 ? 0n : quote.payableSatang < settings.withdraw_max_satang ? quote.payableSatang : settings.withdraw_max_satang;
  return {
    canWithdraw: reasons.length === 0,
    reasons,
    availableAmount: satangToBahtNumber(availableSatang),
    balance: satangToBahtNumber(totalSatang),
    minWithdraw: satangToBahtNumber(settings.withdraw_min_satang),
    maxWithdraw: satangToBahtNumber(settings.withdraw_max_satang),
    autoWithdraw: satangToBahtNumber(settings.withdraw_auto_max_satang),
    turnover: { now: satangToBahtNumber(position.turnoverNowSatang), needed: satangToBahtNumber(position.turnoverNeededSatang) },
    bonusMaxWithdraw: grant && grant.maxWithdrawSatang !== null ? satangToBahtNumber(grant.maxWithdrawSatang) : null,
    bonusForfeitAmount: satangToBahtNumber(quote.forfeitSatang),
    bonusCancelForfeitAmount: satangToBahtNumber(grant ? splitUnderGrant(totalSatang, grant).bonusPartSatang : 0n),
    hasActiveBonus: grant !== null,
    pendingWithdrawals: position.openWithdrawals,
  };
}

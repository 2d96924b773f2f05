import { satangToBahtNumber } from '@sabai/money';
import type { AppContext } from '../../context.ts';
import { readWithdrawalPosition, withdrawalRefusals } from './withdrawal-rules.ts';
import { findGameAccount } from '../play/index.ts';

/**
 * `GET /fund-composite/v1/withdrawal/condition`: what the member may withdraw now and why not
 * (issue "Money" §6). The balance is the main wallet plus the game wallet at its live value
 * (a withdrawal brings game credit back first); an active bonus grant adds its turnover target and
 * max-withdraw cap.
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
  const grantCap = await context.db.query<{ max_withdraw_satang: bigint | null }>(
    `SELECT max_withdraw_satang FROM bonus_grants WHERE member_id = $1 AND status = 'active'`,
    [memberId],
  );
  const reasons = withdrawalRefusals(settings, position);
  const availableSatang = reasons.length > 0 ? 0n : totalSatang < settings.withdraw_max_satang ? totalSatang : settings.withdraw_max_satang;
  return {
    canWithdraw: reasons.length === 0,
    reasons,
    availableAmount: satangToBahtNumber(availableSatang),
    balance: satangToBahtNumber(totalSatang),
    minWithdraw: satangToBahtNumber(settings.withdraw_min_satang),
    maxWithdraw: satangToBahtNumber(settings.withdraw_max_satang),
    autoWithdraw: satangToBahtNumber(settings.withdraw_auto_max_satang),
    turnover: { now: satangToBahtNumber(position.turnoverNowSatang), needed: satangToBahtNumber(position.turnoverNeededSatang) },
    bonusMaxWithdraw: grantCap.rows[0] && grantCap.rows[0].max_withdraw_satang !== null ? satangToBahtNumber(grantCap.rows[0].max_withdraw_satang) : null,
    pendingWithdrawals: position.openWithdrawals,
  };
}

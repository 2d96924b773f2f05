import type { Queryable } from '@sabai/db';
import { postedCreditBalance, readAccountBalance, requireMemberAccountId } from '@sabai/ledger';
import { totalTurnoverSatang } from '../play/get-turnover.ts';
import { endWageringRequirements } from '../play/wagering-requirements.ts';
import { EXHAUSTED_BELOW_SATANG, grantBonusForDeposit } from './grant-bonus.ts';

/**
 * The deposit-crediting transaction's call into promotions: reads what grantBonusForDeposit needs
 * (the member's money before this deposit, their turnover now) inside the same transaction. Money
 * played out before this deposit (main + game under 1 baht) also ends the member's wagering
 * requirements (docs/adr/0011): a new deposit is never held by turnover owed on money now gone.
 */
export async function grantBonusAfterDeposit(
  tx: Queryable,
  input: { memberId: string; depositId: string; depositSatang: bigint; now: Date },
): Promise<string | null> {
  // Posted balances only: money in a pending move (GAME_IN / GAME_OUT in flight, a reserved
  // withdrawal) still counts as the member's, so a deposit never ends a grant or a requirement
  // on money that is merely on its way (errs towards keeping them).
  const main = postedCreditBalance(await readAccountBalance(tx, await requireMemberAccountId(tx, input.memberId, 'main')));
  const game = postedCreditBalance(await readAccountBalance(tx, await requireMemberAccountId(tx, input.memberId, 'game')));
  const turnover = await totalTurnoverSatang(tx, input.memberId);
  const balanceBeforeSatang = main + game - input.depositSatang;
  if (balanceBeforeSatang < EXHAUSTED_BELOW_SATANG) await endWageringRequirements(tx, { memberId: input.memberId, reason: 'BALANCE_EXHAUSTED', now: input.now });
  return grantBonusForDeposit(tx, {
    ...input,
    balanceBeforeSatang,
    turnoverNowSatang: turnover.totalSatang,
  });
}

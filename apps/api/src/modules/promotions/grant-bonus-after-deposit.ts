import type { Queryable } from '@sabai/db';
import { availableCreditBalance, readAccountBalance, requireMemberAccountId } from '@sabai/ledger';
import { totalTurnoverSatang } from '../play/get-turnover.ts';
import { grantBonusForDeposit } from './grant-bonus.ts';

/**
 * The deposit-crediting transaction's call into promotions: reads what grantBonusForDeposit needs
 * (the member's money before this deposit, their turnover now) inside the same transaction.
 */
export async function grantBonusAfterDeposit(
  tx: Queryable,
  input: { memberId: string; depositId: string; depositSatang: bigint; now: Date },
): Promise<string | null> {
  const main = availableCreditBalance(await readAccountBalance(tx, await requireMemberAccountId(tx, input.memberId, 'main')));
  const game = availableCreditBalance(await readAccountBalance(tx, await requireMemberAccountId(tx, input.memberId, 'game')));
  const turnover = await totalTurnoverSatang(tx, input.memberId);
  return grantBonusForDeposit(tx, {
    ...input,
    balanceBeforeSatang: main + game - input.depositSatang,
    turnoverNowSatang: turnover.totalSatang,
  });
}

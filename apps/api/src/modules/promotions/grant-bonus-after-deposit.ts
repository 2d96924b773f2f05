import type { Queryable } from '@sabai/db';
import { readMemberAccountBalancesWith } from '@sabai/ledger';
import { TOTAL_TURNOVER_SUBQUERY } from '../wallet/index.ts';
import { endWageringRequirementsCte } from '../wallet/index.ts';
import { grantBonusForDeposit } from './grant-bonus.ts';
import { PLAYED_OUT_BELOW_SUBQUERY, readActiveGrant, reviewActiveGrant } from './end-bonus.ts';

/** What a deposit's bonus decision depends on, read when the deposit is credited. */
export interface DepositBonusBasis {
  /** The member's posted main + game money before this deposit, in satang. */
  balanceBeforeSatang: bigint;
  /** The member's total turnover when the deposit was credited, in satang. */
  turnoverNowSatang: bigint;
}

/**
 * Runs inside the deposit-crediting transaction: reads what the bonus decision needs (the
 * member's money before this deposit, their turnover now), so the worker decides later on the
 * state at the deposit, not on what the member did since. Money played out before this deposit
 * (main + game under the site's threshold) also ends the member's wagering requirements here
 * (docs/adr/0011) and their bonus grant (docs/adr/0043): a new deposit is never held by turnover
 * or a cap owed on money now gone. A grant still in force counts the deposit as own money.
 */
export async function readDepositBonusBasis(
  tx: Queryable,
  input: { memberId: string; depositSatang: bigint; now: Date },
): Promise<DepositBonusBasis> {
  // Posted balances only: money in a pending move (GAME_IN / GAME_OUT in flight, a reserved
  // withdrawal) still counts as the member's, so a deposit never ends a grant or a requirement
  // on money that is merely on its way (errs towards keeping them).
  // One read (issue 29 §1): the member's cached totals (posted = available + pending debits), the
  // turnover now and the site's played-out threshold.
  const { balances, companion } = await readMemberAccountBalancesWith<{ turnover_satang: bigint; played_out_below_satang: bigint }>(tx, input.memberId, {
    sql: `SELECT ${TOTAL_TURNOVER_SUBQUERY} AS turnover_satang, ${PLAYED_OUT_BELOW_SUBQUERY} AS played_out_below_satang`,
    params: [],
  });
  const main = balances.main.availableSatang + balances.main.pendingDebitsSatang;
  const game = balances.game.availableSatang + balances.game.pendingDebitsSatang;
  const balanceBeforeSatang = main + game - input.depositSatang;
  // Played out: the requirements end, in the statement that reads (and locks) the active grant
  // (issue 29 §1); the grant read does not depend on them.
  const endingRequirements = balanceBeforeSatang < companion.played_out_below_satang
    ? endWageringRequirementsCte({ memberId: input.memberId, reason: 'BALANCE_EXHAUSTED', now: input.now }, 2)
    : undefined;
  const lockedGrant = await readActiveGrant(tx, input.memberId, true, endingRequirements);
  // Issue 26 §1 (docs/adr/0043): whatever the member chose for this deposit, a played-out bonus
  // ends here, before the deposit could fall under it; one still in force covers this deposit as
  // the member's own money (never forfeited by its cap or a cancellation).
  const grant = await reviewActiveGrant(tx, { memberId: input.memberId, walletSatang: balanceBeforeSatang, now: input.now, lockedGrant });
  if (grant) await tx.query('UPDATE bonus_grants SET own_satang = own_satang + $2, deposited_since_satang = deposited_since_satang + $2 WHERE id = $1', [grant.id, input.depositSatang]);
  return { balanceBeforeSatang, turnoverNowSatang: companion.turnover_satang };
}

/**
 * The worker's `grant-bonus` handler of `deposit.credited` (issue 10 §3): grants the promotion's
 * bonus for the deposit on the basis read when it was credited (grant-bonus.ts). Runs in the
 * delivery's transaction, so it commits once. @returns the grant id, or null (no bonus).
 */
export async function grantBonusAfterDeposit(
  tx: Queryable,
  input: { memberId: string; depositId: string; depositSatang: bigint; now: Date } & DepositBonusBasis,
): Promise<string | null> {
  return grantBonusForDeposit(tx, input);
}

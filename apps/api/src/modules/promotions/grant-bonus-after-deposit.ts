import type { Queryable } from '@sabai/db';
import { readMemberAccountBalancesDeciding } from '@sabai/ledger';
import { TOTAL_TURNOVER_SUBQUERY } from '../wallet/index.ts';
import { endWageringRequirementsCte } from '../wallet/index.ts';
import { grantBonusForDeposit } from './grant-bonus.ts';
import { ACTIVE_GRANT_LOCKING_READ, PLAYED_OUT_BELOW_SUBQUERY, activeGrantFromRow, reviewActiveGrant } from './end-bonus.ts';

/** What a deposit's bonus decision depends on, read when the deposit is credited. */
export interface DepositBonusBasis {
  /** The member's posted main + game money before this deposit, in satang. */
  balanceBeforeSatang: bigint;
  /** The member's total turnover when the deposit was credited, in satang. */
  turnoverNowSatang: bigint;
}

/** readDepositBonusBasis's one row: the basis, and the active grant's columns (all null without one). */
interface BasisRow extends Record<string, unknown> {
  turnover_satang: bigint;
  balance_before_satang: bigint;
  id: string | null;
  promotion_id: string;
  own_satang: bigint;
  bonus_satang: bigint;
  max_withdraw_satang: bigint | null;
  deposited_since_satang: bigint;
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
  // One statement (issue 29 §1): the member's cached totals (posted = available + pending debits),
  // the turnover now and the site's played-out threshold; money played out before this deposit
  // (main + game under the threshold) ends the wagering requirements, decided in SQL from that
  // same read (wallet endWageringRequirementsCte, only when `basis` says so); and the active grant
  // read and locked (FOR UPDATE), as readActiveGrant. One snapshot, as when the basis was its own
  // read before the grant's: the grant's lock may wait, the basis was read before that wait either
  // way, and the grant row itself comes back as it is once locked.
  const posted = (kind: 'main' | 'game') => `coalesce(ledger_wallets.ledger_${kind}_available, 0) + coalesce(ledger_wallets.ledger_${kind}_pending, 0)`;
  const endingRequirements = endWageringRequirementsCte(
    { memberId: input.memberId, reason: 'BALANCE_EXHAUSTED', now: input.now },
    3,
    'basis WHERE basis.balance_before_satang < basis.played_out_below_satang',
  );
  const { companion } = await readMemberAccountBalancesDeciding<BasisRow>(tx, input.memberId, {
    ctes: `basis AS MATERIALIZED (
             SELECT ${TOTAL_TURNOVER_SUBQUERY} AS turnover_satang, ${PLAYED_OUT_BELOW_SUBQUERY} AS played_out_below_satang,
                    (${posted('main')} + ${posted('game')} - $2::int8)::int8 AS balance_before_satang
               FROM ledger_wallets),
           ${endingRequirements.cte}`,
    select: `SELECT basis.turnover_satang, basis.balance_before_satang, grant_row.id, grant_row.promotion_id, grant_row.own_satang, grant_row.bonus_satang,
                    grant_row.max_withdraw_satang, grant_row.deposited_since_satang
               FROM basis LEFT JOIN LATERAL (${ACTIVE_GRANT_LOCKING_READ}) AS grant_row ON true`,
    params: [input.depositSatang, ...endingRequirements.params],
  });
  const balanceBeforeSatang = companion.balance_before_satang;
  const lockedGrant = companion.id === null ? null : activeGrantFromRow({ ...companion, id: companion.id });
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

import type { Db, Queryable } from '@sabai/db';
import { HOUSE_ACCOUNTS, expectPosted, inLedgerTransaction, lockAccount, postTransfer, readMemberAccountBalances, requireAccountId, requireMemberAccountId } from '@sabai/ledger';
import { readTurnover } from '../wallet/index.ts';
import { notifyBalanceChanged } from '../../lib/balance-notifications.ts';
import type { GrantMoney } from './bonus-rules.ts';

/** The site's threshold when no site row exists yet (migration 0038's default): 1 baht. */
const DEFAULT_PLAYED_OUT_BELOW_SATANG = 100n;

/** Why a grant ended (docs/adr/0010, 0043). WITHDRAWN and CANCELLED may forfeit; the others never do. */
export type GrantEndReason = 'PLAYED_OUT' | 'TURNOVER_MET' | 'WITHDRAWN' | 'CANCELLED';

/** An active grant as the endings read it: its money (satang) and its row. */
export interface ActiveGrant extends GrantMoney {
  id: string;
  promotionId: string;
}

/** The member's (`$1`) active grant: readActiveGrant's read. */
const ACTIVE_GRANT_READ = `SELECT id, promotion_id, own_satang, bonus_satang, max_withdraw_satang, deposited_since_satang FROM bonus_grants WHERE member_id = $1 AND status = 'active'`;
/** readActiveGrant's read row-locked (`FOR UPDATE`), for a caller's statement too (a deposit's bonus basis, issue 29 §1). */
export const ACTIVE_GRANT_LOCKING_READ = `${ACTIVE_GRANT_READ} FOR UPDATE`;

/**
 * The member's active grant, row-locked (`FOR UPDATE`) when `lock` is set: a deposit, a
 * settlement, a withdrawal or a cancellation that may end it queue on this row.
 */
export async function readActiveGrant(db: Queryable, memberId: string, lock: boolean, withCte?: { cte: string; params: readonly unknown[] }): Promise<ActiveGrant | null> {
  // `withCte`: a write of the caller's (one data-modifying CTE, parameters from `$2`, on other
  // tables) made in the same statement (issue 29 §1). The grant read does not see it (one snapshot).
  const { rows } = await db.query<{ id: string; promotion_id: string; own_satang: bigint; bonus_satang: bigint; max_withdraw_satang: bigint | null; deposited_since_satang: bigint }>(
    `${withCte ? `WITH ${withCte.cte} ` : ''}${lock ? ACTIVE_GRANT_LOCKING_READ : ACTIVE_GRANT_READ}`,
    [memberId, ...(withCte?.params ?? [])],
  );
  const row = rows[0];
  return row ? activeGrantFromRow(row) : null;
}

/** An active grant from its bonus_grants row (readActiveGrant's columns; wallet's readTurnoverLockingGrant reads the same). */
export function activeGrantFromRow(row: { id: string; promotion_id: string; own_satang: bigint; bonus_satang: bigint; max_withdraw_satang: bigint | null; deposited_since_satang: bigint }): ActiveGrant {
  return { id: row.id, promotionId: row.promotion_id, ownSatang: row.own_satang, bonusSatang: row.bonus_satang, maxWithdrawSatang: row.max_withdraw_satang, depositedSinceSatang: row.deposited_since_satang };
}

/** The member's posted main + game money (satang): what a bonus's endings compare with the site's threshold. */
export async function memberMoneySatang(db: Queryable, memberId: string): Promise<bigint> {
  // One read of the member's cached wallet totals (issue 29 §1): posted = available + pending debits.
  const balances = await readMemberAccountBalances(db, memberId);
  const posted = (kind: 'main' | 'game') => balances[kind].availableSatang + balances[kind].pendingDebitsSatang;
  return posted('main') + posted('game');
}

/** The site's "played out" threshold (site_settings.bonus_played_out_below_satang, satang). */
export async function playedOutBelowSatang(db: Queryable): Promise<bigint> {
  const { rows } = await db.query<{ below: bigint }>('SELECT bonus_played_out_below_satang AS below FROM site_settings WHERE id = 1');
  return rows[0]?.below ?? DEFAULT_PLAYED_OUT_BELOW_SATANG;
}

/** playedOutBelowSatang as an SQL scalar subquery (satang, the same default), read inside a caller's statement (issue 29 §1). */
export const PLAYED_OUT_BELOW_SUBQUERY = `coalesce((SELECT bonus_played_out_below_satang FROM site_settings WHERE id = 1), ${DEFAULT_PLAYED_OUT_BELOW_SATANG}::int8)`;

/**
 * A bet is still open for the books: a round pulled but not yet settled into the ledger, or a
 * move to or from the game whose outcome is not known. Money in either may still come back.
 */
async function hasOpenPlay(db: Queryable, memberId: string): Promise<boolean> {
  const { rows } = await db.query<{ open: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM bet_rounds WHERE member_id = $1 AND booked_net_satang + suspense_net_satang <> payout_satang - stake_satang)
         OR EXISTS (SELECT 1 FROM game_transfers WHERE member_id = $1 AND status = 'sending') AS open`,
    [memberId],
  );
  return rows[0]?.open === true;
}

/**
 * Ends a grant (docs/adr/0043). A forfeit is a BONUS_FORFEIT transfer of its own, member main →
 * house:expense:bonus, key `bonus-forfeit:<grant>` (a retry posts nothing twice), recorded on the
 * grant with the reason the member reads in their history. The caller has the grant row locked
 * and has checked that `forfeitSatang` is at most the bonus part (bonus-rules.ts).
 */
export async function endGrant(
  tx: Queryable,
  input: { memberId: string; grantId: string; reason: GrantEndReason; forfeitSatang: bigint; now: Date },
): Promise<void> {
  if (input.forfeitSatang < 0n) throw new Error('a forfeit is never negative');
  let forfeitTransferId: bigint | null = null;
  if (input.forfeitSatang > 0n) {
    forfeitTransferId = expectPosted(
      await postTransfer(tx, {
        idempotencyKey: `bonus-forfeit:${input.grantId}`,
        code: 'BONUS_FORFEIT',
        debitAccountId: await requireMemberAccountId(tx, input.memberId, 'main'),
        creditAccountId: await requireAccountId(tx, HOUSE_ACCOUNTS.bonusExpense),
        amountSatang: input.forfeitSatang,
        source: { type: 'bonus_grant', id: input.grantId },
      }),
    );
  }
  const status = input.reason === 'CANCELLED' ? 'cancelled' : input.forfeitSatang > 0n ? 'forfeited' : 'completed';
  await tx.query(
    `UPDATE bonus_grants SET status = $2, end_reason = $3, ended_at = $4, forfeit_transfer_id = $5, forfeited_satang = $6 WHERE id = $1 AND status = 'active'`,
    [input.grantId, status, input.reason, input.now, forfeitTransferId, input.forfeitSatang > 0n ? input.forfeitSatang : null],
  );
}

/**
 * The check every deposit, bet settlement and withdrawal makes (issue 26 §1, docs/adr/0043): the
 * member's active grant ends — nothing forfeited — when it is played out (`walletSatang`, main +
 * game, below the site's threshold while no bet is open) or when its turnover is met and it has
 * no cap (a capped grant keeps its cap until the withdrawal that applies it). Locks the grant row.
 * @param walletSatang the member's money the caller judges by (before a deposit being credited).
 * @returns the grant still in force, or null.
 */
export async function reviewActiveGrant(
  tx: Queryable,
  input: { memberId: string; walletSatang: bigint | (() => Promise<bigint>); now: Date; lockedGrant?: ActiveGrant | null },
): Promise<ActiveGrant | null> {
  // `lockedGrant`: the caller read the active grant FOR UPDATE already, in this transaction (issue 29 §1).
  const grant = input.lockedGrant !== undefined ? input.lockedGrant : await readActiveGrant(tx, input.memberId, true);
  if (!grant) return null;
  // The wallet may be given as a read, made only when there is a grant (issue 29 §1).
  const walletSatang = typeof input.walletSatang === 'bigint' ? input.walletSatang : await input.walletSatang();
  if (walletSatang < (await playedOutBelowSatang(tx)) && !(await hasOpenPlay(tx, input.memberId))) {
    await endGrant(tx, { memberId: input.memberId, grantId: grant.id, reason: 'PLAYED_OUT', forfeitSatang: 0n, now: input.now });
    return null;
  }
  if (grant.maxWithdrawSatang === null) {
    const turnover = await readTurnover(tx, input.memberId);
    if (turnover.grant && turnover.totalSatang - turnover.grant.startSatang >= turnover.grant.neededSatang) {
      await endGrant(tx, { memberId: input.memberId, grantId: grant.id, reason: 'TURNOVER_MET', forfeitSatang: 0n, now: input.now });
      return null;
    }
  }
  return grant;
}

/**
 * After a bet settlement of the member (play's bookRoundResults), in a transaction of its own
 * that takes the main wallet's row lock first (the order deposits and withdrawals take: main,
 * then the grant): ends a grant the settlement played out or whose uncapped turnover it met.
 */
export async function reviewGrantAfterSettlement(db: Db, memberId: string, now: Date): Promise<void> {
  const active = await readActiveGrant(db, memberId, false);
  if (!active) return;
  await inLedgerTransaction(db, async (tx) => {
    await lockAccount(tx, await requireMemberAccountId(tx, memberId, 'main'));
    const stillActive = await reviewActiveGrant(tx, { memberId, walletSatang: await memberMoneySatang(tx, memberId), now });
    // The member's pages read the ended grant (no bonus shown as active at zero, issue 26 §3).
    if (!stillActive) await notifyBalanceChanged(tx, memberId, 'adjustment');
  });
}

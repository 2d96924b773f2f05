import { availableCreditBalance, inLedgerTransaction, lockAccount, readAccountBalance, requireMemberAccountId } from '@sabai/ledger';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { notifyBalanceChanged } from '../../lib/balance-notifications.ts';
import { memberLockLeaseMs } from '../../config.ts';
import { withMemberLock } from '../../lib/member-lock.ts';
import { moveGameCredit } from '../play/index.ts';
import { endGrant, readActiveGrant, splitUnderGrant } from '../promotions/index.ts';

/**
 * `POST /user-profile-composite/v1/bonus/cancel` (ours, issue 26 §1, docs/adr/0043): the member
 * ends their bonus, forfeiting only the bonus and its winnings (bonus-rules splitUnderGrant), never
 * their own money. The page says the amount first (withdrawal condition `bonusCancelForfeitAmount`)
 * and sends it back as `expectedForfeitSatang`: when a settlement changed it since, nothing is done
 * (BONUS_FORFEIT_CHANGED) and the page shows the new amount. Credit at the game partner comes back
 * first (GAME_OUT), so the forfeit is taken from the main wallet, by a BONUS_FORFEIT transfer of
 * its own (key `bonus-forfeit:<grant>`: a repeated cancel posts nothing twice). Runs under the
 * member's money lock (issue 15).
 * @returns satang forfeited and the member's money left (main, satang).
 * @throws AppError NO_ACTIVE_BONUS, BONUS_FORFEIT_CHANGED, MEMBER_BUSY, GAME_TRANSFER_PENDING, GAME_PROVIDER_UNAVAILABLE.
 */
export async function cancelBonus(
  context: AppContext,
  input: { memberId: string; expectedForfeitSatang: bigint },
): Promise<{ forfeitedSatang: bigint; balanceSatang: bigint }> {
  if (!(await readActiveGrant(context.db, input.memberId, false))) throw new AppError('NO_ACTIVE_BONUS');
  const lock = { waitMs: context.config.MEMBER_LOCK_WAIT_MS, leaseMs: memberLockLeaseMs(context.config) };
  return withMemberLock(context.db, input.memberId, lock, async () => {
    const hasGameAccount = await context.db.query('SELECT 1 FROM game_accounts WHERE member_id = $1', [input.memberId]);
    if (hasGameAccount.rowCount > 0) {
      const moved = await moveGameCredit(context, { memberId: input.memberId, direction: 'out', amountSatang: 'all' });
      if (moved.status === 'sending' || (moved.status === 'skipped' && moved.reason === 'TRANSFER_IN_FLIGHT')) throw new AppError('GAME_TRANSFER_PENDING');
      if (moved.status === 'skipped' && moved.reason === 'PARTNER_UNAVAILABLE') throw new AppError('GAME_PROVIDER_UNAVAILABLE');
    }
    return inLedgerTransaction(context.db, async (tx) => {
      const mainAccount = await requireMemberAccountId(tx, input.memberId, 'main');
      await lockAccount(tx, mainAccount);
      // Everything must be in the main wallet to split it: credit still at the partner waits.
      const game = availableCreditBalance(await readAccountBalance(tx, await requireMemberAccountId(tx, input.memberId, 'game')));
      if (game > 0n) throw new AppError('GAME_TRANSFER_PENDING');
      const grant = await readActiveGrant(tx, input.memberId, true);
      if (!grant) throw new AppError('NO_ACTIVE_BONUS');
      const mainAvailable = availableCreditBalance(await readAccountBalance(tx, mainAccount));
      const { bonusPartSatang } = splitUnderGrant(mainAvailable, grant);
      if (bonusPartSatang !== input.expectedForfeitSatang) throw new AppError('BONUS_FORFEIT_CHANGED');
      await endGrant(tx, { memberId: input.memberId, grantId: grant.id, reason: 'CANCELLED', forfeitSatang: bonusPartSatang, now: context.now() });
      await notifyBalanceChanged(tx, input.memberId, 'adjustment');
      return { forfeitedSatang: bonusPartSatang, balanceSatang: mainAvailable - bonusPartSatang };
    });
  });
}

import type { AppContext } from '../../context.ts';
import { isAppError } from '../../lib/app-error.ts';
import { memberLockLeaseMs } from '../../config.ts';
import { withMemberLock } from '../../lib/member-lock.ts';
import { moveGameCredit, readGameMoveSnapshot } from './move-game-credit.ts';
import { assertMayPlayFrom, mayPlayColumns, type MayPlayColumns } from '../responsible-gaming/index.ts';

/**
 * The worker's `continue-into-game` handler (issue "Play", issue 10 §3): after a credited deposit
 * and its bonus decision, the member's main wallet moves into their game account (GAME_IN 'all').
 * Idempotent: it moves what the main wallet holds now, so a second run moves nothing.
 *
 * As a launch does (docs/adr/0066, 0071): under the member's money lock (no wait), one statement
 * reads the game account, the transfer in flight, the wallets and player protection (issue 12);
 * the move then reserves the main wallet's balance of that read in one statement and settles in
 * one statement (moveGameCredit with `known`).
 *
 * The member launching or withdrawing right now (MEMBER_BUSY, no wait), player protection (an
 * exclusion or a loss limit: RG_EXCLUDED / RG_LOSS_LIMIT_REACHED) or a partner outage leaves the
 * money in the main wallet, withdrawable, where the next launch moves it: outcomes, not failures.
 * A seamless partner (docs/adr/0046) plays from the main wallet: nothing moves, nothing is read.
 * Anything else throws, and the job is retried, then kept as a dead letter.
 */
export async function continueIntoGame(context: AppContext, memberId: string): Promise<'moved' | 'left-in-main'> {
  if (context.partner.walletMode === 'seamless') return 'left-in-main';
  try {
    return await withMemberLock(context.db, memberId, { waitMs: 0, leaseMs: memberLockLeaseMs(context.config) }, async () => {
      const now = context.now();
      const known = await readGameMoveSnapshot<MayPlayColumns>(context, memberId, { columns: mayPlayColumns(2), params: [now] });
      // Excluded or past a loss limit (issue 12): checked before anything is asked or moved.
      await assertMayPlayFrom(context.db, memberId, now, known.extra);
      const moved = await moveGameCredit(context, { memberId, direction: 'in', amountSatang: 'all', known });
      return moved.status === 'succeeded' ? ('moved' as const) : ('left-in-main' as const);
    });
  } catch (error) {
    if (isAppError(error) && (error.code === 'MEMBER_BUSY' || error.code === 'RG_EXCLUDED' || error.code === 'RG_LOSS_LIMIT_REACHED')) return 'left-in-main';
    throw error;
  }
}

import type { AppContext } from '../../context.ts';
import { isAppError } from '../../lib/app-error.ts';
import { moveGameCreditLocked } from './move-game-credit.ts';
import { assertMayPlay } from '../responsible-gaming/index.ts';

/**
 * The worker's `continue-into-game` handler (issue "Play", issue 10 §3): after a credited deposit
 * and its bonus decision, the member's main wallet moves into their game account (GAME_IN 'all').
 * Idempotent: it moves what the main wallet holds now, so a second run moves nothing.
 *
 * The member launching or withdrawing right now (MEMBER_BUSY, no wait) or a partner outage
 * leaves the money in the main wallet, where the next launch moves it: both are outcomes, not
 * failures. Anything else throws, and the job is retried, then kept as a dead letter.
 */
export async function continueIntoGame(context: AppContext, memberId: string): Promise<'moved' | 'left-in-main'> {
  try {
    // Excluded or past a loss limit (issue 12): the money stays in the main wallet, withdrawable.
    await assertMayPlay(context.db, memberId, context.now());
    const moved = await moveGameCreditLocked(context, { memberId, direction: 'in', amountSatang: 'all' }, { waitMs: 0 });
    return moved.status === 'succeeded' ? 'moved' : 'left-in-main';
  } catch (error) {
    if (isAppError(error) && (error.code === 'MEMBER_BUSY' || error.code === 'RG_EXCLUDED' || error.code === 'RG_LOSS_LIMIT_REACHED')) return 'left-in-main';
    throw error;
  }
}

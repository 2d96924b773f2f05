import type { AppContext } from '../../context.ts';
import { memberLockLeaseMs } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';
import { withMemberLock } from '../../lib/member-lock.ts';
import { PartnerUnavailableError } from '../../adapters/partner/index.ts';
import { ensureGameAccount } from './ensure-game-account.ts';
import { moveGameCredit } from './move-game-credit.ts';

/**
 * Launching a game (`POST /game-composite/v1/launch`): under the member's money lock, the main
 * wallet moves into the game (GAME_IN) and the partner's launch URL is answered only once that
 * move has settled (issue 15), so the member never opens a game with credit still on its way.
 * Nothing to move (main wallet empty) launches with what is already in the game.
 * @returns the partner's launch URL.
 * @throws AppError MEMBER_BUSY (another money operation of the member is running),
 *   GAME_CREDIT_ON_THE_WAY (the move's outcome is not known yet: play once it arrives),
 *   GAME_PROVIDER_UNAVAILABLE (the partner cannot be reached or refused the move; the money stays in the main wallet).
 */
export async function launchGame(context: AppContext, input: { memberId: string; gameCode: string; returnUrl: string }): Promise<string> {
  const lock = { waitMs: context.config.MEMBER_LOCK_WAIT_MS, leaseMs: memberLockLeaseMs(context.config) };
  return withMemberLock(context.db, input.memberId, lock, async () => {
    try {
      const account = await ensureGameAccount(context, input.memberId);
      const moved = await moveGameCredit(context, { memberId: input.memberId, direction: 'in', amountSatang: 'all' });
      if (moved.status === 'sending' || (moved.status === 'skipped' && moved.reason === 'TRANSFER_IN_FLIGHT')) throw new AppError('GAME_CREDIT_ON_THE_WAY');
      if (moved.status === 'failed' || (moved.status === 'skipped' && moved.reason === 'PARTNER_UNAVAILABLE')) throw new AppError('GAME_PROVIDER_UNAVAILABLE');
      return await context.partner.launchUrl({ username: account.username, gameCode: input.gameCode, returnUrl: input.returnUrl });
    } catch (error) {
      if (error instanceof PartnerUnavailableError) throw new AppError('GAME_PROVIDER_UNAVAILABLE');
      throw error;
    }
  });
}

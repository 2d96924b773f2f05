import type { AppContext } from '../../context.ts';
import { memberLockLeaseMs } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';
import { withMemberLock } from '../../lib/member-lock.ts';
import { PartnerRefusedError, PartnerUnavailableError } from '../../adapters/partner/index.ts';
import { ensureGameAccount } from './ensure-game-account.ts';
import { moveGameCredit, readGameMoveSnapshot } from './move-game-credit.ts';
import { assertMayPlayFrom, mayPlayColumns, type MayPlayColumns } from '../responsible-gaming/index.ts';
import { launchHub88Game } from '../seamless-hub88/index.ts';

/**
 * Launching a game (`POST /game-composite/v1/launch`), in this order, so a refused launch moves no
 * money (issue 13 §3.1) and a game never opens with credit still on its way (issue 15):
 * 1. the return address must be http(s) on one of our own origins (`allowedOrigins`);
 * 2. under the member's money lock, the partner is asked for the launch: it checks the game
 *    against its catalogue (unknown → 404 GAME_NOT_FOUND, nothing moved);
 * 3. the main wallet moves into the game (GAME_IN) and the URL is answered only once that move
 *    has settled. Nothing to move (main wallet empty) launches with what is already in the game.
 * @returns the partner's launch URL.
 * @throws AppError INVALID_RETURN_URL, GAME_NOT_FOUND, MEMBER_BUSY (another money operation of
 *   the member is running), GAME_CREDIT_ON_THE_WAY (the move's outcome is not known yet: play once
 *   it arrives), GAME_PROVIDER_UNAVAILABLE (the partner cannot be reached or refused the move; the
 *   money stays in the main wallet).
 */
export async function launchGame(
  context: AppContext,
  input: { memberId: string; gameCode: string; returnUrl: string; allowedOrigins: readonly string[]; isDemo?: boolean; ip?: string },
): Promise<string> {
  if (!isOwnPage(input.returnUrl, input.allowedOrigins)) throw new AppError('INVALID_RETURN_URL');
  // A seamless partner (Hub88, docs/adr/0046): no credit moves, a session token instead.
  if (context.partner.walletMode === 'seamless') {
    return launchHub88Game(context, { memberId: input.memberId, gameCode: input.gameCode, returnUrl: input.returnUrl, isDemo: input.isDemo === true, ...(input.ip ? { ip: input.ip } : {}) });
  }
  const lock = { waitMs: context.config.MEMBER_LOCK_WAIT_MS, leaseMs: memberLockLeaseMs(context.config) };
  return withMemberLock(context.db, input.memberId, lock, async () => {
    // The game account, a transfer still in flight, the main wallet and what player protection
    // reads (issue 12: no game during a time-out or self-exclusion, or past a loss limit) in one
    // statement (issue 29 §1, docs/adr/0066): checked before anything is asked or moved.
    const now = context.now();
    const known = await readGameMoveSnapshot<MayPlayColumns>(context, input.memberId, { columns: mayPlayColumns(2), params: [now] });
    await assertMayPlayFrom(context.db, input.memberId, now, known.extra);
    try {
      const account = await ensureGameAccount(context, input.memberId, known);
      const url = await context.partner.launchUrl({ username: account.username, gameCode: input.gameCode, returnUrl: input.returnUrl });
      const moved = await moveGameCredit(context, { memberId: input.memberId, direction: 'in', amountSatang: 'all', account, known });
      if (moved.status === 'sending' || (moved.status === 'skipped' && moved.reason === 'TRANSFER_IN_FLIGHT')) throw new AppError('GAME_CREDIT_ON_THE_WAY');
      if (moved.status === 'failed' || (moved.status === 'skipped' && moved.reason === 'PARTNER_UNAVAILABLE')) throw new AppError('GAME_PROVIDER_UNAVAILABLE');
      return url;
    } catch (error) {
      if (error instanceof PartnerRefusedError) throw new AppError('GAME_NOT_FOUND');
      if (error instanceof PartnerUnavailableError) throw new AppError('GAME_PROVIDER_UNAVAILABLE');
      throw error;
    }
  });
}

/** An absolute http(s) URL whose origin is one of ours (never `javascript:`, never another site). */
function isOwnPage(returnUrl: string, allowedOrigins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(returnUrl);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && allowedOrigins.some((origin) => originOf(origin) === url.origin);
}

/** The normalized origin (`http://localhost:80` → `http://localhost`), or null when not a URL. */
function originOf(text: string): string | null {
  try {
    return new URL(text).origin;
  } catch {
    return null;
  }
}

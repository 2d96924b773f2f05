import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { PartnerRefusedError, PartnerUnavailableError, hub88ClientFor } from '../../adapters/partner/index.ts';
import { assertMayPlay } from '../responsible-gaming/index.ts';
import { hub88UserOfMember } from './hub88-members.ts';
import { openHub88Session } from './hub88-sessions.ts';

/**
 * Launching a Hub88 game (`POST /game-composite/v1/launch` with GAME_PARTNER_PROVIDER=hub88,
 * issue 30 §4). Nothing moves: the member plays from the main wallet and Hub88 calls the wallet
 * API per bet. In order:
 * 1. player protection (issue 12): no real play during a time-out or exclusion or past a loss
 *    limit (demo play neither: the lobby hides games from such a member);
 * 2. the game must be in the lobby (Hub88's list, enabled, not blocked in Thailand: the licence);
 * 3. real play opens a session (a fresh token for this member and game, hub88-sessions.ts) and
 *    asks Hub88's `/operator/generic/v2/game/url` with the member's Hub88 user and the token;
 *    demo play asks with currency `XXX` and neither.
 * @returns Hub88's landing URL.
 * @throws AppError RG_EXCLUDED / RG_LOSS_LIMIT_REACHED, GAME_NOT_FOUND, GAME_PROVIDER_UNAVAILABLE.
 */
export async function launchHub88Game(
  context: AppContext,
  input: { memberId: string; gameCode: string; returnUrl: string; isDemo: boolean; ip?: string },
): Promise<string> {
  await assertMayPlay(context.db, input.memberId, context.now());
  const client = hub88ClientFor(context.config);
  try {
    const games = await context.partner.listGames();
    if (!games.some((game) => game.code === input.gameCode)) throw new AppError('GAME_NOT_FOUND');
    const common = { gameCode: input.gameCode, lobbyUrl: input.returnUrl, platform: 'GPL_DESKTOP' as const, lang: 'th', country: 'TH', ...(input.ip ? { ip: input.ip } : {}) };
    if (input.isDemo) return await client.gameUrl({ ...common, currency: 'XXX' });
    const user = await hub88UserOfMember(context.db, context.config.GAME_USERNAME_PREFIX, input.memberId);
    const token = await openHub88Session(context.db, {
      memberId: input.memberId, hub88User: user, gameCode: input.gameCode, isDemo: false, now: context.now(), idleMs: context.config.HUB88_SESSION_IDLE_MS,
    });
    return await client.gameUrl({ ...common, user, token, currency: 'THB' });
  } catch (error) {
    if (error instanceof PartnerRefusedError) throw new AppError('GAME_NOT_FOUND');
    if (error instanceof PartnerUnavailableError) throw new AppError('GAME_PROVIDER_UNAVAILABLE');
    throw error;
  }
}

import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { PartnerRefusedError, PartnerUnavailableError, hub88ClientFor } from '../../adapters/partner/index.ts';

/**
 * A round's details for support (issue 30 §2): Hub88's `/operator/generic/v2/game/round` answer for
 * the member's Hub88 user, round and one of its transaction uuids, as Hub88 gives it.
 * @throws AppError GAME_PROVIDER_UNAVAILABLE (not a Hub88 site, Hub88 unreachable), GAME_NOT_FOUND (Hub88 does not know the round).
 */
export async function readHub88Round(context: AppContext, input: { user: string; round: string; transactionUuid: string }): Promise<unknown> {
  if (context.config.GAME_PARTNER_PROVIDER !== 'hub88') throw new AppError('GAME_PROVIDER_UNAVAILABLE');
  try {
    return await hub88ClientFor(context.config).roundDetails(input);
  } catch (error) {
    if (error instanceof PartnerRefusedError) throw new AppError('GAME_NOT_FOUND');
    if (error instanceof PartnerUnavailableError) throw new AppError('GAME_PROVIDER_UNAVAILABLE');
    throw error;
  }
}

import { paths } from '../../config/paths.ts';
import { isGameCategory, isGameType, type GameCategory, type GameType, type ProviderEntry } from './catalogues/types.ts';

/**
 * What a lobby URL asks for: /user/play/{category?}/{gameType?}/{ch?} (spec §2) or one of the
 * category shortcuts /user/slot, /user/baccarat (casino), /user/poker, /user/trading.
 */
export interface LobbyRoute {
  category: GameCategory | null;
  gameType: GameType | null;
  ch: string | null;
}

export const SHORTCUT_CATEGORIES: Readonly<Record<string, GameCategory>> = {
  slot: 'EGAMES',
  baccarat: 'LIVECASINO',
  poker: 'POKER',
  trading: 'TRADING',
};

/** The order of the lobby's category tabs: casino, slots, poker, trading. */
export const LOBBY_CATEGORIES: readonly GameCategory[] = ['LIVECASINO', 'EGAMES', 'POKER', 'TRADING'];

export function parseLobbyRoute(pathname: string, params: { category?: string; gameType?: string; ch?: string }): LobbyRoute {
  const feature = pathname.split('/')[2] ?? '';
  const shortcut = SHORTCUT_CATEGORIES[feature];
  if (shortcut) return { category: shortcut, gameType: null, ch: null };
  const category = params.category?.toUpperCase();
  if (!isGameCategory(category)) return { category: null, gameType: null, ch: null };
  const gameType = params.gameType === undefined ? undefined : params.gameType.toUpperCase();
  const ch = params.ch?.trim().toLowerCase() || null;
  return { category, gameType: isGameType(gameType) ? gameType : null, ch: isGameType(gameType) ? ch : null };
}

export const categoryPath = (category: GameCategory) => paths.user.play(category);
export const providerPath = (provider: ProviderEntry) => paths.user.play(provider.category, provider.gameType, provider.ch);

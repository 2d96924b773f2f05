import { BETFLIK_CATALOGUE } from './betflik-catalogue.ts';
import { DEFAULT_CATALOGUE } from './default-catalogue.ts';
import { GAME_CATEGORIES, type Catalogue, type CatalogueId, type GameCategory, type ProviderEntry } from './types.ts';

export const CATALOGUES: Readonly<Record<CatalogueId, Catalogue>> = {
  default: DEFAULT_CATALOGUE,
  betflik: BETFLIK_CATALOGUE,
};

/** Spec §1: Betflik's catalogue when settings.Partner names Betflik (any case, spaces ignored), else the default. */
export function catalogueIdFor(partner: string | null | undefined): CatalogueId {
  return typeof partner === 'string' && partner.trim().toLowerCase() === 'betflik' ? 'betflik' : 'default';
}

export function selectCatalogue(partner: string | null | undefined): Catalogue {
  return CATALOGUES[catalogueIdFor(partner)];
}

export const providersOf = (catalogue: Catalogue, category: GameCategory): ProviderEntry[] =>
  catalogue.providers.filter((provider) => provider.category === category);

/** The entry a lobby URL names (category, provider code and, when given, game type). */
export function findProvider(
  catalogue: Catalogue,
  category: GameCategory,
  ch: string,
  gameType?: string,
): ProviderEntry | undefined {
  const candidates = providersOf(catalogue, category).filter((provider) => provider.ch === ch);
  return candidates.find((provider) => provider.gameType === gameType) ?? candidates[0];
}

/** What the partner lists (`GET /game-composite/v1/games`): enough to tell which tiles lead to a game. */
export interface ListedGame {
  category: string;
  provider: string;
}

/**
 * The catalogue cut to what the partner can launch (issue 14 §3): a provider tile stays only when
 * the partner lists at least one game of that provider in that category. A tile with nothing
 * behind it is never drawn; the same catalogue object comes back when nothing was cut.
 */
export function launchableCatalogue(catalogue: Catalogue, games: readonly ListedGame[]): Catalogue {
  const offered = new Set(games.map((game) => `${game.category.toUpperCase()}|${game.provider.trim().toLowerCase()}`));
  const providers = catalogue.providers.filter((provider) => offered.has(`${provider.category}|${provider.ch}`));
  return providers.length === catalogue.providers.length ? catalogue : { ...catalogue, providers };
}

/** The categories of a catalogue that have at least one provider, in the lobby's order. */
export const categoriesWithProviders = (catalogue: Catalogue, order: readonly GameCategory[] = GAME_CATEGORIES): GameCategory[] =>
  order.filter((category) => providersOf(catalogue, category).length > 0);

/**
 * Spec §3 "Game provider entry": a provider (ch) the lobby shows in one category, with its tile
 * image. gameType says how the provider opens: a category of games, a lobby, or anything (`*`).
 */
export const GAME_CATEGORIES = ['LIVECASINO', 'EGAMES', 'POKER', 'TRADING'] as const;
export type GameCategory = (typeof GAME_CATEGORIES)[number];

export const GAME_TYPES = ['LIVECASINO', 'EGAMES', 'TRADING', 'LOBBY', '*'] as const;
export type GameType = (typeof GAME_TYPES)[number];

export interface ProviderEntry {
  /** The provider code the game API filters on (`provider=<ch>`). */
  ch: string;
  /** Display name on the tile. */
  name: string;
  /** Tile image shipped with the site (public/games/providers/). */
  img: string;
  gameType: GameType;
  category: GameCategory;
}

export type CatalogueId = 'default' | 'betflik';

export interface Catalogue {
  id: CatalogueId;
  providers: readonly ProviderEntry[];
}

export const isGameCategory = (value: unknown): value is GameCategory =>
  typeof value === 'string' && (GAME_CATEGORIES as readonly string[]).includes(value);

export const isGameType = (value: unknown): value is GameType =>
  typeof value === 'string' && (GAME_TYPES as readonly string[]).includes(value);

/** Where provider tiles live (apps/web/public/games/providers/<file>.svg). */
export const providerImage = (file: string) => `/games/providers/${file}.svg`;

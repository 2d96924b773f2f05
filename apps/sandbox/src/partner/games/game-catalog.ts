/** The games the sandbox partner really runs (both playable in the browser). */

export const GOLDEN_ELEPHANT_CODE = 'sabai-slot-golden-elephant';
export const BACCARAT_TABLE_CODE = 'sabai-baccarat-1';

export const GAME_CATEGORIES = ['LIVECASINO', 'EGAMES', 'POKER', 'TRADING'] as const;
export type GameCategory = (typeof GAME_CATEGORIES)[number];

export interface CatalogGame {
  code: string;
  name: string;
  category: GameCategory;
  provider: string;
  /** File under /games/assets/. */
  imageFile: string;
}

/** Stakes a member may choose in both games, in satang: 1, 5, 10, 50, 100 baht. */
export const CHIP_STAKES_SATANG: readonly bigint[] = [100n, 500n, 1_000n, 5_000n, 10_000n];

/** The provider code, as aggregators name their game providers (the member site's catalogue uses it). */
const PROVIDER = 'sabai';

export const GAMES: readonly CatalogGame[] = [
  { code: GOLDEN_ELEPHANT_CODE, name: 'ช้างทองคำ', category: 'EGAMES', provider: PROVIDER, imageFile: 'golden-elephant.svg' },
  { code: BACCARAT_TABLE_CODE, name: 'บาคาร่า โต๊ะ 1', category: 'LIVECASINO', provider: PROVIDER, imageFile: 'baccarat-1.svg' },
];

export const findGame = (code: string): CatalogGame | undefined => GAMES.find((game) => game.code === code);

/** The agent API's `{ games }` entries, optionally of one category. */
export function listGames(publicBaseUrl: string, category?: GameCategory) {
  const base = publicBaseUrl.replace(/\/+$/, '');
  return GAMES.filter((game) => category === undefined || game.category === category).map((game) => ({
    code: game.code,
    name: game.name,
    category: game.category,
    provider: game.provider,
    imageUrl: `${base}/games/assets/${game.imageFile}`,
  }));
}

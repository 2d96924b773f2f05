/** The games the sandbox Hub88 offers: the sandbox's own slot and baccarat, under Hub88-style codes. */

export const HUB88_SLOT_CODE = 'sbx_golden_elephant';
export const HUB88_BACCARAT_CODE = 'sbx_baccarat_1';
/** Hub88's `product`: the studio that made the games (the sandbox's own, as the transfer-wallet partner names its provider). */
export const HUB88_PRODUCT = 'Sabai';

interface Hub88CatalogGame {
  game_id: number;
  game_code: string;
  name: string;
  category: string;
  release_date: string;
  imageFile: string;
}

const GAMES: readonly Hub88CatalogGame[] = [
  { game_id: 880001, game_code: HUB88_SLOT_CODE, name: 'ช้างทองคำ', category: 'Video Slots', release_date: '2026-11-01', imageFile: 'golden-elephant.svg' },
  { game_id: 880002, game_code: HUB88_BACCARAT_CODE, name: 'บาคาร่า โต๊ะ 1', category: 'Live Baccarat', release_date: '2026-11-01', imageFile: 'baccarat-1.svg' },
];

export const isHub88Game = (code: unknown): code is string => typeof code === 'string' && GAMES.some((game) => game.game_code === code);

/** The `/operator/generic/v2/game/list` answer: an array of games (docs.hub88.io Games API, "Get a list of games"). */
export function hub88GameList(publicBaseUrl: string) {
  const base = publicBaseUrl.replace(/\/+$/, '');
  return GAMES.map((game) => ({
    game_id: game.game_id,
    game_code: game.game_code,
    name: game.name,
    product: HUB88_PRODUCT,
    category: game.category,
    platforms: ['GPL_DESKTOP', 'GPL_MOBILE'],
    enabled: true,
    freebet_support: false,
    blocked_countries: [],
    release_date: game.release_date,
    url_thumb: `${base}/games/assets/${game.imageFile}`,
    url_background: `${base}/games/assets/${game.imageFile}`,
  }));
}

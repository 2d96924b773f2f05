import { providerImage, type Catalogue, type GameCategory, type GameType, type ProviderEntry } from './types.ts';

/**
 * The lineup a Betflik agent offers (spec §1 "one for the partner named Betflik"): the providers
 * Thai members look for, by category. Tiles are our own drawings with the provider's name; no
 * provider logo is copied.
 */
const entry = (ch: string, name: string, category: GameCategory, gameType: GameType): ProviderEntry => ({
  ch,
  name,
  img: providerImage(ch),
  gameType,
  category,
});

export const BETFLIK_CATALOGUE: Catalogue = {
  id: 'betflik',
  providers: [
    // Live casino: baccarat, dragon tiger, roulette tables; most open the provider's lobby.
    entry('sa', 'SA Gaming', 'LIVECASINO', 'LIVECASINO'),
    entry('sexy', 'Sexy Baccarat', 'LIVECASINO', 'LIVECASINO'),
    entry('dg', 'Dream Gaming', 'LIVECASINO', 'LIVECASINO'),
    entry('wm', 'WM Casino', 'LIVECASINO', 'LIVECASINO'),
    entry('evo', 'Evolution', 'LIVECASINO', 'LOBBY'),
    entry('pp-live', 'Pragmatic Live', 'LIVECASINO', 'LIVECASINO'),
    entry('allbet', 'Allbet', 'LIVECASINO', 'LIVECASINO'),
    entry('pretty', 'Pretty Gaming', 'LIVECASINO', 'LIVECASINO'),
    entry('bg', 'Big Gaming', 'LIVECASINO', 'LIVECASINO'),
    // Slots: each provider lists its games.
    entry('pg', 'PG Soft', 'EGAMES', 'EGAMES'),
    entry('jili', 'JILI', 'EGAMES', 'EGAMES'),
    entry('pp', 'Pragmatic Play', 'EGAMES', 'EGAMES'),
    entry('joker', 'Joker Gaming', 'EGAMES', 'EGAMES'),
    entry('spade', 'Spadegaming', 'EGAMES', 'EGAMES'),
    entry('cq9', 'CQ9', 'EGAMES', 'EGAMES'),
    entry('redtiger', 'Red Tiger', 'EGAMES', 'EGAMES'),
    entry('habanero', 'Habanero', 'EGAMES', 'EGAMES'),
    entry('mg', 'Microgaming', 'EGAMES', 'EGAMES'),
    entry('nolimit', 'Nolimit City', 'EGAMES', 'EGAMES'),
    entry('relax', 'Relax Gaming', 'EGAMES', 'EGAMES'),
    entry('ygg', 'Yggdrasil', 'EGAMES', 'EGAMES'),
    // Card games.
    entry('kingmaker', 'KingMaker', 'POKER', 'LOBBY'),
    entry('jili-table', 'JILI Table', 'POKER', 'LOBBY'),
    // Trading.
    entry('betflik-trade', 'Betflik Trade', 'TRADING', 'TRADING'),
  ],
};

import { providerImage, type Catalogue } from './types.ts';

/**
 * Our own partner's lineup (spec §1 "a default one"): one provider per category. Sabai runs both
 * its live tables and its slots under the provider code `sabai`; each entry has its own tile.
 */
export const DEFAULT_CATALOGUE: Catalogue = {
  id: 'default',
  providers: [
    { ch: 'sabai', name: 'Sabai Live', img: providerImage('sabai-live'), gameType: 'LIVECASINO', category: 'LIVECASINO' },
    { ch: 'sabai', name: 'Sabai Slots', img: providerImage('sabai-slots'), gameType: 'EGAMES', category: 'EGAMES' },
    { ch: 'sabai-poker', name: 'Sabai Poker', img: providerImage('sabai-poker'), gameType: 'LOBBY', category: 'POKER' },
    { ch: 'sabai-trade', name: 'Sabai Trade', img: providerImage('sabai-trade'), gameType: 'TRADING', category: 'TRADING' },
  ],
};

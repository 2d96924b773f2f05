import { describe, expect, it } from 'vitest';
import { baccaratPayoutSatang, bankerDraws, cardPoints, dealBaccaratHand, handTotal, playerDraws, type Card } from './baccarat-rules.ts';
import { BaccaratShoe, CUT_CARD_REMAINING } from './baccarat-shoe.ts';

/** Cards with these ranks, dealt in order (player, banker, player, banker, player 3rd, banker 3rd). */
const dealer = (ranks: number[]) => {
  const cards: Card[] = ranks.map((rank) => ({ rank, suit: 'spades' }));
  return () => {
    const card = cards.shift();
    if (!card) throw new Error('dealt more cards than scripted');
    return card;
  };
};

describe('baccarat rules', () => {
  it('counts ace 1, two to nine at face value, ten and court cards 0, modulo 10', () => {
    expect([1, 2, 9, 10, 11, 12, 13].map((rank) => cardPoints({ rank, suit: 'hearts' }))).toEqual([1, 2, 9, 0, 0, 0, 0]);
    expect(handTotal([{ rank: 7, suit: 'clubs' }, { rank: 8, suit: 'clubs' }])).toBe(5);
    expect(handTotal([{ rank: 13, suit: 'clubs' }, { rank: 12, suit: 'clubs' }, { rank: 10, suit: 'clubs' }])).toBe(0);
  });

  it('player draws on 0–5 and stands on 6–7', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(playerDraws)).toEqual([true, true, true, true, true, true, false, false]);
  });

  // Rows: banker total 0..7. Columns: player's third card 0..9. D = draws, S = stands.
  const BANKER_TABLE: Record<number, string> = {
    0: 'DDDDDDDDDD',
    1: 'DDDDDDDDDD',
    2: 'DDDDDDDDDD',
    3: 'DDDDDDDDSD',
    4: 'SSDDDDDDSS',
    5: 'SSSSDDDDSS',
    6: 'SSSSSSDDSS',
    7: 'SSSSSSSSSS',
  };
  it.each(Object.entries(BANKER_TABLE))('banker on %s draws by the player\u2019s third card: %s', (total, row) => {
    for (let third = 0; third <= 9; third += 1) expect(bankerDraws(Number(total), third), `third card ${third}`).toBe(row[third] === 'D');
  });

  it('banker, when the player stood, draws on 0–5 and stands on 6–7', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((total) => bankerDraws(total, null))).toEqual([true, true, true, true, true, true, false, false]);
  });

  it.each([
    { name: 'player natural 9 stops both', ranks: [4, 10, 5, 6], player: 2, banker: 2, winner: 'player', natural: true },
    { name: 'banker natural 8 stops a player on 0', ranks: [10, 3, 13, 5], player: 2, banker: 2, winner: 'banker', natural: true },
    { name: 'natural 8 against 8 is a tie', ranks: [3, 4, 5, 4], player: 2, banker: 2, winner: 'tie', natural: true },
    { name: 'player 6 and banker 7 both stand', ranks: [2, 3, 4, 4], player: 2, banker: 2, winner: 'banker', natural: false },
    { name: 'player stands on 7, banker 5 draws (to 6)', ranks: [3, 2, 4, 3, 1], player: 2, banker: 3, winner: 'player', natural: false },
    { name: 'player draws on 5, banker 3 stands on a third-card 8 (3 to 3)', ranks: [2, 1, 3, 2, 8], player: 3, banker: 2, winner: 'tie', natural: false },
    { name: 'player draws on 0, banker 3 draws on a third-card 9', ranks: [10, 1, 10, 2, 9, 5], player: 3, banker: 3, winner: 'player', natural: false },
    { name: 'banker 6 draws on a third-card 6 (9 beats 8)', ranks: [1, 3, 1, 3, 6, 3], player: 3, banker: 3, winner: 'banker', natural: false },
    { name: 'banker 6 stands on a third-card 5', ranks: [1, 3, 1, 3, 5], player: 3, banker: 2, winner: 'player', natural: false },
  ])('$name', ({ ranks, player, banker, winner, natural }) => {
    const hand = dealBaccaratHand(dealer(ranks));
    expect(hand.player).toHaveLength(player);
    expect(hand.banker).toHaveLength(banker);
    expect(hand.winner).toBe(winner);
    expect(hand.isNatural).toBe(natural);
  });

  it('deals in the order player, banker, player, banker', () => {
    const hand = dealBaccaratHand(dealer([9, 1, 10, 2]));
    expect(hand.player.map((card) => card.rank)).toEqual([9, 10]);
    expect(hand.banker.map((card) => card.rank)).toEqual([1, 2]);
  });

  it.each([
    ['player', 'player', 2_000n],
    ['player', 'banker', 0n],
    ['player', 'tie', 1_000n],
    ['banker', 'banker', 1_950n],
    ['banker', 'player', 0n],
    ['banker', 'tie', 1_000n],
    ['tie', 'tie', 9_000n],
    ['tie', 'player', 0n],
    ['tie', 'banker', 0n],
  ] as const)('a 10-baht %s bet on a %s result returns %d satang', (side, winner, payout) => {
    expect(baccaratPayoutSatang(side, 1_000n, winner)).toBe(payout);
  });

  it('rounds the banker commission down to the satang', () => {
    expect(baccaratPayoutSatang('banker', 101n, 'banker')).toBe(101n + 95n);
  });
});

describe('baccarat shoe', () => {
  it('holds 8 decks: 416 cards, 32 of each rank, 104 of each suit', () => {
    const shoe = new BaccaratShoe();
    const cards = Array.from({ length: 416 }, () => shoe.draw());
    for (let rank = 1; rank <= 13; rank += 1) expect(cards.filter((card) => card.rank === rank)).toHaveLength(32);
    for (const suit of ['spades', 'hearts', 'diamonds', 'clubs']) expect(cards.filter((card) => card.suit === suit)).toHaveLength(104);
    expect(() => shoe.draw()).toThrow(/empty/);
  });

  it('reshuffles at the cut card, never mid-hand', () => {
    const shoe = new BaccaratShoe();
    while (shoe.remaining >= CUT_CARD_REMAINING) shoe.draw();
    shoe.prepareHand();
    expect(shoe.remaining).toBe(416);
  });

  it('is shuffled by the injected random source (Fisher–Yates)', () => {
    const first = new BaccaratShoe(() => 0);
    const second = new BaccaratShoe(() => 0);
    expect(Array.from({ length: 10 }, () => first.draw())).toEqual(Array.from({ length: 10 }, () => second.draw()));
    const random = new BaccaratShoe();
    const other = new BaccaratShoe();
    expect(Array.from({ length: 20 }, () => random.draw())).not.toEqual(Array.from({ length: 20 }, () => other.draw()));
  });
});

import { randomInt as cryptoRandomInt } from 'node:crypto';
import { SUITS, type Card } from './baccarat-rules.ts';

export const DECKS_IN_SHOE = 8;
/** A new shoe is shuffled before a hand when fewer cards than this remain (the cut card). */
export const CUT_CARD_REMAINING = 52;

/** An 8-deck shoe shuffled by Fisher–Yates with a cryptographic RNG (injectable for tests). */
export class BaccaratShoe {
  readonly #randomInt: (maxExclusive: number) => number;
  #cards: Card[] = [];

  constructor(randomInt: (maxExclusive: number) => number = cryptoRandomInt) {
    this.#randomInt = randomInt;
    this.#shuffle();
  }

  get remaining(): number {
    return this.#cards.length;
  }

  /** Called before each hand: reshuffles at the cut card, so a hand never runs out. */
  prepareHand(): void {
    if (this.#cards.length < CUT_CARD_REMAINING) this.#shuffle();
  }

  draw(): Card {
    const card = this.#cards.pop();
    if (!card) throw new Error('baccarat shoe is empty: prepareHand() must run before every hand');
    return card;
  }

  #shuffle(): void {
    const cards: Card[] = [];
    for (let deck = 0; deck < DECKS_IN_SHOE; deck += 1) {
      for (const suit of SUITS) for (let rank = 1; rank <= 13; rank += 1) cards.push({ rank, suit });
    }
    for (let index = cards.length - 1; index > 0; index -= 1) {
      const other = this.#randomInt(index + 1);
      [cards[index], cards[other]] = [cards[other] as Card, cards[index] as Card];
    }
    this.#cards = cards;
  }
}

/**
 * Punto banco, as dealt at every baccarat table: pure functions, no randomness (the shoe deals).
 * Card points: ace 1, two to nine face value, ten and court cards 0; a hand counts its points
 * modulo 10. Two cards each (player, banker, player, banker). A natural (8 or 9 on either first
 * two cards) ends the hand. Otherwise the player draws on 0–5 and stands on 6–7; then the banker:
 * if the player stood, banker draws on 0–5; if the player drew, the banker's total and the
 * player's third card decide (bankerDraws).
 */

export const SUITS = ['spades', 'hearts', 'diamonds', 'clubs'] as const;
export type Suit = (typeof SUITS)[number];

export interface Card {
  /** 1 = ace … 10, 11 = jack, 12 = queen, 13 = king. */
  rank: number;
  suit: Suit;
}

export type BaccaratSide = 'player' | 'banker' | 'tie';

export const cardPoints = (card: Card): number => (card.rank >= 10 ? 0 : card.rank);

export const handTotal = (cards: readonly Card[]): number => cards.reduce((sum, card) => sum + cardPoints(card), 0) % 10;

export const playerDraws = (playerTotal: number): boolean => playerTotal <= 5;

/**
 * The banker's third-card rule. `playerThirdCardPoints` is null when the player stood.
 *   banker 0–2: draws · 3: draws unless the player's third card is 8 · 4: draws on 2–7 ·
 *   5: draws on 4–7 · 6: draws on 6–7 · 7: stands.
 */
export function bankerDraws(bankerTotal: number, playerThirdCardPoints: number | null): boolean {
  if (playerThirdCardPoints === null) return bankerTotal <= 5;
  const third = playerThirdCardPoints;
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return third !== 8;
    case 4:
      return third >= 2 && third <= 7;
    case 5:
      return third >= 4 && third <= 7;
    case 6:
      return third === 6 || third === 7;
    default:
      return false;
  }
}

export interface BaccaratHand {
  player: Card[];
  banker: Card[];
  playerTotal: number;
  bankerTotal: number;
  isNatural: boolean;
  winner: BaccaratSide;
}

/** Deals one hand from `drawCard` (the shoe), by the rules above. */
export function dealBaccaratHand(drawCard: () => Card): BaccaratHand {
  const player = [drawCard()];
  const banker = [drawCard()];
  player.push(drawCard());
  banker.push(drawCard());
  const isNatural = handTotal(player) >= 8 || handTotal(banker) >= 8;
  if (!isNatural) {
    let playerThirdCardPoints: number | null = null;
    if (playerDraws(handTotal(player))) {
      const third = drawCard();
      player.push(third);
      playerThirdCardPoints = cardPoints(third);
    }
    if (bankerDraws(handTotal(banker), playerThirdCardPoints)) banker.push(drawCard());
  }
  const playerTotal = handTotal(player);
  const bankerTotal = handTotal(banker);
  const winner: BaccaratSide = playerTotal > bankerTotal ? 'player' : bankerTotal > playerTotal ? 'banker' : 'tie';
  return { player, banker, playerTotal, bankerTotal, isNatural, winner };
}

/**
 * What a bet returns, stake included: player 1:1; banker 0.95:1 (5 % commission, rounded down
 * to the satang); tie 8:1. On a tie, player and banker bets are pushed (the stake comes back:
 * result 'draw', not turnover).
 */
export function baccaratPayoutSatang(side: BaccaratSide, stakeSatang: bigint, winner: BaccaratSide): bigint {
  if (side === 'tie') return winner === 'tie' ? stakeSatang * 9n : 0n;
  if (winner === 'tie') return stakeSatang;
  if (side !== winner) return 0n;
  return side === 'player' ? stakeSatang * 2n : stakeSatang + (stakeSatang * 95n) / 100n;
}

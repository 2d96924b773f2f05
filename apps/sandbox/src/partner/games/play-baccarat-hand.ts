import type { PartnerContext } from '../partner-context.ts';
import { baccaratPayoutSatang, dealBaccaratHand, type BaccaratHand, type BaccaratSide } from './baccarat-rules.ts';
import { BACCARAT_TABLE_CODE } from './game-catalog.ts';
import { checkStake, newRoundId, settleRound, type RoundRefusal } from './settle-round.ts';

export type BaccaratHandResult =
  | { ok: true; roundId: string; hand: BaccaratHand; payoutSatang: bigint; balanceAfterSatang: bigint; cardsLeft: number }
  | { ok: false; refusal: RoundRefusal };

/** One hand at the baccarat table with one bet (player, banker or tie), dealt from the shared shoe. */
export function playBaccaratHand(context: PartnerContext, input: { username: string; side: BaccaratSide; stakeSatang: bigint }): BaccaratHandResult {
  const refusal = checkStake(context, input.username, input.stakeSatang);
  if (refusal) return { ok: false, refusal };
  context.shoe.prepareHand();
  const hand = dealBaccaratHand(() => context.shoe.draw());
  const payoutSatang = baccaratPayoutSatang(input.side, input.stakeSatang, hand.winner);
  const roundId = newRoundId();
  const { balanceAfterSatang } = settleRound(context, { roundId, username: input.username, gameCode: BACCARAT_TABLE_CODE, stakeSatang: input.stakeSatang, payoutSatang });
  return { ok: true, roundId, hand, payoutSatang, balanceAfterSatang, cardsLeft: context.shoe.remaining };
}

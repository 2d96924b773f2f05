import { randomInt } from 'node:crypto';
import type { PartnerContext } from '../partner-context.ts';
import { GOLDEN_ELEPHANT_CODE } from './game-catalog.ts';
import { checkStake, newRoundId, settleRound, type RoundRefusal } from './settle-round.ts';
import { outcomeOfStops, spinReels, type SpinOutcome } from './slot-machine.ts';

export type SlotSpinResult =
  | { ok: true; roundId: string; outcome: SpinOutcome; payoutSatang: bigint; balanceAfterSatang: bigint }
  | { ok: false; refusal: RoundRefusal };

/**
 * One spin of ช้างทองคำ for a member: stake checked, reels stopped, round settled. The reels stop
 * at the member's next scripted outcome (context.slotOutcomes, a sandbox test tool) if one is
 * queued, else where crypto.randomInt draws. A refused spin takes nothing from the queue; a
 * scripted round is settled and recorded exactly like a random one.
 */
export function playSlotSpin(context: PartnerContext, input: { username: string; stakeSatang: bigint }): SlotSpinResult {
  const refusal = checkStake(context, input.username, input.stakeSatang);
  if (refusal) return { ok: false, refusal };
  const scriptedStops = context.slotOutcomes.take(input.username);
  const outcome = scriptedStops ? outcomeOfStops(scriptedStops) : spinReels(randomInt);
  const payoutSatang = input.stakeSatang * outcome.win.multiplier;
  const roundId = newRoundId();
  const { balanceAfterSatang } = settleRound(context, { roundId, username: input.username, gameCode: GOLDEN_ELEPHANT_CODE, stakeSatang: input.stakeSatang, payoutSatang });
  return { ok: true, roundId, outcome, payoutSatang, balanceAfterSatang };
}

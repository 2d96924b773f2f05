import { randomBytes } from 'node:crypto';
import type { PartnerContext } from '../partner-context.ts';
import { appendRecord, resultOf, type BetRecord } from '../partner-state.ts';

/** Why a round could not be played (a value: the page shows its Thai message). */
export type RoundRefusal = 'INSUFFICIENT_BALANCE' | 'MEMBER_NOT_FOUND';

export const newRoundId = (): string => `rnd_${randomBytes(8).toString('hex')}`;

/** The stake can be debited: the member exists and holds at least the stake. */
export function checkStake(context: PartnerContext, username: string, stakeSatang: bigint): RoundRefusal | null {
  const member = context.state.members.get(username);
  if (!member) return 'MEMBER_NOT_FOUND';
  return member.balanceSatang < stakeSatang ? 'INSUFFICIENT_BALANCE' : null;
}

/**
 * One round, all at once: debits the stake, credits the payout and appends the 'settled' record
 * to the bet feed. Callers check the stake first (checkStake); a failure here is a bug.
 */
export function settleRound(
  context: PartnerContext,
  round: { roundId: string; username: string; gameCode: string; stakeSatang: bigint; payoutSatang: bigint },
): { record: BetRecord; balanceAfterSatang: bigint } {
  const member = context.state.members.get(round.username);
  if (!member || round.stakeSatang <= 0n || round.payoutSatang < 0n || member.balanceSatang < round.stakeSatang) {
    throw new Error(`round ${round.roundId} cannot settle: stake not checked`);
  }
  member.balanceSatang = member.balanceSatang - round.stakeSatang + round.payoutSatang;
  const record = appendRecord(context.state, {
    ...round,
    result: resultOf(round.stakeSatang, round.payoutSatang),
    status: 'settled',
    settledAt: context.now().toISOString(),
  });
  context.persist();
  return { record, balanceAfterSatang: member.balanceSatang };
}

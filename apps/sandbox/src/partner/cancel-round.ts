import type { PartnerContext } from './partner-context.ts';
import { appendRecord, type BetRecord } from './partner-state.ts';

export type CancelRoundResult =
  | { ok: true; record: BetRecord; isRepeat: boolean }
  | { ok: false; code: 'ROUND_NOT_FOUND' | 'ROUND_NOT_CANCELLABLE' | 'INSUFFICIENT_BALANCE' };

/**
 * Voids a settled round, as a provider does after a dealer error or a game fault: the member gets
 * the stake back and loses any payout (balance += stake − payout), and the feed gets a NEW entry
 * for the same roundId with `status` ('cancelled' or 'refunded'), payout = stake and result
 * 'draw'. The round's latest entry is the truth; the earlier 'settled' entry stays in the feed.
 * Repeating the same request returns that entry again; a round the member can no longer pay back
 * (the win was already spent or moved out) is refused: no balance goes below zero.
 */
export function cancelRound(context: PartnerContext, roundId: string, status: 'cancelled' | 'refunded'): CancelRoundResult {
  const latest = context.state.latestByRound.get(roundId);
  if (!latest) return { ok: false, code: 'ROUND_NOT_FOUND' };
  if (latest.status === status) return { ok: true, record: latest, isRepeat: true };
  if (latest.status !== 'settled') return { ok: false, code: 'ROUND_NOT_CANCELLABLE' };
  const member = context.state.members.get(latest.username);
  if (!member) throw new Error(`round ${roundId} belongs to unknown member ${latest.username}`);
  const balanceAfterSatang = member.balanceSatang + latest.stakeSatang - latest.payoutSatang;
  if (balanceAfterSatang < 0n) return { ok: false, code: 'INSUFFICIENT_BALANCE' };
  member.balanceSatang = balanceAfterSatang;
  const record = appendRecord(context.state, {
    roundId,
    username: latest.username,
    gameCode: latest.gameCode,
    stakeSatang: latest.stakeSatang,
    payoutSatang: latest.stakeSatang,
    result: 'draw',
    status,
    settledAt: context.now().toISOString(),
  });
  context.persist();
  return { ok: true, record, isRepeat: false };
}

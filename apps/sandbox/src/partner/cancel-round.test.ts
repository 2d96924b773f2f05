import { describe, expect, it } from 'vitest';
import { cancelRound } from './cancel-round.ts';
import { settleRound } from './games/settle-round.ts';
import { createPartnerContext } from './partner-context.ts';
import { createEmptyState } from './partner-state.ts';

function contextWithMember(balanceSatang: bigint) {
  const context = createPartnerContext({ state: createEmptyState(), persist: () => {}, now: () => new Date('2026-03-05T00:00:00Z'), publicBaseUrl: () => 'http://x', faultHoldMs: 1 });
  context.state.members.set('m01', { username: 'm01', password: 'p', balanceSatang, createdAt: '' });
  return context;
}

describe('cancelling a round', () => {
  it('takes back a win and returns the stake', () => {
    const context = contextWithMember(10_000n);
    settleRound(context, { roundId: 'rnd_1', username: 'm01', gameCode: 'g', stakeSatang: 1_000n, payoutSatang: 4_000n });
    expect(context.state.members.get('m01')!.balanceSatang).toBe(13_000n);
    const result = cancelRound(context, 'rnd_1', 'cancelled');
    expect(result).toMatchObject({ ok: true, isRepeat: false, record: { sequence: 2, stakeSatang: 1_000n, payoutSatang: 1_000n, result: 'draw', status: 'cancelled' } });
    expect(context.state.members.get('m01')!.balanceSatang).toBe(10_000n);
  });

  it('refuses to cancel a win already spent (no balance goes below zero)', () => {
    const context = contextWithMember(1_000n);
    settleRound(context, { roundId: 'rnd_1', username: 'm01', gameCode: 'g', stakeSatang: 1_000n, payoutSatang: 40_000n });
    context.state.members.get('m01')!.balanceSatang = 100n; // moved out to Sabai
    expect(cancelRound(context, 'rnd_1', 'cancelled')).toEqual({ ok: false, code: 'INSUFFICIENT_BALANCE' });
    expect(context.state.records).toHaveLength(1);
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { settleByAskingProvider, settlementFromSend, settlementFromStatus, type ProviderTransferStatus } from './external-transfer.ts';

const statusArb: fc.Arbitrary<ProviderTransferStatus<string>> = fc.oneof(
  fc.record({ status: fc.constant('succeeded' as const), receipt: fc.string() }),
  fc.record({ status: fc.constant('failed' as const), reason: fc.string() }),
  fc.constant({ status: 'not_found' as const }),
  fc.record({ status: fc.constant('unknown' as const), detail: fc.string() }),
);

describe('settling an external transfer by the provider\'s answer', () => {
  it('never voids a transfer the provider applied, never settles an unknown one, and voids "not found" only after the grace', () => {
    fc.assert(
      fc.property(statusArb, fc.nat(10_000_000), fc.nat(10_000_000), (status, sentForMs, voidGraceMs) => {
        const settlement = settlementFromStatus(status, { sentForMs, voidGraceMs });
        if (status.status === 'succeeded') expect(settlement).toEqual({ result: 'succeeded', receipt: status.receipt });
        if (status.status === 'failed') expect(settlement).toEqual({ result: 'failed', reason: status.reason });
        if (status.status === 'unknown') expect(settlement).toBeNull();
        if (status.status === 'not_found') expect(settlement === null).toBe(sentForMs <= voidGraceMs);
      }),
    );
  });

  it('takes a send\'s known outcome at once and leaves an unknown one to be asked about', () => {
    expect(settlementFromSend({ outcome: 'succeeded', receipt: 'r1' })).toEqual({ result: 'succeeded', receipt: 'r1' });
    expect(settlementFromSend({ outcome: 'failed', reason: 'ACCOUNT_CLOSED' })).toEqual({ result: 'failed', reason: 'ACCOUNT_CLOSED' });
    expect(settlementFromSend({ outcome: 'unknown', detail: 'timeout' })).toBeNull();
  });

  it('asks by our reference and settles only what the answer calls for', async () => {
    const settled: unknown[] = [];
    const now = new Date('2026-11-25T03:00:00Z');
    const ask = async (reference: string): Promise<ProviderTransferStatus<string>> => (reference === 'seen' ? { status: 'succeeded', receipt: 'bank-1' } : { status: 'not_found' });
    const settle = async (settlement: unknown) => {
      settled.push(settlement);
      return true;
    };
    expect(await settleByAskingProvider({ reference: 'seen', sentAt: now, now, voidGraceMs: 60_000, ask, settle })).toBe(true);
    expect(await settleByAskingProvider({ reference: 'lost', sentAt: new Date(now.getTime() - 1_000), now, voidGraceMs: 60_000, ask, settle })).toBe(false);
    expect(await settleByAskingProvider({ reference: 'lost', sentAt: new Date(now.getTime() - 61_000), now, voidGraceMs: 60_000, notReceivedReason: 'never arrived', ask, settle })).toBe(true);
    expect(settled).toEqual([{ result: 'succeeded', receipt: 'bank-1' }, { result: 'failed', reason: 'never arrived' }]);
  });
});

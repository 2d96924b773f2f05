import type { RgActivity, RgSettings } from '@sabai/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { depositBlocked, readDepositProtection } from './deposit-protection.ts';

const none = { day: null, week: null, month: null };
const settings = (overrides: Partial<RgSettings> = {}): RgSettings => ({ depositLimit: none, lossLimit: none, pending: [], exclusion: null, realityCheckMinutes: 30, ...overrides });
const activity = (day: number, week = day, month = week): RgActivity => ({ deposits: { day, week, month }, netLoss: { day: 0, week: 0, month: 0 }, returnedDeposits: [] });

describe('readDepositProtection (issue 26 §2: what a deposit made now would meet)', () => {
  it('is open without a limit or an exclusion', () => {
    expect(readDepositProtection(settings(), activity(50_000))).toEqual({ state: 'open' });
    expect(depositBlocked({ state: 'open' })).toBe(false);
  });

  it('is excluded during a time-out or self-exclusion, whatever the limits', () => {
    const exclusion = { kind: 'self_exclusion' as const, endsAt: '2027-05-26T08:23:00.000Z' };
    const protection = readDepositProtection(settings({ exclusion, depositLimit: { ...none, day: 100 } }), activity(0));
    expect(protection).toEqual({ state: 'excluded', ...exclusion });
    expect(depositBlocked(protection)).toBe(true);
  });

  it('leaves the smallest remainder over the periods with a limit, in exact satang', () => {
    expect(readDepositProtection(settings({ depositLimit: { day: 5000, week: 3000, month: null } }), activity(1000.5, 2000.25))).toEqual({ state: 'limited', remaining: 999.75 });
    expect(readDepositProtection(settings({ depositLimit: { ...none, day: 0.3 } }), activity(0.1))).toEqual({ state: 'limited', remaining: 0.2 });
  });

  it('is limit-reached with nothing left (deposits at or past the limit), which blocks', () => {
    const reached = readDepositProtection(settings({ depositLimit: { ...none, week: 2000 } }), activity(0, 2500));
    expect(reached).toEqual({ state: 'limit-reached' });
    expect(depositBlocked(reached)).toBe(true);
    expect(depositBlocked(undefined)).toBe(false);
  });

  it('never leaves more than any limit minus its deposits, nor less than zero (property)', () => {
    const baht = fc.integer({ min: 0, max: 5_000_000 }).map((satang) => satang / 100);
    fc.assert(
      fc.property(fc.record({ day: fc.option(baht), week: fc.option(baht), month: fc.option(baht) }), fc.record({ day: baht, week: baht, month: baht }), (limits, deposits) => {
        const protection = readDepositProtection(settings({ depositLimit: limits }), { ...activity(0), deposits });
        const lefts = (['day', 'week', 'month'] as const).filter((period) => limits[period] !== null).map((period) => Math.max(0, Math.round(limits[period]! * 100) - Math.round(deposits[period] * 100)));
        if (lefts.length === 0) return protection.state === 'open';
        const least = Math.min(...lefts);
        return least === 0 ? protection.state === 'limit-reached' : protection.state === 'limited' && Math.round(protection.remaining * 100) === least;
      }),
    );
  });
});

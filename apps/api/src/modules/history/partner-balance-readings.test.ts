import { describe, expect, it } from 'vitest';
import { createPartnerBalanceReadings } from './partner-balance-readings.ts';

/** A clock tests move, and a partner that counts its calls and answers the next balance. */
function setUp(maxAgeMs: number, maxEntries?: number) {
  let nowMs = Date.parse('2026-11-28T12:00:00Z');
  const partner = { calls: 0, balance: 10_000n };
  const readings = createPartnerBalanceReadings({ maxAgeMs, ...(maxEntries === undefined ? {} : { maxEntries }) });
  const now = () => new Date(nowMs);
  const read = (username = 'sbiabc', ledgerKey = '10000/0') =>
    readings.read({ username, ledgerKey, now, readLive: async () => {
      partner.calls += 1;
      return partner.balance;
    } });
  return { readings, partner, read, advance: (ms: number) => (nowMs += ms), now };
}

describe('partner balance readings (profile/balance game wallet)', () => {
  it('shows a reading again, with the time it was read, while it is younger than the max age', async () => {
    const { partner, read, advance, now } = setUp(5_000);
    const first = await read();
    const readAt = now();
    advance(4_999);
    partner.balance = 7_000n; // played at the partner: not seen until the reading ages out
    expect(await read()).toEqual({ satang: 10_000n, readAt });
    expect(partner.calls).toBe(1);
    advance(1);
    expect(await read()).toEqual({ satang: 7_000n, readAt: now() });
    expect(partner.calls).toBe(2);
    expect(first.readAt).toEqual(readAt);
  });

  it('asks again at once when the ledger game wallet moved since the reading (a transfer, booked rounds)', async () => {
    const { partner, read, advance } = setUp(5_000);
    await read('sbiabc', '10000/0');
    advance(100);
    partner.balance = 30_000n;
    expect((await read('sbiabc', '30000/0')).satang).toBe(30_000n);
    expect((await read('sbiabc', '30000/5000')).satang).toBe(30_000n);
    expect(partner.calls).toBe(3);
  });

  it('keeps one reading per member', async () => {
    const { read } = setUp(5_000);
    const a = await read('sbia');
    const b = await read('sbib');
    expect(await read('sbia')).toBe(a);
    expect(await read('sbib')).toBe(b);
  });

  it('shares one partner call between calls that arrive together', async () => {
    const { partner, read } = setUp(5_000);
    const answers = await Promise.all([read(), read(), read()]);
    expect(partner.calls).toBe(1);
    expect(new Set(answers).size).toBe(1);
  });

  it('keeps nothing from a failed read: the next call asks again', async () => {
    const { readings, partner, read, now } = setUp(5_000);
    await expect(readings.read({ username: 'sbiabc', ledgerKey: '10000/0', now, readLive: () => Promise.reject(new Error('down')) })).rejects.toThrow('down');
    expect(readings.size).toBe(0);
    expect((await read()).satang).toBe(10_000n);
    expect(partner.calls).toBe(1);
  });

  it('asks the partner on every call with max age 0', async () => {
    const { readings, partner, read } = setUp(0);
    await read();
    await read();
    expect(partner.calls).toBe(2);
    expect(readings.size).toBe(0);
  });

  it('keeps at most maxEntries members, dropping the oldest reading first', async () => {
    const { readings, partner, read } = setUp(5_000, 2);
    await read('sbia');
    await read('sbib');
    await read('sbic');
    expect(readings.size).toBe(2);
    expect(partner.calls).toBe(3);
    await read('sbic');
    await read('sbib');
    expect(partner.calls).toBe(3);
    await read('sbia');
    expect(partner.calls).toBe(4);
  });

  it('refuses a negative max age or an empty bound', () => {
    expect(() => createPartnerBalanceReadings({ maxAgeMs: -1 })).toThrow(RangeError);
    expect(() => createPartnerBalanceReadings({ maxAgeMs: 5_000, maxEntries: 0 })).toThrow(RangeError);
  });
});

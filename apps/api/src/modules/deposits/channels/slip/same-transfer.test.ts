import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@sabai/db/testing';
import { postgresErrorCode, type Db, type Queryable } from '@sabai/db';
import { lockSameTransfer, mayBeSameSender } from './same-transfer.ts';

describe('mayBeSameSender', () => {
  it('compares two full numbers exactly', () => {
    expect(mayBeSameSender('0011234567', '001-1-23456-7')).toBe(true);
    expect(mayBeSameSender('0011234567', '0011234568')).toBe(false);
  });
  it('fits a full number to a bank mask (KBank X123456X, SCB xxx-x-x5678-x)', () => {
    expect(mayBeSameSender('0011234567', 'X123456X')).toBe(true);
    expect(mayBeSameSender('0011234567', 'X999999X')).toBe(false);
    expect(mayBeSameSender('xxx-x-x3456-x', '0011234567')).toBe(true);
  });
  it('cannot tell two masks or an unknown side apart: amount, time and bank decide', () => {
    expect(mayBeSameSender('X123456X', 'xxx-x-x9999-x')).toBe(true);
    expect(mayBeSameSender(null, '0011234567')).toBe(true);
  });
});

/**
 * The same-transfer lock's modes (docs/adr/0059): feed events of one (channel, amount) take it
 * shared and never wait for each other; a slip takes it exclusive and waits for them (and they
 * for it). Needs two connections: PostgreSQL only.
 */
describe.skipIf(!process.env.DATABASE_URL)('the same-transfer lock (PostgreSQL)', () => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await createTestDatabase());
  });
  afterAll(async () => {
    await drop();
  });

  /** Holds `mode` on the key in a transaction until `release` resolves; resolves `held` once taken. */
  function hold(mode: 'shared' | 'exclusive', amountSatang: bigint) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held!: () => void;
    const isHeld = new Promise<void>((resolve) => (held = resolve));
    const done = db.transaction(async (tx) => {
      await lockSameTransfer(tx, 'ch_test', amountSatang, mode);
      held();
      await released;
    });
    return { isHeld, release, done };
  }
  /** Tries to take `mode` on the key within 200 ms: true when taken, false when it had to wait longer. */
  const takesAtOnce = (mode: 'shared' | 'exclusive', amountSatang: bigint) =>
    db.transaction(async (tx: Queryable) => {
      await tx.query(`SET LOCAL lock_timeout = '200ms'`);
      try {
        await lockSameTransfer(tx, 'ch_test', amountSatang, mode);
        return true;
      } catch (error) {
        if (postgresErrorCode(error) === '55P03') return false;
        throw error;
      }
    });

  it('two feed events of one amount do not wait for each other', async () => {
    const first = hold('shared', 10_000n);
    await first.isHeld;
    expect(await takesAtOnce('shared', 10_000n)).toBe(true);
    first.release();
    await first.done;
  });

  it('a slip waits for a feed event of its amount in flight, and a feed event for a slip', async () => {
    const feed = hold('shared', 20_000n);
    await feed.isHeld;
    expect(await takesAtOnce('exclusive', 20_000n)).toBe(false);
    // Another amount is another key.
    expect(await takesAtOnce('exclusive', 20_001n)).toBe(true);
    feed.release();
    await feed.done;
    const slip = hold('exclusive', 20_000n);
    await slip.isHeld;
    expect(await takesAtOnce('shared', 20_000n)).toBe(false);
    expect(await takesAtOnce('exclusive', 20_000n)).toBe(false);
    slip.release();
    await slip.done;
    expect(await takesAtOnce('exclusive', 20_000n)).toBe(true);
  });
  it('a feed event’s lock inside deposit_feed_slip_twins (migration 0056) is the same key, shared: a slip waits for it, another feed event does not', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held!: () => void;
    const isHeld = new Promise<void>((resolve) => (held = resolve));
    const holding = db.transaction(async (tx) => {
      // As the bank candidates' statement calls it: inside another read.
      await tx.query(`SELECT count(*) FROM (SELECT 1) one LEFT JOIN deposit_feed_slip_twins($1, $2, now(), 180000, NULL) ON true`, ['ch_test', 30_000n]);
      held();
      await released;
    });
    await isHeld;
    expect(await takesAtOnce('exclusive', 30_000n)).toBe(false);
    expect(await takesAtOnce('shared', 30_000n)).toBe(true);
    release();
    await holding;
    expect(await takesAtOnce('exclusive', 30_000n)).toBe(true);
  });

  it('deposit_feed_slip_twins stays VOLATILE: its read takes a snapshot after the lock (a STABLE one would read with its caller’s, from before the wait)', async () => {
    const { rows } = await db.query<{ volatility: string }>(`SELECT provolatile AS volatility FROM pg_proc WHERE proname = 'deposit_feed_slip_twins'`);
    expect(rows).toEqual([{ volatility: 'v' }]);
  });
});

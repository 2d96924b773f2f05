import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@sabai/db/testing';
import type { Db } from '@sabai/db';
import { RATE_LIMITS, RateLimiter, rateLimitedMessage } from './rate-limiter.ts';
import { isAppError } from './app-error.ts';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
});
afterAll(async () => drop());

const rule = { name: 'test', limit: 3, windowMs: 60_000 };

describe('RateLimiter', () => {
  it('allows the limit within a window, refuses the next hit with Retry-After, and resets in the next window', async () => {
    const limiter = new RateLimiter(db);
    const start = new Date('2026-11-22T00:00:10Z');
    for (let hit = 0; hit < 3; hit += 1) await limiter.hit(rule, 'a', start);
    const refusal = await limiter.hit(rule, 'a', start).catch((error: unknown) => error);
    expect(isAppError(refusal) && refusal.code).toBe('RATE_LIMITED');
    expect(isAppError(refusal) && refusal.headers['retry-after']).toBe('50');
    expect(isAppError(refusal) && refusal.message).toBe('ทำรายการบ่อยเกินไป กรุณารอ 50 วินาทีแล้วลองใหม่');
    await expect(limiter.hit(rule, 'b', start)).resolves.toBeUndefined();
    await expect(limiter.hit(rule, 'a', new Date('2026-11-22T00:01:00Z'))).resolves.toBeUndefined();
  });

  it('counts concurrent hits exactly (one upsert per hit)', async () => {
    const limiter = new RateLimiter(db);
    const now = new Date('2026-11-22T05:00:00Z');
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => limiter.hit({ ...rule, limit: 7 }, 'burst', now)));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(7);
  });

  it('scales limits and prunes windows older than a day', async () => {
    const limiter = new RateLimiter(db, 2);
    const old = new Date('2026-11-01T00:00:00Z');
    for (let hit = 0; hit < 6; hit += 1) await limiter.hit(rule, 'scaled', old);
    await expect(limiter.hit(rule, 'scaled', old)).rejects.toThrow();
    expect(await limiter.pruneExpired(new Date('2026-11-22T00:00:00Z'))).toBeGreaterThan(0);
    await expect(limiter.hit(rule, 'scaled', old)).resolves.toBeUndefined();
  });
});

describe('the RATE_LIMITED refusal says how long to wait (issue 26 §3)', () => {
  it('in seconds, minutes (rounded up) or hours', () => {
    expect(rateLimitedMessage(1)).toBe('ทำรายการบ่อยเกินไป กรุณารอ 1 วินาทีแล้วลองใหม่');
    expect(rateLimitedMessage(59)).toBe('ทำรายการบ่อยเกินไป กรุณารอ 59 วินาทีแล้วลองใหม่');
    expect(rateLimitedMessage(61)).toBe('ทำรายการบ่อยเกินไป กรุณารอ 2 นาทีแล้วลองใหม่');
    expect(rateLimitedMessage(38 * 60)).toBe('ทำรายการบ่อยเกินไป กรุณารอ 38 นาทีแล้วลองใหม่');
    expect(rateLimitedMessage(5 * 3600 + 1)).toBe('ทำรายการบ่อยเกินไป กรุณารอ 6 ชั่วโมงแล้วลองใหม่');
  });

  it('names the rest of the hour when the per-phone bank check is used up', async () => {
    const limiter = new RateLimiter(db);
    const now = new Date('2026-11-22T07:22:30Z');
    for (let hit = 0; hit < RATE_LIMITS.checkBankPerPhone.limit; hit += 1) await limiter.hit(RATE_LIMITS.checkBankPerPhone, '0812345678', now);
    const refusal = await limiter.hit(RATE_LIMITS.checkBankPerPhone, '0812345678', now).catch((error: unknown) => error);
    expect(isAppError(refusal) && refusal.message).toBe('ทำรายการบ่อยเกินไป กรุณารอ 38 นาทีแล้วลองใหม่');
  });
});

describe('rate_limit_counters', () => {
  it('keeps its counters out of the WAL (an unlogged table, docs/adr/0070): a call counted on arrival commits without a flush', async () => {
    const { rows } = await db.query<{ relname: string; relpersistence: string }>(
      `SELECT relname, relpersistence FROM pg_class WHERE relname IN ('rate_limit_counters', 'rate_limit_counters_pkey', 'rate_limit_counters_window_idx') ORDER BY relname`,
    );
    expect(rows).toEqual([
      { relname: 'rate_limit_counters', relpersistence: 'u' },
      { relname: 'rate_limit_counters_pkey', relpersistence: 'u' },
      { relname: 'rate_limit_counters_window_idx', relpersistence: 'u' },
    ]);
  });
});

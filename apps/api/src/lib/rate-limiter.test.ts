import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@sabai/db/testing';
import type { Db } from '@sabai/db';
import { RateLimiter } from './rate-limiter.ts';
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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { expectLedgerSound, fundedMember } from '../test/money-helpers.ts';
import { memberIdOf, postedWallets } from '../test/partner-helpers.ts';
import { withMemberLock } from './member-lock.ts';

/** Small, so the test is quick; production's is at most 3 s (config MEMBER_LOCK_WAIT_MS). */
const MEMBER_LOCK_WAIT_MS = 400;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { MEMBER_LOCK_WAIT_MS: String(MEMBER_LOCK_WAIT_MS) } });
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

/** Holds the member's money lock, as a long operation of another process would, until `release()`. */
async function holdMemberLock(memberId: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let taken!: () => void;
  const isTaken = new Promise<void>((resolve) => (taken = resolve));
  const holding = withMemberLock(t.db, memberId, { waitMs: 0, leaseMs: 60_000 }, async () => {
    taken();
    await released;
  });
  await isTaken;
  return async () => {
    release();
    await holding;
  };
}

async function countRows(table: 'withdrawals' | 'game_transfers', memberId: string): Promise<number> {
  const { rows } = await t.db.query<{ count: string }>(`SELECT count(*)::text AS count FROM ${table} WHERE member_id = $1`, [memberId]);
  return Number(rows[0]?.count);
}

describe("the member's money lock", () => {
  it('answers a withdrawal and a launch 409 MEMBER_BUSY in Thai once MEMBER_LOCK_WAIT_MS has passed, and changes nothing', async () => {
    const member = await fundedMember(t, '500.00');
    const memberId = await memberIdOf(t, member.phoneNumber);
    const walletsBefore = await postedWallets(t, memberId);
    const transfersBefore = await countRows('game_transfers', memberId);
    const release = await holdMemberLock(memberId);
    try {
      const startedAt = Date.now();
      const [withdrawal, launch] = await Promise.all([
        t.call({ method: 'POST', url: '/fund-composite/v1/withdrawal', token: member.token, body: { Amount: 100, Channel: 'BANK' }, headers: { 'idempotency-key': 'busy-1' } }),
        t.call({ method: 'POST', url: '/game-composite/v1/launch', token: member.token, body: { gameCode: 'sabai-slot-golden-elephant' } }),
      ]);
      const waitedMs = Date.now() - startedAt;
      for (const answer of [withdrawal, launch]) {
        expect(answer.status).toBe(409);
        expect(answer.body).toMatchObject({ success: false, code: 'MEMBER_BUSY', message: 'มีรายการของคุณกำลังดำเนินการอยู่ กรุณาลองใหม่อีกสักครู่' });
      }
      // It waited for the member's operation, but not for long.
      expect(waitedMs).toBeGreaterThanOrEqual(MEMBER_LOCK_WAIT_MS);
    } finally {
      await release();
    }
    expect(await countRows('withdrawals', memberId)).toBe(0);
    expect(await countRows('game_transfers', memberId)).toBe(transfersBefore);
    expect(await postedWallets(t, memberId)).toEqual(walletsBefore);
  });

  it('lets the next call of the member through once the holder has finished', async () => {
    const member = await fundedMember(t, '500.00');
    const memberId = await memberIdOf(t, member.phoneNumber);
    const release = await holdMemberLock(memberId);
    await release();
    const withdrawal = await t.call({ method: 'POST', url: '/fund-composite/v1/withdrawal', token: member.token, body: { Amount: 100, Channel: 'BANK' } });
    expect(withdrawal.status).toBe(200);
  });

  it('keeps its leases out of the WAL (an unlogged table, docs/adr/0066), so a crash ends them; one member at a time still holds', async () => {
    const { rows } = await t.db.query<{ relpersistence: string }>(`SELECT relpersistence FROM pg_class WHERE relname = 'member_money_locks'`);
    expect(rows[0]?.relpersistence).toBe('u');
    const memberId = await memberIdOf(t, (await fundedMember(t, '100.00')).phoneNumber);
    const release = await holdMemberLock(memberId);
    await expect(withMemberLock(t.db, memberId, { waitMs: 0, leaseMs: 60_000 }, async () => 'second')).rejects.toMatchObject({ code: 'MEMBER_BUSY' });
    await release();
    expect(await withMemberLock(t.db, memberId, { waitMs: 0, leaseMs: 60_000 }, async () => 'next')).toBe('next');
  });
  it('ends with the commit of the statement the work put its release in; a rolled-back release is released at the end (docs/adr/0074)', async () => {
    const memberId = await memberIdOf(t, (await fundedMember(t, '100.00')).phoneNumber);
    const lock = { waitMs: 0, leaseMs: 60_000 };
    // Committed: free for the next holder while the work still runs, and not released twice.
    await withMemberLock(t.db, memberId, lock, async (held) => {
      const release = held.releaseInStatement(1);
      await t.db.transaction((tx) => tx.query(`WITH ${release.cte} SELECT 1`, release.params));
      held.confirmReleased();
      expect(await withMemberLock(t.db, memberId, lock, async () => 'next, while the first still runs')).toBe('next, while the first still runs');
    });
    // Rolled back (the statement's transaction failed after it): the lock is held until the work ends, then released.
    await expect(withMemberLock(t.db, memberId, lock, async (held) => {
      const release = held.releaseInStatement(1);
      await t.db.transaction(async (tx) => {
        await tx.query(`WITH ${release.cte} SELECT 1`, release.params);
        throw new Error('refused after the release');
      });
    })).rejects.toThrow('refused after the release');
    expect(await withMemberLock(t.db, memberId, lock, async () => 'free again')).toBe('free again');
    // Handed out but never confirmed (a retried transaction whose last attempt took another path):
    // released when the work ends, not left to its lease.
    await withMemberLock(t.db, memberId, lock, async (held) => {
      held.releaseInStatement(1);
    });
    expect(await withMemberLock(t.db, memberId, lock, async () => 'free after an unconfirmed release')).toBe('free after an unconfirmed release');
    // Twenty at once, each releasing in its statement: one holder at a time, none left over.
    let holders = 0;
    let most = 0;
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => withMemberLock(t.db, memberId, { waitMs: 3_000, leaseMs: 60_000 }, async (held) => {
      holders += 1;
      most = Math.max(most, holders);
      await new Promise((resolve) => setTimeout(resolve, 5));
      holders -= 1;
      const release = held.releaseInStatement(1);
      await t.db.transaction((tx) => tx.query(`WITH ${release.cte} SELECT 1`, release.params));
      held.confirmReleased();
    })));
    expect(most).toBe(1);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled').length).toBeGreaterThan(0);
    const { rows } = await t.db.query<{ count: string }>('SELECT count(*)::text AS count FROM member_money_locks WHERE member_id = $1', [memberId]);
    expect(rows[0]?.count).toBe('0');
  });
});

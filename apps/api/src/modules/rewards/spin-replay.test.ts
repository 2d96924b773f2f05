import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockAccount, requireMemberAccountId } from '@sabai/ledger';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { expectLedgerSound, grantPrizeCredit } from '../../test/money-helpers.ts';
import { newMember } from './rewards-test-kit.ts';
import { SPIN_COST_SATANG } from './wheel-rules.ts';

/** Longest the retry may take before the test calls it blocked (it answers in milliseconds). */
const BLOCKED_AFTER_MS = 5_000;

/**
 * Issue 24 §3: a same-key spin retry is answered from the recorded draw before the spin's
 * transaction locks the member's accounts. Row locks need a second connection: PostgreSQL only.
 */
describe.skipIf(!process.env.DATABASE_URL)('a same-key spin retry (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await expectLedgerSound(t);
    await t.close();
  });

  it("gets the recorded draw while another transaction holds the member's accounts", async () => {
    const member = await newMember(t);
    await grantPrizeCredit(t, member.memberId, SPIN_COST_SATANG);
    const key = randomUUID();
    const spin = () => t.call({ method: 'POST', url: '/prize-composite/v1/spins', token: member.token, body: { OpenBox: true }, headers: { 'idempotency-key': key } });
    const first = await spin();
    expect(first.status).toBe(200);

    const prizeAccount = await requireMemberAccountId(t.db, member.memberId, 'prize');
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    // A deposit's wheel credit or another spin holding the member's prize account, for as long as the test says.
    const holding = t.db.transaction(async (tx) => {
      await lockAccount(tx, prizeAccount);
      locked();
      await released;
    });
    await isLocked;
    const again = await Promise.race([spin(), new Promise<'blocked'>((resolve) => setTimeout(() => resolve('blocked'), BLOCKED_AFTER_MS))]);
    release();
    await holding;
    expect(again).not.toBe('blocked');
    if (again === 'blocked') return;
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
  });
});

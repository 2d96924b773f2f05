import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { expectLedgerSound, fundedMember } from '../../test/money-helpers.ts';
import { memberIdOf, paidOutSatang } from '../../test/partner-helpers.ts';
import { withMemberLock } from '../../lib/member-lock.ts';

/**
 * Issue 24 §3: a same-key retry of a withdrawal is answered from the stored withdrawal before the
 * member's lock is asked for: never MEMBER_BUSY for a withdrawal that exists.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { MEMBER_LOCK_WAIT_MS: '300' } });
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

const withdraw = (token: string, Amount: number, key: string) =>
  t.call({ method: 'POST', url: '/fund-composite/v1/withdrawal', token, body: { Amount, Channel: 'BANK' }, headers: { 'idempotency-key': key } });

/** Runs `during` while another operation holds the member's money lock. */
async function whileMemberIsBusy<T>(memberId: string, during: () => Promise<T>): Promise<T> {
  return withMemberLock(t.db, memberId, { waitMs: 0, leaseMs: 60_000 }, during);
}

describe('a same-key withdrawal retry', () => {
  it("gets the stored withdrawal (200) while the member's lock is held by another operation, not MEMBER_BUSY", async () => {
    const member = await fundedMember(t, '500.00');
    const memberId = await memberIdOf(t, member.phoneNumber);
    const first = await withdraw(member.token, 100, 'replay-1');
    expect(first.status).toBe(200);
    const again = await whileMemberIsBusy(memberId, () => withdraw(member.token, 100, 'replay-1'));
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    expect(await paidOutSatang(t, memberId)).toBe(10_000n);
  });

  it('with another amount is refused IDEMPOTENCY_CONFLICT at once, even while the member is busy', async () => {
    const member = await fundedMember(t, '500.00');
    const memberId = await memberIdOf(t, member.phoneNumber);
    expect((await withdraw(member.token, 100, 'replay-2')).status).toBe(200);
    const other = await whileMemberIsBusy(memberId, () => withdraw(member.token, 150, 'replay-2'));
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('IDEMPOTENCY_CONFLICT');
    expect(await paidOutSatang(t, memberId)).toBe(10_000n);
  });

  it('still gets its withdrawal after the operator switched withdrawals off', async () => {
    const member = await fundedMember(t, '500.00');
    const first = await withdraw(member.token, 100, 'replay-3');
    expect(first.status).toBe(200);
    await t.db.query('UPDATE site_settings SET withdraw_enabled = false');
    t.context.siteSettings.invalidate();
    try {
      const again = await withdraw(member.token, 100, 'replay-3');
      expect(again.status).toBe(200);
      expect(again.body.data.withdrawalId).toBe(first.body.data.withdrawalId);
      const fresh = await withdraw(member.token, 100, 'replay-3-new');
      expect(fresh.body.code).toBe('WITHDRAW_DISABLED');
    } finally {
      await t.db.query('UPDATE site_settings SET withdraw_enabled = true');
      t.context.siteSettings.invalidate();
    }
  });
});

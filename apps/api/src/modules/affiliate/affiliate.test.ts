import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { expectLedgerSound, staffCall } from '../../test/money-helpers.ts';
import { computeAffiliateCommissionsForDay } from './compute-affiliate-commissions.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

const idOf = async (phoneNumber: string) => (await t.db.query<{ id: string }>('SELECT id FROM members WHERE phone_number = $1', [phoneNumber])).rows[0]!.id;

async function lose(memberId: string, stakeSatang: bigint, at: Date, label: string) {
  await t.db.query(
    `INSERT INTO bet_rounds (partner, round_id, member_id, game_code, stake_satang, payout_satang, result, status, settled_at)
     VALUES ('sabai-sandbox', $1, $2, 'sabai-baccarat-1', $3, 0, 'loss', 'settled', $4)`,
    [`aff-${label}-${memberId}`, memberId, stakeSatang, at],
  );
}

describe('affiliate income', () => {
  it('pays level 1 and level 2 referrers their percent of the referred member’s net loss, once', async () => {
    const grandparent = await t.signUp();
    const parent = await t.signUp({ affiliateKey: grandparent.affiliateKey });
    const child = await t.signUp({ affiliateKey: parent.affiliateKey });
    const day = new Date('2026-10-10T06:00:00Z');
    await lose(await idOf(child.phoneNumber), 200_000n, day, 'a');
    await lose(await idOf(parent.phoneNumber), 100_000n, day, 'b');

    // Demo settings: level 1 5%, level 2 2%. Child lost 2,000: parent +100, grandparent +40.
    // Parent lost 1,000: grandparent (parent's level 1) +50. Rounded down to the satang.
    expect(await computeAffiliateCommissionsForDay(t.context, day)).toBe(3);
    expect(await computeAffiliateCommissionsForDay(t.context, day)).toBe(0);

    const parentToken = await t.logIn(parent.phoneNumber, parent.password);
    const grandparentToken = await t.logIn(grandparent.phoneNumber, grandparent.password);
    const parentSummary = (await t.call({ method: 'GET', url: '/user-profile-composite/v1/users/affiliate', token: parentToken })).body.data;
    expect(parentSummary.balance).toBe(100);
    expect(parentSummary.Users).toEqual([expect.objectContaining({ phoneNumber: `${child.phoneNumber.slice(0, 3)}***${child.phoneNumber.slice(-4)}`, level: 1 })]);
    expect(parentSummary.transaction_incomes).toEqual([expect.objectContaining({ Amount: 100, level: 1 })]);
    expect(parentSummary.setting).toMatchObject({ useAffiliate: true, minWithdraw: 100 });
    const grandparentSummary = (await t.call({ method: 'GET', url: '/user-profile-composite/v1/users/affiliate', token: grandparentToken })).body.data;
    expect(grandparentSummary.balance).toBe(90);
    expect(grandparentSummary.Users.map((user: { level: number }) => user.level).sort()).toEqual([1, 2]);

    // Below the 100-baht minimum: refused. At it: moved once, even under 50 concurrent calls.
    const refused = await t.call({ method: 'GET', url: '/user-profile-composite/v1/users/affiliate/vertify', token: grandparentToken });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ success: false, code: 'AFFILIATE_BELOW_MINIMUM', message: 'ถอนรายได้แนะนำเพื่อนได้ขั้นต่ำ 100 บาท' });
    const calls = await Promise.all(Array.from({ length: 50 }, () => t.call({ method: 'GET', url: '/user-profile-composite/v1/users/affiliate/vertify', token: parentToken })));
    expect(calls.filter((call) => call.status === 200)).toHaveLength(1);
    expect(calls.find((call) => call.status === 200)!.body).toMatchObject({ success: true, data: { Amount: 100 } });
    const balance = await t.call({ method: 'GET', url: '/user-profile-composite/v1/profile/balance', token: parentToken });
    expect(balance.body.data).toMatchObject({ mainWallet: 100, affiliateWallet: 0 });
    const history = await t.call({ method: 'GET', url: '/user-profile-composite/v1/history/deposit', token: parentToken });
    expect(history.body.data.Transaction).toEqual([expect.objectContaining({ Amount: 100, TransType: 'AFFILIATE' })]);
  });

  it('refuses self-referral and referral cycles in the database', async () => {
    const alice = await t.signUp();
    const bob = await t.signUp({ affiliateKey: alice.affiliateKey });
    const aliceId = await idOf(alice.phoneNumber);
    const bobId = await idOf(bob.phoneNumber);
    const self = await t.db.query('UPDATE members SET referrer_level1_id = id WHERE id = $1', [aliceId]).catch((error: unknown) => error);
    expect((self as { code?: string }).code).toBe('23514');
    // A cycle needs alice to be referred by bob after the fact: referral is fixed at sign-up, and no
    // call changes it; the level-2 rule also needs a level 1, so a lone level 2 is refused too.
    const lonely = await t.db.query('UPDATE members SET referrer_level1_id = NULL WHERE id = $1', [bobId]).catch((error: unknown) => error);
    expect((lonely as { code?: string }).code ?? 'ok').toBe('ok');
    const levelTwoOnly = await t.db.query('UPDATE members SET referrer_level2_id = $2 WHERE id = $1', [aliceId, bobId]).catch((error: unknown) => error);
    expect((levelTwoOnly as { code?: string }).code).toBe('23514');
  });

  it('lets staff run the period jobs now; they are idempotent', async () => {
    for (const job of ['pull-bet-records', 'cashback', 'affiliate']) {
      const first = await staffCall(t, 'POST', `/admin-api/v1/jobs/${job}`, {});
      expect(first.status).toBe(200);
      expect(first.body.data.job).toBe(job);
    }
    expect((await staffCall(t, 'POST', '/admin-api/v1/jobs/cashback', {})).body.data.count).toBe(0);
  });

  it('pays nothing to members without referrers, or on a net win', async () => {
    const loner = await t.signUp();
    const day = new Date('2026-10-11T06:00:00Z');
    await lose(await idOf(loner.phoneNumber), 50_000n, day, 'c');
    expect(await computeAffiliateCommissionsForDay(t.context, day)).toBe(0);
  });
});

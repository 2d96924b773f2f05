import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableCreditBalance, readAccountBalance, requireMemberAccountId } from '@sabai/ledger';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { approveAs, expectLedgerSound, grantPrizeCredit, postFeed, staffCall, statementFrom } from '../../test/money-helpers.ts';
import { grantBonusAfterDeposit } from '../promotions/index.ts';

/**
 * Issue 12, ADR 0019: no incentive to a member in a time-out or self-exclusion. The promotion list
 * they read is empty, a bonus decided during it is not granted, a wheel spin and an item-code
 * redemption are refused with the launch's RG_EXCLUDED and change nothing; when the time-out ends
 * (the injected clock moves 25 hours) all of it works again.
 */
let t: TestApp;
let clock = new Date();
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

const HOUR_MS = 3_600_000;
const base = '/user-profile-composite/v1/responsible-gaming';
const promotionIds = async (token?: string) => {
  const response = await t.call({ method: 'GET', url: '/user-profile-composite/v1/info/promotion', ...(token ? { token } : {}) });
  expect(response.status).toBe(200);
  expect(response.body.success).toBe(true);
  return (response.body.data as Array<{ _id: string }>).map((promotion) => promotion._id);
};
async function member(input: { isBonus?: boolean } = {}) {
  const details = await t.signUp(input);
  const token = await t.logIn(details.phoneNumber, details.password);
  const { rows } = await t.db.query<{ id: string }>('SELECT id FROM members WHERE phone_number = $1', [details.phoneNumber]);
  return { ...details, token, memberId: rows[0]!.id };
}
const timeOut24h = async (token: string) => {
  const response = await t.call({ method: 'POST', url: `${base}/exclusion`, token, body: { kind: 'timeout', period: '24h' } });
  expect(response.status).toBe(200);
};
const wallet = async (memberId: string, kind: 'main' | 'game' | 'prize') => availableCreditBalance(await readAccountBalance(t.db, await requireMemberAccountId(t.db, memberId, kind)));
/** Main + game: a credited deposit moves on into the game by itself. */
const money = async (memberId: string) => (await wallet(memberId, 'main')) + (await wallet(memberId, 'game'));
const count = async (sql: string, params: unknown[]) => (await t.db.query<{ count: bigint }>(sql, params)).rows[0]!.count;
/** Runs `body` 25 hours on (past a 24-hour time-out), then puts the clock back. */
async function afterTheTimeOut(body: () => Promise<void>) {
  clock = new Date(clock.getTime() + 25 * HOUR_MS);
  try {
    await body();
  } finally {
    clock = new Date();
  }
}

describe('no incentives during a time-out or self-exclusion (issue 12)', () => {
  it('offers an excluded member no promotion and grants no bonus decided during it; both return when the time-out ends', async () => {
    const m = await member({ isBonus: false });
    expect((await postFeed(t, 'statement', statementFrom(m, '500.00'), { sourceId: 'src_statement_bbl' })).body.data.status).toBe('credited');
    const depositId = (await t.db.query<{ id: string }>('SELECT id FROM deposits WHERE member_id = $1', [m.memberId])).rows[0]!.id;
    // The bonus preference turned on after the deposit: the bonus decision below is the only thing deciding.
    await t.db.query('UPDATE members SET bonus_preference = true WHERE id = $1', [m.memberId]);
    const offeredBefore = await promotionIds(m.token);
    expect(offeredBefore.length).toBeGreaterThan(0);

    await timeOut24h(m.token);
    expect(await promotionIds(m.token)).toEqual([]);
    // A visitor (and any other member) still sees the open promotions.
    expect(await promotionIds()).toEqual(['welcome-100', 'daily-10']);
    // The worker deciding this deposit's bonus now (it was credited just before the time-out) grants none.
    const decide = () =>
      t.db.transaction((tx) => grantBonusAfterDeposit(tx, { memberId: m.memberId, depositId, depositSatang: 50_000n, balanceBeforeSatang: 0n, turnoverNowSatang: 0n, now: clock }));
    expect(await decide()).toBeNull();
    expect(await count('SELECT count(*) AS count FROM bonus_grants WHERE member_id = $1', [m.memberId])).toBe(0n);
    expect(await money(m.memberId)).toBe(50_000n);

    await afterTheTimeOut(async () => {
      const token = await t.logIn(m.phoneNumber, m.password);
      expect(await promotionIds(token)).toEqual(offeredBefore);
      expect(await decide()).toEqual(expect.stringMatching(/^bns/));
      // welcome-100: 100% of the first deposit.
      expect(await money(m.memberId)).toBe(100_000n);
    });
  });

  it('refuses a wheel spin and an item-code redemption with the launch’s RG_EXCLUDED, changing nothing; both work once the time-out ends', async () => {
    const m = await member();
    await grantPrizeCredit(t, m.memberId, 10_000n);
    const code = `RG${Date.now().toString(36).toUpperCase()}`;
    const created = await staffCall(t, 'POST', '/admin-api/v1/item-codes', { code, amount: 50, totalUses: 10, expiresAt: new Date(Date.now() + 7 * 24 * HOUR_MS).toISOString() });
    expect(created.status).toBe(200);
    expect((await approveAs(t, created.body.data.approvalId, 'finance')).status).toBe(200);
    const spin = (token: string) => t.call({ method: 'POST', url: '/prize-composite/v1/spins', token, body: { OpenBox: true } });
    const redeem = (token: string) => t.call({ method: 'POST', url: '/user-profile-composite/v1/topup/itemcode/redeem', token, body: { redeem_code: code } });

    await timeOut24h(m.token);
    const launch = await t.call({ method: 'POST', url: '/game-composite/v1/launch', token: m.token, body: { gameCode: 'sabai-slot-golden-elephant' } });
    expect(launch.body).toMatchObject({ success: false, code: 'RG_EXCLUDED' });
    const refusedSpin = await spin(m.token);
    const refusedRedeem = await redeem(m.token);
    for (const refused of [refusedSpin, refusedRedeem]) {
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ success: false, code: 'RG_EXCLUDED', message: launch.body.message });
    }
    expect(await wallet(m.memberId, 'prize')).toBe(10_000n);
    expect(await wallet(m.memberId, 'main')).toBe(0n);
    expect(await count('SELECT count(*) AS count FROM wheel_draws WHERE member_id = $1', [m.memberId])).toBe(0n);
    expect(await count('SELECT count(*) AS count FROM item_code_redemptions WHERE member_id = $1', [m.memberId])).toBe(0n);
    expect((await t.db.query<{ redeemed_count: number }>('SELECT redeemed_count FROM item_codes WHERE code = $1', [code])).rows[0]!.redeemed_count).toBe(0);

    await afterTheTimeOut(async () => {
      const token = await t.logIn(m.phoneNumber, m.password);
      expect((await spin(token)).status).toBe(200);
      expect(await wallet(m.memberId, 'prize')).toBe(5_000n); // one spin's 50; the default wheel pays credit or nothing
      expect(await count('SELECT count(*) AS count FROM wheel_draws WHERE member_id = $1', [m.memberId])).toBe(1n);
      const redeemed = await redeem(token);
      expect(redeemed.status).toBe(200);
      expect(redeemed.body.data).toEqual({ code, Amount: 50 });
    });
  });
});

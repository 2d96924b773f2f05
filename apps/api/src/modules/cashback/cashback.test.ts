import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { expectLedgerSound } from '../../test/money-helpers.ts';
import { cashbackForNetLoss, lastCompletedPeriod, rewardPeriodOf } from './cashback-rules.ts';
import { computeCashbackForDay } from './compute-cashback.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

describe('cashback rules', () => {
  it.each([
    [100_000n, 500, 5_000n, '5% of a 1,000-baht loss is 50 baht'],
    [33_333n, 500, 1_666n, '5% of 333.33 is 16.6665: rounded down to the satang, 16.66'],
    [1n, 500, 0n, 'a fraction of a satang is never paid'],
    [0n, 500, 0n, 'no loss, no cashback'],
    [-50_000n, 500, 0n, 'a net win earns nothing'],
    [100_000n, 0, 0n, 'Payout 0% pays nothing'],
    [100_000n, 10_000, 100_000n, 'Payout 100% returns the whole loss'],
  ])('net loss %s satang at %s bp → %s satang (%s)', (netLoss, basisPoints, expected) => {
    expect(cashbackForNetLoss(netLoss, basisPoints)).toBe(expected);
  });

  it('refuses a payout outside 0..100%', () => {
    expect(() => cashbackForNetLoss(1n, 10_001)).toThrow(RangeError);
    expect(() => cashbackForNetLoss(1n, -1)).toThrow(RangeError);
  });

  it('cuts daily periods at midnight Bangkok time, and shorter periods inside the day', () => {
    expect(rewardPeriodOf(new Date('2026-11-21T16:59:59Z')).fromUtc).toEqual(new Date('2026-11-20T17:00:00Z'));
    expect(rewardPeriodOf(new Date('2026-11-21T17:00:00Z'))).toMatchObject({ fromUtc: new Date('2026-11-21T17:00:00Z'), toUtc: new Date('2026-11-22T17:00:00Z') });
    expect(rewardPeriodOf(new Date('2026-11-21T10:07:30Z'), 1)).toMatchObject({ fromUtc: new Date('2026-11-21T10:07:00Z') });
    expect(lastCompletedPeriod(new Date('2026-11-21T10:07:30Z'), 60).fromUtc).toEqual(new Date('2026-11-21T09:00:00Z'));
    expect(() => rewardPeriodOf(new Date(), 7)).toThrow(RangeError);
  });
});

/** Records rounds as the bet-record pull would (the partner's feed is tested in the play module). */
async function recordRounds(memberId: string, rounds: Array<{ stake: bigint; payout: bigint; status?: string; at: Date }>) {
  for (const [index, round] of rounds.entries()) {
    await t.db.query(
      `INSERT INTO bet_rounds (partner, round_id, member_id, game_code, stake_satang, payout_satang, result, status, settled_at)
       VALUES ('sabai-sandbox', $1, $2, 'sabai-slot-golden-elephant', $3, $4, $5, $6, $7)`,
      [`cb-${memberId}-${index}`, memberId, round.stake, round.payout, round.payout > round.stake ? 'win' : round.payout < round.stake ? 'loss' : 'draw', round.status ?? 'settled', round.at],
    );
  }
}

describe('cashback period, claim and history', () => {
  it('credits Payout % of the day’s net loss once, and the member claims it into play money once', async () => {
    const member = await t.signUp();
    const token = await t.logIn(member.phoneNumber, member.password);
    const memberId = (await t.db.query<{ id: string }>('SELECT id FROM members WHERE phone_number = $1', [member.phoneNumber])).rows[0]!.id;
    const day = new Date('2026-11-01T05:00:00Z');
    await recordRounds(memberId, [
      { stake: 100_000n, payout: 0n, at: day },
      { stake: 50_000n, payout: 80_000n, at: day },
      { stake: 40_000n, payout: 40_000n, at: day },
      { stake: 90_000n, payout: 0n, status: 'cancelled', at: day },
      { stake: 70_000n, payout: 0n, at: new Date('2026-11-02T05:00:00Z') },
    ]);
    // Net loss on 1 Nov: 1,000 − 300 + 0 = 700 baht (the cancelled round is not a loss); 5% = 35 baht.
    expect(await computeCashbackForDay(t.context, day)).toBe(1);
    expect(await computeCashbackForDay(t.context, day)).toBe(0);
    const refresh = await t.call({ method: 'GET', url: '/auth-service/v1/refresh', token });
    expect(refresh.body.data.internalWallet.cashbackWallet).toBe(35);

    const claims = await Promise.all(Array.from({ length: 50 }, () => t.call({ method: 'GET', url: '/user-profile-composite/v1/users/cashback/vertify', token })));
    expect(claims.filter((claim) => claim.status === 200)).toHaveLength(1);
    expect(claims.find((claim) => claim.status === 200)!.body.data).toEqual({ Amount: 35 });
    expect(claims.filter((claim) => claim.body.code === 'NO_CASHBACK').every((claim) => claim.body.message === 'คุณไม่มียอดเสีย ไม่สามารถกดรับได้')).toBe(true);
    const balance = await t.call({ method: 'GET', url: '/user-profile-composite/v1/profile/balance', token });
    expect(balance.body.data).toMatchObject({ mainWallet: 35, cashbackWallet: 0 });
    const history = await t.call({ method: 'GET', url: '/user-profile-composite/v1/history/deposit?type=cashback', token });
    expect(history.body.data.Transaction).toEqual([expect.objectContaining({ Amount: 35, Status: 1, TransType: 'CASHBACK' })]);
  });

  it('refuses a claim with nothing to claim, with the spec §5 message', async () => {
    const member = await t.signUp();
    const token = await t.logIn(member.phoneNumber, member.password);
    const response = await t.call({ method: 'GET', url: '/user-profile-composite/v1/users/cashback/vertify', token });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ success: false, code: 'NO_CASHBACK', message: 'คุณไม่มียอดเสีย ไม่สามารถกดรับได้' });
  });

  it('does not compute a day that has not ended', async () => {
    expect(await computeCashbackForDay(t.context, new Date(Date.now() + 86_400_000))).toBe(0);
  });
});

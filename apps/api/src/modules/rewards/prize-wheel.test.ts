import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { buildRewardsHttp, expectRewardsSound, newMember, walletSatang, type RewardsHttp } from './rewards-test-kit.ts';
import { grantPrizeCredit } from '../../test/money-helpers.ts';
import { earnPrizeCredit } from './earn-prize-credit.ts';
import { spinWheel } from './spin-wheel.ts';
import { listActivePrizes } from './wheel-prizes.ts';
import { SPIN_COST_SATANG } from './wheel-rules.ts';
import { findTransfersByKeys } from '@sabai/ledger';

let t: TestApp;
let http: RewardsHttp;
beforeAll(async () => {
  t = await createTestApp();
  http = await buildRewardsHttp(t);
});
afterAll(async () => {
  await expectRewardsSound(t);
  await http.app.close();
  await t.close();
});

const spin = (token: string, body: unknown = { OpenBox: true }, headers: Record<string, string> = {}) =>
  http.call({ method: 'POST', url: '/prize-composite/v1/spins', token, body, headers });
const drawCount = async (memberId: string) => (await t.db.query<{ count: bigint }>('SELECT count(*) AS count FROM wheel_draws WHERE member_id = $1', [memberId])).rows[0]?.count;
/** A random source that lands on the prize with this label (its first roll). */
async function rollFor(label: string) {
  const prizes = await listActivePrizes(t.db);
  const index = prizes.findIndex((prize) => prize.label === label);
  if (index === -1) throw new Error(`no active prize ${label}`);
  const roll = prizes.slice(0, index).reduce((sum, prize) => sum + prize.weight, 0);
  return () => roll;
}
const setWheelEnabled = (isEnabled: boolean) => t.db.query('UPDATE wheel_settings SET is_enabled = $1', [isEnabled]);

describe('GET /prize-composite/v1/wheel', () => {
  it('shows the default wheel in order, the member’s prize credit and the cost of 50', async () => {
    const member = await newMember(t);
    await grantPrizeCredit(t, member.memberId, 12_345n);
    const response = await http.call({ method: 'GET', url: '/prize-composite/v1/wheel', token: member.token });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({
      isEnabled: true,
      prizeWallet: 123.45,
      spinCost: 50,
      prizes: [
        { id: expect.any(Number), label: 'เครดิต 10 บาท', kind: 'credit', Amount: 10, sortOrder: 0 },
        { id: expect.any(Number), label: 'ไม่ได้รางวัล', kind: 'nothing', Amount: 0, sortOrder: 1 },
        { id: expect.any(Number), label: 'เครดิต 20 บาท', kind: 'credit', Amount: 20, sortOrder: 2 },
        { id: expect.any(Number), label: 'เครดิต 50 บาท', kind: 'credit', Amount: 50, sortOrder: 3 },
        { id: expect.any(Number), label: 'เครดิต 100 บาท', kind: 'credit', Amount: 100, sortOrder: 4 },
        { id: expect.any(Number), label: 'เครดิต 500 บาท', kind: 'credit', Amount: 500, sortOrder: 5 },
      ],
    });
  });
});

describe('POST /prize-composite/v1/spins', () => {
  it('charges 50 credit, pays the prize to the main wallet and records the draw', async () => {
    const member = await newMember(t);
    await grantPrizeCredit(t, member.memberId, 6_000n);
    const response = await spin(member.token);
    expect(response.status).toBe(200);
    const { data } = response.body;
    expect(data).toMatchObject({ drawId: expect.stringMatching(/^spn_[a-z0-9]{20}$/), prizeWallet: 10, spinCost: 50 });
    expect(data.prize).toMatchObject({ id: expect.any(Number), label: expect.any(String), kind: expect.stringMatching(/^(credit|nothing)$/) });
    expect(data.segmentIndex).toBe(data.prize.sortOrder); // the default wheel's sort orders are 0..5
    expect(response.body.message).toBe(data.prize.kind === 'nothing' ? 'เสียใจด้วย ไม่ได้รางวัล ลองใหม่อีกครั้ง' : `ยินดีด้วย คุณได้รับ ${data.prize.label}`);
    expect(await walletSatang(t, member.memberId, 'prize')).toBe(1_000n);
    expect(await walletSatang(t, member.memberId, 'main')).toBe(BigInt(Math.round(data.prize.Amount * 100)));
    const draw = await t.db.query<{ roll: bigint; total_weight: bigint; prize_id: number; cost_satang: bigint }>('SELECT roll, total_weight, prize_id, cost_satang FROM wheel_draws WHERE id = $1', [data.drawId]);
    expect(draw.rows[0]).toMatchObject({ total_weight: 1000n, prize_id: data.prize.id, cost_satang: 5_000n });
  });

  it.each([
    ['no prize credit at all', 0n],
    ['one satang short of a spin', SPIN_COST_SATANG - 1n],
  ])('refuses a spin with %s and changes nothing', async (_why, creditSatang) => {
    const member = await newMember(t);
    if (creditSatang > 0n) await grantPrizeCredit(t, member.memberId, creditSatang);
    const response = await spin(member.token);
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ success: false, code: 'NOT_ENOUGH_PRIZE_CREDIT', message: 'แต้มไม่พอ หมุนวงล้อครั้งละ 50 แต้ม', data: null });
    expect(await walletSatang(t, member.memberId, 'prize')).toBe(creditSatang);
    expect(await walletSatang(t, member.memberId, 'main')).toBe(0n);
    expect(await drawCount(member.memberId)).toBe(0n);
  });

  it.each([
    ['a boolean', { OpenBox: true }],
    ['a number', { OpenBox: 1 }],
    ['a string', { OpenBox: '1' }],
    ['an empty body (the spec never says what OpenBox means)', {}],
  ])('accepts OpenBox as %s', async (_why, body) => {
    const member = await newMember(t);
    await grantPrizeCredit(t, member.memberId, SPIN_COST_SATANG);
    expect((await spin(member.token, body)).status).toBe(200);
  });

  it('refuses an OpenBox that is an object', async () => {
    const member = await newMember(t);
    const response = await spin(member.token, { OpenBox: { open: true } });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
  });

  it('answers a retry with the same Idempotency-Key with the same draw, charged once', async () => {
    const member = await newMember(t);
    await grantPrizeCredit(t, member.memberId, 2n * SPIN_COST_SATANG);
    const key = randomUUID();
    const first = await spin(member.token, { OpenBox: true }, { 'idempotency-key': key });
    const again = await Promise.all(Array.from({ length: 5 }, () => spin(member.token, { OpenBox: true }, { 'idempotency-key': key })));
    for (const response of again) expect(response.body.data).toEqual({ ...first.body.data, prizeWallet: 50 });
    expect(await walletSatang(t, member.memberId, 'prize')).toBe(SPIN_COST_SATANG);
    expect(await drawCount(member.memberId)).toBe(1n);
  });

  it('lets exactly 3 of 50 concurrent spins through with credit for 3', async () => {
    const member = await newMember(t);
    await grantPrizeCredit(t, member.memberId, 3n * SPIN_COST_SATANG);
    const responses = await Promise.all(Array.from({ length: 50 }, () => spin(member.token)));
    const won = responses.filter((response) => response.status === 200);
    expect(won).toHaveLength(3);
    // The rest are refused: no credit left, or over the member's spin rate limit (issue 13 §3.4).
    expect(responses.filter((response) => ['NOT_ENOUGH_PRIZE_CREDIT', 'RATE_LIMITED'].includes(String(response.body.code)))).toHaveLength(47);
    expect(await drawCount(member.memberId)).toBe(3n);
    expect(await walletSatang(t, member.memberId, 'prize')).toBe(0n);
    const prizesSatang = won.reduce((sum, response) => sum + BigInt(Math.round(response.body.data.prize.Amount * 100)), 0n);
    expect(await walletSatang(t, member.memberId, 'main')).toBe(prizesSatang);
  });

  it('needs a member session', async () => {
    const response = await spin('not-a-session');
    expect(response.status).toBe(401);
  });

  it('is refused with FEATURE_DISABLED while the operator has the wheel off', async () => {
    const member = await newMember(t);
    await grantPrizeCredit(t, member.memberId, SPIN_COST_SATANG);
    await setWheelEnabled(false);
    try {
      const response = await spin(member.token);
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('FEATURE_DISABLED');
      const wheel = await http.call({ method: 'GET', url: '/prize-composite/v1/wheel', token: member.token });
      expect(wheel.body.data.isEnabled).toBe(false);
    } finally {
      await setWheelEnabled(true);
    }
    expect(await walletSatang(t, member.memberId, 'prize')).toBe(SPIN_COST_SATANG);
  });
});

describe('spinWheel prizes by kind', () => {
  it.each([
    ['credit: the baht go to the main wallet', 'เครดิต 500 บาท', { main: 50_000n, prize: 0n, paid: true }],
    ['nothing: no prize transfer at all, only the cost', 'ไม่ได้รางวัล', { main: 0n, prize: 0n, paid: false }],
    ['prize_credit: credit back to the prize wallet (a free spin)', 'หมุนฟรี 1 ครั้ง', { main: 0n, prize: 5_000n, paid: true }],
  ])('%s', async (_why, label, expected) => {
    const { rows } = await t.db.query<{ id: number }>(
      `INSERT INTO wheel_prizes (label, kind, amount_satang, weight, sort_order) VALUES ('หมุนฟรี 1 ครั้ง', 'prize_credit', 5000, 10, 6) RETURNING id`,
    );
    try {
      const member = await newMember(t);
      await grantPrizeCredit(t, member.memberId, SPIN_COST_SATANG);
      const result = await spinWheel(t.context, { memberId: member.memberId, randomInt: await rollFor(label) });
      expect(result.prize.label).toBe(label);
      expect(await walletSatang(t, member.memberId, 'main')).toBe(expected.main);
      expect(await walletSatang(t, member.memberId, 'prize')).toBe(expected.prize);
      expect(result.prizeCreditSatang).toBe(expected.prize);
      const draw = await t.db.query<{ prize_transfer_id: bigint | null }>('SELECT prize_transfer_id FROM wheel_draws WHERE id = $1', [result.drawId]);
      expect(draw.rows[0]!.prize_transfer_id !== null).toBe(expected.paid);
    } finally {
      await t.db.query('UPDATE wheel_prizes SET is_active = false WHERE id = $1', [rows[0]!.id]);
    }
  });

  it('keeps what was won when the operator changes the prize later (the draw is a snapshot)', async () => {
    const member = await newMember(t);
    await grantPrizeCredit(t, member.memberId, SPIN_COST_SATANG);
    const key = randomUUID();
    const first = await spinWheel(t.context, { memberId: member.memberId, requestKey: key, randomInt: await rollFor('เครดิต 20 บาท') });
    await t.db.query(`UPDATE wheel_prizes SET label = 'เครดิต 25 บาท', amount_satang = 2500 WHERE id = $1`, [first.prize.id]);
    try {
      const replay = await spinWheel(t.context, { memberId: member.memberId, requestKey: key });
      expect(replay).toMatchObject({ drawId: first.drawId, isNew: false, prize: { label: 'เครดิต 20 บาท', amountSatang: 2_000n } });
    } finally {
      await t.db.query(`UPDATE wheel_prizes SET label = 'เครดิต 20 บาท', amount_satang = 2000 WHERE id = $1`, [first.prize.id]);
    }
  });
});

describe('earnPrizeCredit', () => {
  it.each([
    ['1 credit per full 100 baht: 250 baht earns 2', 25_000n, 200n],
    ['under 100 baht earns nothing and posts nothing', 9_999n, 0n],
  ])('%s', async (_why, depositAmountSatang, expected) => {
    const member = await newMember(t);
    const depositId = `dep_${randomUUID()}`;
    const earned = await t.db.transaction((tx) => earnPrizeCredit(tx, { memberId: member.memberId, depositId, depositAmountSatang }));
    expect(earned.earnedSatang).toBe(expected);
    expect(await walletSatang(t, member.memberId, 'prize')).toBe(expected);
    const transfers = await findTransfersByKeys(t.db, [`wheel-earn:${depositId}`]);
    expect(transfers).toHaveLength(expected > 0n ? 1 : 0);
  });

  it('earns once per deposit, however often the deposit is credited', async () => {
    const member = await newMember(t);
    const depositId = `dep_${randomUUID()}`;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await t.db.transaction((tx) => earnPrizeCredit(tx, { memberId: member.memberId, depositId, depositAmountSatang: 500_000n }));
    }
    expect(await walletSatang(t, member.memberId, 'prize')).toBe(SPIN_COST_SATANG);
  });
});

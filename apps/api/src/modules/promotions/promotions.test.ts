import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTransfer } from '@sabai/ledger';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { expectLedgerSound, mainBalance, postFeed, statementFrom } from '../../test/money-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

const idOf = async (phoneNumber: string) => (await t.db.query<{ id: string }>('SELECT id FROM members WHERE phone_number = $1', [phoneNumber])).rows[0]!.id;
let roundCounter = 0;
/** Turnover as the bet-record pull records it: settled losing rounds of `stakeSatang`. */
/**
 * Turnover only: a round the partner never played, so its result is marked as booked outside the
 * ledger (is_legacy) and no settlement books it as the member's loss (docs/adr/0012).
 */
async function addTurnover(memberId: string, stakeSatang: bigint) {
  roundCounter += 1;
  await t.db.query(
    `INSERT INTO bet_rounds (partner, round_id, member_id, game_code, stake_satang, payout_satang, result, status, settled_at, booked_net_satang, is_legacy)
     VALUES ('sabai-sandbox', $1, $2, 'sabai-baccarat-1', $3, 0, 'loss', 'settled', now(), -$3::int8, true)`,
    [`promo-${roundCounter}-${memberId}`, memberId, stakeSatang],
  );
}
async function memberWithBonusPreference(isBonus: boolean) {
  const member = await t.signUp({ isBonus });
  const token = await t.logIn(member.phoneNumber, member.password);
  return { ...member, token, memberId: await idOf(member.phoneNumber) };
}
const deposit = (member: { bankCode: string; accountNumber: string }, amount: string) =>
  postFeed(t, 'statement', statementFrom(member, amount), { sourceId: 'src_statement_bbl' });
const withdraw = (token: string, Amount: number) => t.call({ method: 'POST', url: '/fund-composite/v1/withdrawal', token, body: { Amount, Channel: 'BANK' } });

describe('promotions on the wire', () => {
  it('lists the open promotions in /v2/prefix and info/promotion with spec §3 fields', async () => {
    const prefix = await t.call({ method: 'GET', url: '/v2/prefix', withoutApiKey: true });
    expect(prefix.body.data.Promotion.map((promotion: { _id: string }) => promotion._id)).toEqual(['welcome-100', 'daily-10']);
    const member = await memberWithBonusPreference(false);
    const list = await t.call({ method: 'GET', url: '/user-profile-composite/v1/info/promotion', token: member.token });
    expect(list.body.data[0]).toMatchObject({
      _id: 'welcome-100', title: 'สมาชิกใหม่ รับโบนัส 100%', minimumDeposit: 100, DepositType: 1, BonusAmount: 1,
      MaxBonus: 1000, MaxBonusType: 0, TurnoverType: 1, TurnoverAmount: 5, MaxWithdrawAmount: 10, MaxWithdrawType: 1,
    });
  });

  it('shows the promotions to a visitor too (the visitor menu has a promotion entry, spec §2)', async () => {
    const list = await t.call({ method: 'GET', url: '/user-profile-composite/v1/info/promotion' });
    expect(list.status).toBe(200);
    expect(list.body.data.map((promotion: { _id: string }) => promotion._id)).toEqual(['welcome-100', 'daily-10']);
  });

  it('sets the bonus preference with the spec §8 message', async () => {
    const member = await memberWithBonusPreference(false);
    const response = await t.call({ method: 'POST', url: '/user-profile-composite/v1/users/setting', token: member.token, body: { isBonus: true } });
    expect(response.body).toEqual({ success: true, message: 'อัพเดทสภานะโปรโมชั่นเรียบร้อยแล้ว', data: { isBonus: true } });
    const refresh = await t.call({ method: 'GET', url: '/auth-service/v1/refresh', token: member.token });
    expect(refresh.body.data.BonusInfo.isBonus).toBe(true);
    expect((await t.call({ method: 'POST', url: '/user-profile-composite/v1/users/setting', token: member.token, body: { isBonus: 'yes' } })).status).toBe(400);
  });
});

describe('bonus grants', () => {
  it('grants the welcome bonus on a qualifying deposit, shows BonusInfo, and holds withdrawals until the turnover is met', async () => {
    const member = await memberWithBonusPreference(true);
    expect((await deposit(member, '500.00')).body.data.status).toBe('credited');
    expect(await mainBalance(t, member.token)).toBe(1000);
    const info = (await t.call({ method: 'GET', url: '/auth-service/v1/refresh', token: member.token })).body.data.BonusInfo;
    expect(info).toMatchObject({ bonusId: 'welcome-100', isBonus: true, TurnoverType: 0, needTurnover: 5000, maxWithdrawType: 0, nowTurnover: 0, maxWithdrawAmount: 10000, DepositAmount: 500 });
    expect(info.reviceDate).toEqual(expect.any(String));

    const early = await withdraw(member.token, 200);
    expect(early.status).toBe(422);
    expect(early.body.code).toBe('TURNOVER_NOT_MET');

    // A second deposit while the grant is active earns nothing more.
    await deposit(member, '300.00');
    expect(await mainBalance(t, member.token)).toBe(1300);

    await addTurnover(member.memberId, 500_000n);
    const rolling = await t.call({ method: 'GET', url: '/rolling-composite/v1/get-rolling', token: member.token });
    expect(rolling.body.data).toMatchObject({ nowTurnover: 5000, needTurnover: 5000, isMet: true });
    const paid = await withdraw(member.token, 200);
    expect(paid.body.data.Status).toBe(1);
    expect(await mainBalance(t, member.token)).toBe(1100);
    const grant = await t.db.query<{ status: string; end_reason: string }>('SELECT status, end_reason FROM bonus_grants WHERE member_id = $1', [member.memberId]);
    expect(grant.rows).toEqual([{ status: 'completed', end_reason: 'WITHDRAWN' }]);
  });

  it('forfeits only the bonus above the max-withdraw cap when the member withdraws: their own deposit is paid (docs/adr/0043)', async () => {
    await t.db.query(
      `INSERT INTO promotions (id, title, minimum_deposit_satang, deposit_type, bonus_value, max_bonus_type, max_bonus, turnover_type, turnover_amount,
         max_withdraw_type, max_withdraw_amount, starts_at, sort_order, budget_approved_satang)
       VALUES ('test-capped', 'ทดสอบ', 10000, 0, 20000, 0, 0, 0, 10000, 0, 30000, now() - interval '1 day', 0, 9223372036854775807)`,
    );
    try {
      const member = await memberWithBonusPreference(true);
      await deposit(member, '1000.00');
      expect(await mainBalance(t, member.token)).toBe(1200);
      await addTurnover(member.memberId, 10_000n);
      const condition = await t.call({ method: 'GET', url: '/fund-composite/v1/withdrawal/condition', token: member.token });
      expect(condition.body.data).toMatchObject({ availableAmount: 1000, bonusMaxWithdraw: 300, bonusForfeitAmount: 200 });
      const tooMuch = await withdraw(member.token, 1100);
      expect(tooMuch.body).toMatchObject({ code: 'WITHDRAW_ABOVE_MAXIMUM', message: 'ถอนได้สูงสุด 1,000.00 บาทตามเงื่อนไขโปรโมชั่น' });
      const paid = await withdraw(member.token, 1000);
      expect(paid.body.data.Status).toBe(1);
      // 1,200 in the wallet, cap 300 under the 1,000 deposited: the 200 bonus forfeited, 1,000 withdrawn, 0 left.
      expect(await mainBalance(t, member.token)).toBe(0);
      const grant = await t.db.query<{ status: string; forfeited_satang: bigint; forfeit_transfer_id: bigint }>(
        'SELECT status, forfeited_satang, forfeit_transfer_id FROM bonus_grants WHERE member_id = $1',
        [member.memberId],
      );
      expect(grant.rows).toMatchObject([{ status: 'forfeited', forfeited_satang: 20_000n }]);
      expect(await readTransfer(t.db, grant.rows[0]!.forfeit_transfer_id)).toMatchObject({ code: 'BONUS_FORFEIT', amountSatang: 20_000n });
    } finally {
      await t.db.query(`UPDATE promotions SET is_active = false WHERE id = 'test-capped'`);
    }
  });

  it('grants nothing when the member declined bonuses, or below the minimum deposit', async () => {
    const declined = await memberWithBonusPreference(false);
    await deposit(declined, '500.00');
    expect(await mainBalance(t, declined.token)).toBe(500);
    const small = await memberWithBonusPreference(true);
    await deposit(small, '99.99');
    expect(await mainBalance(t, small.token)).toBe(99.99);
    const info = (await t.call({ method: 'GET', url: '/auth-service/v1/refresh', token: small.token })).body.data.BonusInfo;
    expect(info.bonusId).toBeNull();
  });
});

describe('promotion eligibility (issue 11)', () => {
  const grantsOf = async (memberId: string) =>
    (await t.db.query<{ promotion_id: string }>('SELECT promotion_id FROM bonus_grants WHERE member_id = $1 ORDER BY created_at', [memberId])).rows.map((row) => row.promotion_id);

  it('grants the first-deposit-only welcome bonus once: a member depositing twice gets it on the first deposit only, and is no longer offered it', async () => {
    const member = await memberWithBonusPreference(true);
    expect((await deposit(member, '100.00')).body.data.status).toBe('credited');
    expect(await grantsOf(member.memberId)).toEqual(['welcome-100']);
    // The grant played out (balance under 1 baht), then a second deposit: not a first deposit any more.
    await t.db.query(`UPDATE bonus_grants SET status = 'completed', end_reason = 'TEST', ended_at = now() WHERE member_id = $1`, [member.memberId]);
    expect((await deposit(member, '200.00')).body.data.status).toBe('credited');
    expect(await grantsOf(member.memberId)).toEqual(['welcome-100']);
    // Both still shown (the landing advertises both), the welcome bonus saying why it is not theirs (issue 26 §3).
    const offered = await t.call({ method: 'GET', url: '/user-profile-composite/v1/info/promotion', token: member.token });
    expect(offered.body.data.map((promotion: { _id: string; isAvailable: boolean; unavailableReason: string | null }) => [promotion._id, promotion.isAvailable, promotion.unavailableReason])).toEqual([
      ['welcome-100', false, 'รับได้เฉพาะการฝากครั้งแรก'],
      ['daily-10', true, null],
    ]);
  });

  it('grants the daily bonus once per Bangkok day', async () => {
    const member = await memberWithBonusPreference(true);
    // Not a first deposit: the welcome bonus does not apply; the daily one does, once.
    await t.db.query(`UPDATE promotions SET is_active = false WHERE id = 'welcome-100'`);
    try {
      await deposit(member, '300.00');
      await t.db.query(`UPDATE bonus_grants SET status = 'completed', end_reason = 'TEST', ended_at = now() WHERE member_id = $1`, [member.memberId]);
      await deposit(member, '300.00');
      expect(await grantsOf(member.memberId)).toEqual(['daily-10']);
    } finally {
      await t.db.query(`UPDATE promotions SET is_active = true WHERE id = 'welcome-100'`);
    }
  });

  it('never passes a total limit, however many members deposit at once', async () => {
    await t.db.query(`INSERT INTO promotions (id, title, minimum_deposit_satang, deposit_type, bonus_value, max_bonus_type, max_bonus, turnover_type, turnover_amount,
       max_withdraw_type, max_withdraw_amount, starts_at, sort_order, max_grants_total, budget_approved_satang) VALUES ('first-three', 'สามท่านแรก', 10000, 0, 5000, 0, 0, 0, 0, 0, 0, '2026-01-01T00:00:00Z', 0, 3, 9223372036854775807)`);
    try {
      // Signed up one by one (name inquiry has a short timeout in tests); the deposits come at once.
      const members = [];
      for (let index = 0; index < 10; index += 1) members.push(await memberWithBonusPreference(true));
      await Promise.all(members.map((member) => deposit(member, '150.00')));
      const { rows } = await t.db.query<{ count: bigint }>(`SELECT count(*) AS count FROM bonus_grants WHERE promotion_id = 'first-three'`);
      expect(rows[0]?.count).toBe(3n);
    } finally {
      await t.db.query(`UPDATE promotions SET is_active = false WHERE id = 'first-three'`);
    }
    // Ten sign-ups and ten deposits: 19.5 s on PostgreSQL at a load average of 13 (CI): a bound, not a speed check.
  }, 120_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { HOUSE_ACCOUNTS, expectPosted, inLedgerTransaction, postTransfer, requireAccountId, requireMemberAccountId, reserveTransfer } from '@sabai/ledger';
import { expectLedgerSound, postFeed, staffCall, statementFrom } from '../../test/money-helpers.ts';
import { computeAffiliateCommissionsForDay } from './compute-affiliate-commissions.ts';
import { addWageringRequirement } from '../wallet/index.ts';

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
    expect(refused.body).toMatchObject({ success: false, code: 'AFFILIATE_BELOW_MINIMUM', message: 'ถอนรายได้แนะนำเพื่อนได้ขั้นต่ำ 100.00 บาท' });
    const calls = await Promise.all(Array.from({ length: 50 }, () => t.call({ method: 'GET', url: '/user-profile-composite/v1/users/affiliate/vertify', token: parentToken })));
    expect(calls.filter((call) => call.status === 200)).toHaveLength(1);
    expect(calls.find((call) => call.status === 200)!.body).toMatchObject({ success: 1, data: { Amount: 100 } });
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

describe('affiliate income under a turnover multiple (settings Affiliate.turnover, docs/adr/0011)', () => {
  const setTurnoverMultiple = async (multiple: number) => {
    await t.db.query('UPDATE site_settings SET affiliate_turnover_multiple = $1', [multiple]);
    t.context.siteSettings.invalidate();
  };
  const rolling = async (token: string) => (await t.call({ method: 'GET', url: '/rolling-composite/v1/get-rolling', token })).body.data;
  const withdraw = (token: string, amount: number) =>
    t.call({ method: 'POST', url: '/fund-composite/v1/withdrawal', token, body: { Amount: amount, Channel: 'BANK', minWithdraw: 100 } });

  /** A referrer whose referred member lost `lossSatang` on `day`, with the commission computed. */
  async function referrerWithIncome(lossSatang: bigint, day: Date, label: string) {
    const referrer = await t.signUp();
    const referred = await t.signUp({ affiliateKey: referrer.affiliateKey });
    await lose(await idOf(referred.phoneNumber), lossSatang, day, label);
    await computeAffiliateCommissionsForDay(t.context, day);
    return { ...referrer, id: await idOf(referrer.phoneNumber), token: await t.logIn(referrer.phoneNumber, referrer.password) };
  }

  it('holds a bank withdrawal until the moved income is turned over n times, then the withdrawal ends the requirement', async () => {
    await setTurnoverMultiple(3);
    try {
      // 5 % of 4,000 = 200 income; × 3 = 600 of turnover before a withdrawal.
      const referrer = await referrerWithIncome(400_000n, new Date('2026-10-12T06:00:00Z'), 'tm');
      const moved = await t.call({ method: 'GET', url: '/user-profile-composite/v1/users/affiliate/vertify', token: referrer.token });
      // Spec §7: the income withdrawal's success value is 1 (docs/adr/0004).
      expect(moved.body).toMatchObject({ success: 1, data: { Amount: 200 } });
      expect(await rolling(referrer.token)).toMatchObject({ nowTurnover: 0, needTurnover: 600, isMet: false });

      const refused = await withdraw(referrer.token, 150);
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({ success: false, code: 'TURNOVER_NOT_MET', message: 'ยอดเทิร์นโอเวอร์ยังไม่ครบตามเงื่อนไข' });
      expect((await t.call({ method: 'GET', url: '/user-profile-composite/v1/profile/balance', token: referrer.token })).body.data.mainWallet).toBe(200);

      // The referrer's own play, settled after the income moved (turnover before it never counts).
      await lose(referrer.id, 30_000n, new Date(Date.now() + 60_000), 'tm-1');
      expect(await rolling(referrer.token)).toMatchObject({ nowTurnover: 300, needTurnover: 600, isMet: false });
      expect((await withdraw(referrer.token, 150)).status).toBe(422);
      await lose(referrer.id, 30_000n, new Date(Date.now() + 120_000), 'tm-2');
      expect(await rolling(referrer.token)).toMatchObject({ nowTurnover: 600, needTurnover: 600, isMet: true });

      const accepted = await withdraw(referrer.token, 150);
      expect(accepted.status).toBe(200);
      expect(accepted.body.success).toBe(true);
      const { rows } = await t.db.query<{ status: string; end_reason: string; required_satang: bigint }>(
        'SELECT status, end_reason, required_satang FROM wagering_requirements WHERE member_id = $1',
        [referrer.id],
      );
      expect(rows).toEqual([{ status: 'completed', end_reason: 'WITHDRAWN', required_satang: 60_000n }]);
      expect(await rolling(referrer.token)).toMatchObject({ needTurnover: 0 });
    } finally {
      await setTurnoverMultiple(1);
    }
  });

  it('adds no requirement when the multiple is 0', async () => {
    await setTurnoverMultiple(0);
    try {
      const referrer = await referrerWithIncome(400_000n, new Date('2026-10-13T06:00:00Z'), 'zero');
      expect((await t.call({ method: 'GET', url: '/user-profile-composite/v1/users/affiliate/vertify', token: referrer.token })).body.success).toBe(1);
      expect(await rolling(referrer.token)).toMatchObject({ needTurnover: 0, isMet: true });
      expect((await t.db.query('SELECT 1 FROM wagering_requirements WHERE member_id = $1', [referrer.id])).rowCount).toBe(0);
    } finally {
      await setTurnoverMultiple(1);
    }
  });

  it('ends the requirement when the money it was on is played out before a new deposit', async () => {
    const referrer = await referrerWithIncome(400_000n, new Date('2026-10-14T06:00:00Z'), 'out');
    await t.call({ method: 'GET', url: '/user-profile-composite/v1/users/affiliate/vertify', token: referrer.token });
    expect(await rolling(referrer.token)).toMatchObject({ needTurnover: 200, isMet: false });
    // The 200 is lost at the game (GAME_RESULT to the house), leaving nothing to play through.
    await inLedgerTransaction(t.db, async (tx) =>
      expectPosted(
        await postTransfer(tx, {
          idempotencyKey: `test-played-out:${referrer.id}`,
          code: 'GAME_RESULT',
          debitAccountId: await requireMemberAccountId(tx, referrer.id, 'main'),
          creditAccountId: await requireAccountId(tx, HOUSE_ACCOUNTS.gameResults),
          amountSatang: 20_000n,
          source: { type: 'test', id: referrer.id },
        }),
      ),
    );
    const delivered = await postFeed(t, 'statement', statementFrom(referrer, '500.00'), { sourceId: 'src_statement_bbl' });
    expect(delivered.body.data.status).toBe('credited');
    expect(await rolling(referrer.token)).toMatchObject({ needTurnover: 0, isMet: true });
    const { rows } = await t.db.query<{ end_reason: string }>('SELECT end_reason FROM wagering_requirements WHERE member_id = $1', [referrer.id]);
    expect(rows).toEqual([{ end_reason: 'BALANCE_EXHAUSTED' }]);
  });
});

describe('affiliate income above the auto-withdraw maximum (settings Affiliate.autoWithdraw, docs/adr/0011)', () => {
  const vertify = (token: string) => t.call({ method: 'GET', url: '/user-profile-composite/v1/users/affiliate/vertify', token });
  const summary = async (token: string) => (await t.call({ method: 'GET', url: '/user-profile-composite/v1/users/affiliate', token })).body.data;
  const balances = async (token: string) => (await t.call({ method: 'GET', url: '/user-profile-composite/v1/profile/balance', token })).body.data;

  it('waits for staff: reserved, refused twice, rejected back to income, then approved once under 20 concurrent decisions', async () => {
    // Demo settings: auto-withdraw up to 1,000 baht. 5 % of 40,000 = 2,000 income: above it.
    const referrer = await t.signUp();
    const referred = await t.signUp({ affiliateKey: referrer.affiliateKey });
    const day = new Date('2026-10-15T06:00:00Z');
    await lose(await idOf(referred.phoneNumber), 4_000_000n, day, 'big');
    await computeAffiliateCommissionsForDay(t.context, day);
    const token = await t.logIn(referrer.phoneNumber, referrer.password);

    const asks = await Promise.all(Array.from({ length: 20 }, () => vertify(token)));
    const waiting = asks.filter((ask) => ask.status === 200);
    expect(waiting).toHaveLength(1);
    expect(waiting[0]!.body).toMatchObject({ success: 1, message: 'ส่งคำขอถอนรายได้แล้ว รอเจ้าหน้าที่อนุมัติ', data: { Amount: 2000, Status: 2 } });
    expect(asks.filter((ask) => ask.status !== 200).every((ask) => ['AFFILIATE_WITHDRAW_WAITING', 'AFFILIATE_BELOW_MINIMUM', 'RATE_LIMITED'].includes(String(ask.body.code)))).toBe(true);
    expect(await balances(token)).toMatchObject({ mainWallet: 0, affiliateWallet: 0 });
    expect((await summary(token)).transaction).toEqual([expect.objectContaining({ Amount: 2000, Status: 2 })]);
    const again = await vertify(token);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ success: false, code: 'AFFILIATE_WITHDRAW_WAITING', message: 'มีรายการถอนรายได้รอการอนุมัติอยู่ กรุณารอให้เสร็จก่อน' });

    const list = await staffCall(t, 'GET', '/admin-api/v1/affiliate-withdrawals');
    const row = (list.body.data as Array<{ id: string; phoneNumber: string; Amount: number }>).find((entry) => entry.phoneNumber === referrer.phoneNumber)!;
    expect(row.Amount).toBe(2000);
    expect((await staffCall(t, 'POST', `/admin-api/v1/affiliate-withdrawals/${row.id}/reject`, {})).status).toBe(400);
    expect((await staffCall(t, 'POST', `/admin-api/v1/affiliate-withdrawals/${row.id}/reject`, { reason: 'ตรวจสอบบัญชีแนะนำซ้ำ' })).body.data).toEqual({ status: 'rejected' });
    // Who decided, with their role and address (issue 11 "Audit").
    const decided = await t.db.query<{ actor: string; actor_role: string | null; address: string | null }>(`SELECT actor, actor_role, address FROM audit_log WHERE action = 'affiliate_withdrawal.reject' AND subject_id = $1`, [row.id]);
    expect(decided.rows).toEqual([{ actor: 'staff:test-owner', actor_role: 'owner', address: '127.0.0.1' }]);
    expect(await balances(token)).toMatchObject({ mainWallet: 0, affiliateWallet: 2000 });
    expect((await summary(token)).transaction).toEqual([expect.objectContaining({ Amount: 2000, Status: 3 })]);
    expect((await staffCall(t, 'POST', `/admin-api/v1/affiliate-withdrawals/${row.id}/approve`, {})).status).toBe(409);

    const second = await vertify(token);
    expect(second.body.data).toEqual({ Amount: 2000, Status: 2 });
    const secondId = ((await staffCall(t, 'GET', '/admin-api/v1/affiliate-withdrawals')).body.data as Array<{ id: string; phoneNumber: string }>).find((entry) => entry.phoneNumber === referrer.phoneNumber)!.id;
    const decisions = await Promise.all(Array.from({ length: 20 }, (_, index) =>
      staffCall(t, 'POST', `/admin-api/v1/affiliate-withdrawals/${secondId}/${index % 2 === 0 ? 'approve' : 'reject'}`, { reason: 'race' })));
    const won = decisions.filter((decision) => decision.status === 200);
    expect(won).toHaveLength(1);
    const approved = won[0]!.body.data.status === 'approved';
    expect(await balances(token)).toMatchObject(approved ? { mainWallet: 2000, affiliateWallet: 0 } : { mainWallet: 0, affiliateWallet: 2000 });
    const requirements = await t.db.query('SELECT 1 FROM wagering_requirements WHERE member_id = $1', [await idOf(referrer.phoneNumber)]);
    expect(requirements.rowCount).toBe(approved ? 1 : 0);
  });

  it('moves at once within the maximum, and sends everything to staff with auto-withdraw off', async () => {
    await t.db.query('UPDATE site_settings SET affiliate_auto_withdraw_enabled = false');
    t.context.siteSettings.invalidate();
    try {
      const referrer = await t.signUp();
      const referred = await t.signUp({ affiliateKey: referrer.affiliateKey });
      const day = new Date('2026-10-16T06:00:00Z');
      await lose(await idOf(referred.phoneNumber), 300_000n, day, 'off');
      await computeAffiliateCommissionsForDay(t.context, day);
      const token = await t.logIn(referrer.phoneNumber, referrer.password);
      expect((await vertify(token)).body.data).toEqual({ Amount: 150, Status: 2 });
    } finally {
      await t.db.query('UPDATE site_settings SET affiliate_auto_withdraw_enabled = true');
      t.context.siteSettings.invalidate();
    }
  });
});

describe('affiliate income: races and late data (review of docs/adr/0011)', () => {
  const withdraw = (token: string, amount: number) =>
    t.call({ method: 'POST', url: '/fund-composite/v1/withdrawal', token, body: { Amount: amount, Channel: 'BANK', minWithdraw: 100 } });
  const rolling = async (token: string) => (await t.call({ method: 'GET', url: '/rolling-composite/v1/get-rolling', token })).body.data;

  async function referrerWithIncome(lossSatang: bigint, day: Date, label: string) {
    const referrer = await t.signUp();
    const referred = await t.signUp({ affiliateKey: referrer.affiliateKey });
    await lose(await idOf(referred.phoneNumber), lossSatang, day, label);
    await computeAffiliateCommissionsForDay(t.context, day);
    return { ...referrer, id: await idOf(referrer.phoneNumber), token: await t.logIn(referrer.phoneNumber, referrer.password) };
  }

  it('never lets a bank withdrawal racing the income move take the income without its turnover', async () => {
    // 300 of the member's own money (nothing owed) + 200 income (1× → 200 owed) racing a 500
    // withdrawal: either the withdrawal goes first (500 > 300: refused) or the move does (200
    // owed: refused). It is never paid, and a moved income keeps its requirement.
    for (let round = 0; round < 5; round += 1) {
      const referrer = await referrerWithIncome(400_000n, new Date(Date.UTC(2026, 9, 21 + round, 6)), `race-${round}`);
      await postFeed(t, 'statement', statementFrom(referrer, '300.00'), { sourceId: 'src_statement_bbl' });
      const [moved, withdrawn] = await Promise.all([
        t.call({ method: 'GET', url: '/user-profile-composite/v1/users/affiliate/vertify', token: referrer.token }),
        withdraw(referrer.token, 500),
      ]);
      expect(moved.status).toBe(200);
      expect(withdrawn.status).not.toBe(200);
      expect(['INSUFFICIENT_BALANCE', 'TURNOVER_NOT_MET']).toContain(withdrawn.body.code);
      const { rows } = await t.db.query<{ status: string }>('SELECT status FROM wagering_requirements WHERE member_id = $1', [referrer.id]);
      expect(rows).toEqual([{ status: 'active' }]);
    }
  });

  it('keeps the requirement when a deposit arrives while the money is on its way into the game', async () => {
    const referrer = await referrerWithIncome(400_000n, new Date('2026-10-18T06:00:00Z'), 'inflight');
    await t.call({ method: 'GET', url: '/user-profile-composite/v1/users/affiliate/vertify', token: referrer.token });
    // The 200 is reserved for a GAME_IN still in flight: in neither wallet's available balance.
    await inLedgerTransaction(t.db, async (tx) =>
      expectPosted(
        await reserveTransfer(tx, {
          idempotencyKey: `test-game-in-flight:${referrer.id}`,
          code: 'GAME_IN',
          debitAccountId: await requireMemberAccountId(tx, referrer.id, 'main'),
          creditAccountId: await requireMemberAccountId(tx, referrer.id, 'game'),
          amountSatang: 20_000n,
          source: { type: 'test', id: referrer.id },
        }),
      ),
    );
    await postFeed(t, 'statement', statementFrom(referrer, '500.00'), { sourceId: 'src_statement_bbl' });
    const { rows } = await t.db.query<{ status: string }>('SELECT status FROM wagering_requirements WHERE member_id = $1', [referrer.id]);
    expect(rows).toEqual([{ status: 'active' }]);
    expect(await rolling(referrer.token)).toMatchObject({ needTurnover: 200, isMet: false });
  });

  it('does not count a round played before the income moved, even when its record is pulled after', async () => {
    const referrer = await referrerWithIncome(400_000n, new Date('2026-10-19T06:00:00Z'), 'late');
    await t.call({ method: 'GET', url: '/user-profile-composite/v1/users/affiliate/vertify', token: referrer.token });
    // Settled a minute before the move, pulled now: it must not pay off the 200 owed.
    await lose(referrer.id, 50_000n, new Date(Date.now() - 60_000), 'late-before');
    expect(await rolling(referrer.token)).toMatchObject({ nowTurnover: 0, needTurnover: 200, isMet: false });
    await lose(referrer.id, 20_000n, new Date(Date.now() + 60_000), 'late-after');
    expect(await rolling(referrer.token)).toMatchObject({ nowTurnover: 200, needTurnover: 200, isMet: true });
  });

  it('lists income approved by staff in the deposit history', async () => {
    const referrer = await referrerWithIncome(4_000_000n, new Date('2026-10-20T06:00:00Z'), 'hist');
    expect((await t.call({ method: 'GET', url: '/user-profile-composite/v1/users/affiliate/vertify', token: referrer.token })).body.data).toEqual({ Amount: 2000, Status: 2 });
    const id = (await t.db.query<{ id: string }>(`SELECT id FROM affiliate_withdrawals WHERE member_id = $1`, [referrer.id])).rows[0]!.id;
    expect((await staffCall(t, 'POST', `/admin-api/v1/affiliate-withdrawals/${id}/approve`, {})).status).toBe(200);
    const history = await t.call({ method: 'GET', url: '/user-profile-composite/v1/history/deposit', token: referrer.token });
    expect(history.body.data.Transaction).toEqual([expect.objectContaining({ Amount: 2000, TransType: 'AFFILIATE', Status: 1 })]);
  });
});

// PostgreSQL only: PGlite runs one transaction at a time, so this interleaving cannot happen there.
describe.skipIf(!process.env.DATABASE_URL)('a bank withdrawal against income moving in at the same moment (PostgreSQL)', () => {
  it('waits for the move and then sees its requirement, instead of ending it unseen', async () => {
    // 200 income (1× → 200 owed) and nothing else. The move into main is held open while a
    // withdrawal of 150 starts: it must wait for the move and then refuse for the turnover.
    const referrer = await t.signUp();
    const referred = await t.signUp({ affiliateKey: referrer.affiliateKey });
    const day = new Date('2026-10-28T06:00:00Z');
    await lose(await idOf(referred.phoneNumber), 400_000n, day, 'held');
    await computeAffiliateCommissionsForDay(t.context, day);
    const memberId = await idOf(referrer.phoneNumber);
    const token = await t.logIn(referrer.phoneNumber, referrer.password);
    let withdrawal: Promise<{ status: number; body: { code?: string } }> | undefined;
    await t.db.transaction(async (tx) => {
      const transferId = expectPosted(
        await postTransfer(tx, {
          idempotencyKey: `test-held-income:${memberId}`,
          code: 'AFFILIATE',
          debitAccountId: await requireMemberAccountId(tx, memberId, 'affiliate'),
          creditAccountId: await requireMemberAccountId(tx, memberId, 'main'),
          amountSatang: 20_000n,
          source: { type: 'affiliate_income_move', id: memberId },
        }),
      );
      await addWageringRequirement(tx, { memberId, sourceType: 'affiliate_income', sourceTransferId: transferId, creditedSatang: 20_000n, turnoverMultiple: 1, now: new Date() });
      withdrawal = t.call({ method: 'POST', url: '/fund-composite/v1/withdrawal', token, body: { Amount: 150, Channel: 'BANK', minWithdraw: 100 } });
      await new Promise((resolve) => setTimeout(resolve, 400));
    });
    const answer = await withdrawal!;
    expect(answer.body.code).toBe('TURNOVER_NOT_MET');
    const { rows } = await t.db.query<{ status: string }>('SELECT status FROM wagering_requirements WHERE member_id = $1', [memberId]);
    expect(rows).toEqual([{ status: 'active' }]);
  });
});

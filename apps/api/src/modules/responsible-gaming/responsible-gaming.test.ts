import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ADMIN_ROUTE_PERMISSIONS } from '../staff/index.ts';
import { expectLedgerSound, mainBalance, postFeed, staffCall, statementFrom } from '../../test/money-helpers.ts';

let t: TestApp;
let clock = new Date();
// Deliveries are signed with the real time: the test clock only jumps inside a test, then returns.
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

const base = '/user-profile-composite/v1/responsible-gaming';
const noLimits = { day: null, week: null, month: null };
async function member() {
  const details = await t.signUp();
  return { ...details, token: await t.logIn(details.phoneNumber, details.password) };
}
const deposit = (who: { bankCode: string; accountNumber: string }, amount: string) =>
  postFeed(t, 'statement', statementFrom(who, amount), { sourceId: 'src_statement_bbl' });

describe('player protection (issue 12)', () => {
  it('applies a lower deposit limit at once and a higher one only after 24 hours and a confirmation', async () => {
    const m = await member();
    const set = (day: number | null) => t.call({ method: 'PUT', url: `${base}/limits`, token: m.token, body: { depositLimit: { ...noLimits, day }, lossLimit: noLimits } });
    expect((await set(1000)).body.data.depositLimit.day).toBe(1000);
    const raised = await set(2000);
    expect(raised.body.data.depositLimit.day).toBe(1000);
    expect(raised.body.data.pending).toEqual([expect.objectContaining({ kind: 'deposit', period: 'day', amount: 2000 })]);
    expect((await t.call({ method: 'POST', url: `${base}/limits/confirm`, token: m.token })).body.data.depositLimit.day).toBe(1000);
    // A day later (the member signs in again: sessions are shorter than that).
    clock = new Date(clock.getTime() + 25 * 3_600_000);
    try {
      const token = await t.logIn(m.phoneNumber, m.password);
      expect((await t.call({ method: 'POST', url: `${base}/limits/confirm`, token })).body.data.depositLimit.day).toBe(2000);
      m.token = token;
      expect((await set(500)).body.data).toMatchObject({ depositLimit: { day: 500 }, pending: [] });
    } finally {
      clock = new Date();
    }
    expect((await t.call({ method: 'PUT', url: `${base}/limits`, token: m.token, body: { depositLimit: { ...noLimits, day: -5 }, lossLimit: noLimits } })).status).toBe(400);
  });

  it('holds a deposit past the daily limit and pays it back to the member, once: 1,000 a day, 800 then 500', async () => {
    const m = await member();
    await t.call({ method: 'PUT', url: `${base}/limits`, token: m.token, body: { depositLimit: { ...noLimits, day: 1000 }, lossLimit: noLimits } });
    expect((await deposit(m, '800.00')).body.data.status).toBe('credited');
    const second = await deposit(m, '500.00');
    expect(second.body.data).toMatchObject({ status: 'held', reason: 'RG_DEPOSIT_LIMIT' });
    expect(await mainBalance(t, m.token)).toBe(800);
    const { rows } = await t.db.query<{ status: string; refunds: bigint }>(
      `SELECT d.status, (SELECT count(*) FROM deposit_refunds r WHERE r.deposit_id = d.id AND r.status = 'paid') AS refunds
       FROM deposits d JOIN members mb ON mb.id = d.member_id WHERE mb.phone_number = $1 AND d.amount_satang = 50000`,
      [m.phoneNumber],
    );
    expect(rows).toEqual([{ status: 'refunded', refunds: 1n }]);
    // The member is told by LINE when the refund is paid (issue 26 §2): the event names them and the reason.
    const refunded = await t.db.query<{ member_id: string | null; payload: { reason: string; amountSatang: string } }>(
      `SELECT e.member_id, e.payload FROM outbox_events e JOIN members mb ON mb.id = e.member_id WHERE e.kind = 'deposit.refunded' AND mb.phone_number = $1`,
      [m.phoneNumber],
    );
    expect(refunded.rows).toEqual([expect.objectContaining({ member_id: expect.any(String), payload: expect.objectContaining({ reason: 'RG_DEPOSIT_LIMIT', amountSatang: '50000' }) })]);
    const activity = await t.call({ method: 'GET', url: `${base}/activity`, token: m.token });
    expect(activity.body.data.deposits.day).toBe(800);
    expect(activity.body.data.returnedDeposits).toEqual([
      expect.objectContaining({ amount: 500, reason: 'RG_DEPOSIT_LIMIT', status: 'returned', message: 'ยอดฝากนี้เกินวงเงินฝากที่คุณตั้งไว้ ระบบจึงไม่นำเข้าเล่นและโอนคืนเข้าบัญชีธนาคารของคุณ' }),
    ]);
  });

  it('during a 24-hour time-out: no game, deposits go back, withdrawal still works; it cannot be lifted early', async () => {
    const m = await member();
    expect((await deposit(m, '400.00')).body.data.status).toBe('credited');
    const timeout = await t.call({ method: 'POST', url: `${base}/exclusion`, token: m.token, body: { kind: 'timeout', period: '24h' } });
    expect(timeout.status).toBe(200);
    const launch = await t.call({ method: 'POST', url: '/game-composite/v1/launch', token: m.token, body: { gameCode: 'sabai-slot-golden-elephant' } });
    expect(launch.status).toBe(403);
    expect(launch.body).toMatchObject({ code: 'RG_EXCLUDED' });
    expect(launch.body.message).toContain('พักการเล่น');
    expect((await deposit(m, '300.00')).body.data).toMatchObject({ status: 'held', reason: 'RG_EXCLUDED' });
    const withdrawal = await t.call({ method: 'POST', url: '/fund-composite/v1/withdrawal', token: m.token, body: { Amount: 400, Channel: 'BANK' } });
    expect(withdrawal.status).toBe(200);
    expect((await t.call({ method: 'POST', url: `${base}/exclusion`, token: m.token, body: { kind: 'timeout', period: '6m' } })).status).toBe(400);
    const limits = await t.call({ method: 'GET', url: `${base}/limits`, token: m.token });
    expect(limits.body.data.exclusion.kind).toBe('timeout');
    clock = new Date(clock.getTime() + 25 * 3_600_000);
    try {
      const token = await t.logIn(m.phoneNumber, m.password);
      expect((await t.call({ method: 'GET', url: `${base}/limits`, token })).body.data.exclusion).toBeNull();
    } finally {
      clock = new Date();
    }
  });

  it('stops play once the daily loss limit is reached', async () => {
    const m = await member();
    expect((await deposit(m, '300.00')).body.data.status).toBe('credited');
    await t.call({ method: 'PUT', url: `${base}/limits`, token: m.token, body: { depositLimit: noLimits, lossLimit: { ...noLimits, day: 100 } } });
    const { rows } = await t.db.query<{ id: string }>('SELECT id FROM members WHERE phone_number = $1', [m.phoneNumber]);
    await t.db.query(
      `INSERT INTO bet_rounds (partner, round_id, member_id, game_code, stake_satang, payout_satang, result, status, settled_at, booked_net_satang, is_legacy)
       VALUES ('sabai-sandbox', $1, $2, 'sabai-slot-golden-elephant', 10000, 0, 'loss', 'settled', $3, -10000, true)`,
      [`rg-loss-${rows[0]!.id}`, rows[0]!.id, clock],
    );
    const launch = await t.call({ method: 'POST', url: '/game-composite/v1/launch', token: m.token, body: { gameCode: 'sabai-slot-golden-elephant' } });
    expect(launch.body).toMatchObject({ code: 'RG_LOSS_LIMIT_REACHED', message: 'คุณถึงวงเงินขาดทุนที่ตั้งไว้แล้ว เล่นต่อได้เมื่อพ้นช่วงเวลาของวงเงิน' });
  });

  it('past the loss limit, a new deposit stays in the main wallet: the continue-into-game (GAME_IN) is refused, withdrawal works', async () => {
    const m = await member();
    await t.call({ method: 'PUT', url: `${base}/limits`, token: m.token, body: { depositLimit: noLimits, lossLimit: { ...noLimits, week: 50 } } });
    const { rows } = await t.db.query<{ id: string }>('SELECT id FROM members WHERE phone_number = $1', [m.phoneNumber]);
    await t.db.query(
      `INSERT INTO bet_rounds (partner, round_id, member_id, game_code, stake_satang, payout_satang, result, status, settled_at, booked_net_satang, is_legacy)
       VALUES ('sabai-sandbox', $1, $2, 'sabai-slot-golden-elephant', 5000, 0, 'loss', 'settled', $3, -5000, true)`,
      [`rg-loss-week-${rows[0]!.id}`, rows[0]!.id, clock],
    );
    expect((await deposit(m, '200.00')).body.data.status).toBe('credited');
    const balance = await t.call({ method: 'GET', url: '/user-profile-composite/v1/profile/balance', token: m.token });
    expect(balance.body.data).toMatchObject({ mainWallet: 200, gameWallet: 0 });
    const gameIn = await t.db.query("SELECT 1 FROM game_transfers WHERE member_id = $1 AND direction = 'in'", [rows[0]!.id]);
    expect(gameIn.rowCount).toBe(0);
    const launch = await t.call({ method: 'POST', url: '/game-composite/v1/launch', token: m.token, body: { gameCode: 'sabai-slot-golden-elephant' } });
    expect(launch.body.code).toBe('RG_LOSS_LIMIT_REACHED');
    expect((await t.call({ method: 'POST', url: '/fund-composite/v1/withdrawal', token: m.token, body: { Amount: 200, Channel: 'BANK' } })).status).toBe(200);
  });

  it('keeps the reality-check interval (15/30/60, default 60) and the play session with its net result', async () => {
    const m = await member();
    expect((await t.call({ method: 'GET', url: `${base}/limits`, token: m.token })).body.data.realityCheckMinutes).toBe(60);
    const set = await t.call({ method: 'PUT', url: `${base}/reality-check`, token: m.token, body: { minutes: 15 } });
    expect(set.status).toBe(200);
    expect(set.body.data.realityCheckMinutes).toBe(15);
    expect((await t.call({ method: 'PUT', url: `${base}/reality-check`, token: m.token, body: { minutes: 20 } })).status).toBe(400);
    const opened = await t.call({ method: 'POST', url: `${base}/session`, token: m.token });
    expect(opened.body.data).toMatchObject({ netResult: 0, realityCheckMinutes: 15 });
    const { rows } = await t.db.query<{ id: string }>('SELECT id FROM members WHERE phone_number = $1', [m.phoneNumber]);
    await t.db.query(
      `INSERT INTO bet_rounds (partner, round_id, member_id, game_code, stake_satang, payout_satang, result, status, settled_at, booked_net_satang, is_legacy)
       VALUES ('sabai-sandbox', $1, $2, 'sabai-slot-golden-elephant', 12550, 2500, 'loss', 'settled', $3, -10050, true)`,
      [`rg-session-${rows[0]!.id}`, rows[0]!.id, new Date(clock.getTime() + 1000)],
    );
    clock = new Date(clock.getTime() + 20 * 60_000);
    try {
      const token = await t.logIn(m.phoneNumber, m.password);
      const again = await t.call({ method: 'POST', url: `${base}/session`, token });
      expect(again.body.data).toMatchObject({ startedAt: opened.body.data.startedAt, netResult: -100.5 });
      // Away longer than 30 minutes: the next opening starts a new session.
      clock = new Date(clock.getTime() + 31 * 60_000);
      const token2 = await t.logIn(m.phoneNumber, m.password);
      const fresh = await t.call({ method: 'POST', url: `${base}/session`, token: token2 });
      expect(fresh.body.data.netResult).toBe(0);
      expect(Date.parse(fresh.body.data.startedAt)).toBeGreaterThan(Date.parse(opened.body.data.startedAt));
    } finally {
      clock = new Date();
    }
  });
});

describe('player protection in the back office (issue 12)', () => {
  it('shows a member’s limits, exclusions and held deposits, lists protected members, and has no way to lift an exclusion', async () => {
    const m = await member();
    await t.call({ method: 'PUT', url: `${base}/limits`, token: m.token, body: { depositLimit: { ...noLimits, day: 100 }, lossLimit: noLimits } });
    expect((await deposit(m, '150.00')).body.data).toMatchObject({ status: 'held', reason: 'RG_DEPOSIT_LIMIT' });
    await t.call({ method: 'POST', url: `${base}/exclusion`, token: m.token, body: { kind: 'timeout', period: '7d' } });
    const { rows } = await t.db.query<{ id: string }>('SELECT id FROM members WHERE phone_number = $1', [m.phoneNumber]);
    const memberId = rows[0]!.id;
    const view = await staffCall(t, 'GET', `/admin-api/v1/members/${memberId}/protection`, undefined, 'support');
    expect(view.status).toBe(200);
    expect(view.body.data).toMatchObject({
      dateOfBirth: '1990-01-15',
      depositLimit: { day: 100 },
      exclusion: { kind: 'timeout' },
      exclusions: [expect.objectContaining({ kind: 'timeout', period: '7d', active: true })],
      heldDeposits: [expect.objectContaining({ amount: 150, reason: 'RG_DEPOSIT_LIMIT', status: 'refunded' })],
    });
    const list = await staffCall(t, 'GET', '/admin-api/v1/protection/members', undefined, 'auditor');
    expect(list.body.data).toContainEqual(expect.objectContaining({ phoneNumber: m.phoneNumber, activeLimits: 1, exclusion: expect.objectContaining({ kind: 'timeout' }) }));
    expect((await staffCall(t, 'GET', '/admin-api/v1/protection/members', undefined, 'marketing')).status).toBe(403);
    // Staff never lift or shorten: no admin route writes protection, and a guess is refused.
    expect(Object.keys(ADMIN_ROUTE_PERMISSIONS).filter((route) => !route.startsWith('GET') && /protection|exclusion|responsible/.test(route))).toEqual([]);
    expect((await staffCall(t, 'POST', `/admin-api/v1/members/${memberId}/protection/lift`, {}, 'owner')).status).toBeGreaterThanOrEqual(400);
    expect((await staffCall(t, 'GET', `/admin-api/v1/members/${memberId}/protection`, undefined, 'owner')).body.data.exclusion).toMatchObject({ kind: 'timeout' });
  });
});

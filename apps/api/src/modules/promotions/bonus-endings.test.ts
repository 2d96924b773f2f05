import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { expectLedgerSound, mainBalance, postFeed, statementFrom } from '../../test/money-helpers.ts';
import { memberIdOf, openSlotSession, spinScripted } from '../../test/partner-helpers.ts';
import { readTransfer } from '@sabai/ledger';
import { moveGameCredit, pullBetRecords } from '../play/index.ts';

/**
 * Issue 26 §1: a bonus ends when it is played out, whatever the member chose for the next
 * deposit; a deposit made while no bonus is in force is never subject to an old bonus.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

const deposit = (member: { bankCode: string; accountNumber: string }, amount: string) =>
  postFeed(t, 'statement', statementFrom(member, amount), { sourceId: 'src_statement_bbl' });
const withdraw = (token: string, Amount: number) => t.call({ method: 'POST', url: '/fund-composite/v1/withdrawal', token, body: { Amount, Channel: 'BANK' } });

async function memberWithBonus() {
  const member = await t.signUp({ isBonus: true });
  const token = await t.logIn(member.phoneNumber, member.password);
  return { ...member, token, memberId: await memberIdOf(t, member.phoneNumber) };
}

const grantsOf = async (memberId: string) =>
  (await t.db.query<{ status: string; end_reason: string | null; forfeited_satang: bigint | null }>(
    'SELECT status, end_reason, forfeited_satang FROM bonus_grants WHERE member_id = $1 ORDER BY created_at',
    [memberId],
  )).rows;

let roundCounter = 0;
/** Turnover only: a round booked outside the ledger (is_legacy), as promotions.test.ts makes it. */
async function addTurnover(memberId: string, stakeSatang: bigint) {
  roundCounter += 1;
  await t.db.query(
    `INSERT INTO bet_rounds (partner, round_id, member_id, game_code, stake_satang, payout_satang, result, status, settled_at, booked_net_satang, is_legacy)
     VALUES ('sabai-sandbox', $1, $2, 'sabai-baccarat-1', $3, 0, 'loss', 'settled', now(), -$3::int8, true)`,
    [`endings-${roundCounter}-${memberId}`, memberId, stakeSatang],
  );
}

/** `baht` of the member's money goes into the game and is lost there in 100-baht rounds (sandbox stakes), settled. */
async function loseEverything(memberId: string, baht: number, _options: { keepRest?: boolean } = {}) {
  const moved = await moveGameCredit(t.context, { memberId, direction: 'in', amountSatang: 'all' });
  expect(['succeeded', 'skipped']).toContain(moved.status);
  const session = await openSlotSession(t, memberId);
  await spinScripted(t, memberId, session, Array.from({ length: baht / 100 }, () => 'loss' as const), 100);
  await pullBetRecords(t.context);
}

describe('a played-out bonus never holds a later deposit', () => {
  it('pays the whole of a 6,000 deposit made with bonuses declined after a 100 + 100 bonus was lost', async () => {
    const member = await memberWithBonus();
    expect((await deposit(member, '100.00')).body.data.status).toBe('credited');
    expect(await mainBalance(t, member.token)).toBe(200);
    await loseEverything(member.memberId, 200);
    expect(await mainBalance(t, member.token)).toBe(0);
    // The settlement that played it out ended it: no deposit needed to notice.
    expect(await grantsOf(member.memberId)).toEqual([{ status: 'completed', end_reason: 'PLAYED_OUT', forfeited_satang: null }]);

    const declined = await t.call({ method: 'POST', url: '/user-profile-composite/v1/users/setting', token: member.token, body: { isBonus: false } });
    expect(declined.status).toBe(200);
    expect((await deposit(member, '6000.00')).body.data.status).toBe('credited');

    const condition = await t.call({ method: 'GET', url: '/fund-composite/v1/withdrawal/condition', token: member.token });
    expect(condition.body.data).toMatchObject({ canWithdraw: true, availableAmount: 6000, bonusMaxWithdraw: null });
    const paid = await withdraw(member.token, 6000);
    expect(paid.status).toBe(200);
    expect(await mainBalance(t, member.token)).toBe(0);
    expect(await grantsOf(member.memberId)).toEqual([{ status: 'completed', end_reason: 'PLAYED_OUT', forfeited_satang: null }]);
  });

  it('ends a played-out bonus at the next deposit when no settlement saw it (bonuses declined), so the deposit is not held', async () => {
    const member = await memberWithBonus();
    await deposit(member, '100.00');
    // Played out where no settlement of ours ran (the money left by rounds booked before the grant's review existed).
    const { rows } = await t.db.query<{ id: string }>(`SELECT id FROM bonus_grants WHERE member_id = $1`, [member.memberId]);
    await loseEverything(member.memberId, 200);
    await t.db.query(`UPDATE bonus_grants SET status = 'active', end_reason = NULL, ended_at = NULL WHERE id = $1`, [rows[0]!.id]);
    await t.call({ method: 'POST', url: '/user-profile-composite/v1/users/setting', token: member.token, body: { isBonus: false } });
    await deposit(member, '500.00');
    expect(await grantsOf(member.memberId)).toEqual([{ status: 'completed', end_reason: 'PLAYED_OUT', forfeited_satang: null }]);
    const condition = await t.call({ method: 'GET', url: '/fund-composite/v1/withdrawal/condition', token: member.token });
    expect(condition.body.data).toMatchObject({ availableAmount: 500, hasActiveBonus: false, bonusForfeitAmount: 0 });
  });
});

describe('cancelling a bonus forfeits only the bonus and its winnings', () => {
  it('says the forfeit first, refuses another amount, then takes 1,000 of 1,000 + 1,000 after a 500 loss: the 500 left is paid', async () => {
    const member = await memberWithBonus();
    await deposit(member, '1000.00');
    expect(await mainBalance(t, member.token)).toBe(2000);
    await loseEverything(member.memberId, 500, { keepRest: true });
    const condition = await t.call({ method: 'GET', url: '/fund-composite/v1/withdrawal/condition', token: member.token });
    expect(condition.body.data).toMatchObject({ hasActiveBonus: true, bonusCancelForfeitAmount: 1000, canWithdraw: false });

    const changed = await t.call({ method: 'POST', url: '/user-profile-composite/v1/bonus/cancel', token: member.token, body: { expectedForfeit: 999 } });
    expect(changed.body).toMatchObject({ success: false, code: 'BONUS_FORFEIT_CHANGED' });
    expect(await mainBalance(t, member.token)).toBe(1500);

    const cancelled = await t.call({ method: 'POST', url: '/user-profile-composite/v1/bonus/cancel', token: member.token, body: { expectedForfeit: 1000 } });
    expect(cancelled.body).toMatchObject({ success: true, data: { forfeited: 1000, balance: 500 } });
    expect(await grantsOf(member.memberId)).toEqual([{ status: 'cancelled', end_reason: 'CANCELLED', forfeited_satang: 100_000n }]);
    const again = await t.call({ method: 'POST', url: '/user-profile-composite/v1/bonus/cancel', token: member.token, body: { expectedForfeit: 0 } });
    expect(again.body).toMatchObject({ success: false, code: 'NO_ACTIVE_BONUS' });

    expect((await withdraw(member.token, 500)).status).toBe(200);
    const history = await t.call({ method: 'GET', url: '/user-profile-composite/v1/history/withdraw', token: member.token });
    expect(history.body.data.Transaction.map((row: { TransType: string; Amount: number }) => [row.TransType, row.Amount])).toEqual([
      ['WITHDRAW', 500],
      ['BONUS_FORFEIT', 1000],
    ]);
    expect(history.body.data.Transaction[1].forfeitReason).toContain('ยกเลิกโบนัส');
    const { rows } = await t.db.query<{ id: string; forfeit_transfer_id: bigint }>('SELECT id, forfeit_transfer_id FROM bonus_grants WHERE member_id = $1', [member.memberId]);
    const forfeit = await readTransfer(t.db, rows[0]!.forfeit_transfer_id);
    expect(forfeit).toMatchObject({ code: 'BONUS_FORFEIT', amountSatang: 100_000n, sourceType: 'bonus_grant', sourceId: rows[0]!.id });
  });
});

describe('a withdrawal and a deposit at once', () => {
  it('never forfeits the deposit, whichever commits first', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const member = await memberWithBonus();
      await deposit(member, '100.00');
      await addTurnover(member.memberId, 100_000n);
      const [paid, credited] = await Promise.all([withdraw(member.token, 200), deposit(member, '6000.00')]);
      expect(paid.status).toBe(200);
      expect(credited.body.data.status).toBe('credited');
      // When the withdrawal commits first, the old bonus has ended and the 6,000 deposit (bonuses
      // accepted) may earn a new one of its own: the member then holds 6,000 plus that new bonus.
      const { rows: newBonus } = await t.db.query<{ bonus_satang: bigint }>(
        'SELECT bonus_satang FROM bonus_grants WHERE member_id = $1 AND deposit_satang = 600000',
        [member.memberId],
      );
      expect(await mainBalance(t, member.token)).toBe(6000 + Number(newBonus[0]?.bonus_satang ?? 0n) / 100);
      const forfeits = await t.db.query(`SELECT 1 FROM bonus_grants WHERE member_id = $1 AND forfeit_transfer_id IS NOT NULL`, [member.memberId]);
      expect(forfeits.rowCount).toBe(0);
    }
  }, 120_000);
});

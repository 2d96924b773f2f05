import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { expectLedgerSound, mainBalance, postFeed, statementFrom } from '../../test/money-helpers.ts';
import { memberIdOf, openSlotSession, spinScripted } from '../../test/partner-helpers.ts';
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

/** Everything the member holds goes into the game and is lost there in 100-baht rounds (sandbox stakes), settled. */
async function loseEverything(memberId: string, baht: number) {
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

    const declined = await t.call({ method: 'POST', url: '/user-profile-composite/v1/users/setting', token: member.token, body: { isBonus: false } });
    expect(declined.status).toBe(200);
    expect((await deposit(member, '6000.00')).body.data.status).toBe('credited');

    const condition = await t.call({ method: 'GET', url: '/fund-composite/v1/withdrawal/condition', token: member.token });
    expect(condition.body.data).toMatchObject({ canWithdraw: true, availableAmount: 6000, bonusMaxWithdraw: null });
    const paid = await withdraw(member.token, 6000);
    expect(paid.status).toBe(200);
    expect(await mainBalance(t, member.token)).toBe(0);
    const grant = await t.db.query<{ status: string; forfeited_satang: bigint | null }>('SELECT status, forfeited_satang FROM bonus_grants WHERE member_id = $1', [member.memberId]);
    expect(grant.rows).toEqual([{ status: 'completed', forfeited_satang: null }]);
  });
});

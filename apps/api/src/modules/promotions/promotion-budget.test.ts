import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { expectLedgerSound, postFeed, staffCall, statementFrom } from '../../test/money-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Only the promotion under test is open: 50 baht fixed bonus on a deposit of 100 baht or more, no budget yet.
  await t.db.query(`UPDATE promotions SET is_active = false`);
  await t.db.query(`INSERT INTO promotions (id, title, minimum_deposit_satang, deposit_type, bonus_value, max_bonus_type, max_bonus, turnover_type, turnover_amount,
     max_withdraw_type, max_withdraw_amount, starts_at, sort_order) VALUES ('budgeted', 'งบจำกัด', 10000, 0, 5000, 0, 0, 0, 0, 0, 0, '2026-01-01T00:00:00Z', 0)`);
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

const idOf = async (phoneNumber: string) => (await t.db.query<{ id: string }>('SELECT id FROM members WHERE phone_number = $1', [phoneNumber])).rows[0]!.id;
async function bonusMember() {
  const member = await t.signUp({ isBonus: true });
  return { ...member, memberId: await idOf(member.phoneNumber) };
}
const deposit = (member: { bankCode: string; accountNumber: string }, amount: string) => postFeed(t, 'statement', statementFrom(member, amount), { sourceId: 'src_statement_bbl' });
const grants = async () => (await t.db.query<{ n: string; paid: string }>(`SELECT count(*)::text AS n, COALESCE(sum(bonus_satang), 0)::text AS paid FROM bonus_grants WHERE promotion_id = 'budgeted'`)).rows[0]!;

describe('a promotion pays only within a budget finance or the owner approved (issue 25 §1)', () => {
  it('grants nothing before its budget is approved; marketing asks, cannot approve; finance approves', async () => {
    const early = await bonusMember();
    expect((await deposit(early, '150.00')).body.data.status).toBe('credited');
    expect(await grants()).toEqual({ n: '0', paid: '0' });
    const budgetOnList = async () => (await staffCall(t, 'GET', '/admin-api/v1/promotions', undefined, 'marketing')).body.data.find((row: { id: string }) => row.id === 'budgeted').budget;
    expect(await budgetOnList()).toEqual({ state: 'none', approved: null, requested: null });

    const asked = await staffCall(t, 'POST', '/admin-api/v1/promotions/budgeted/budget', { budget: 120, reason: 'งบเดือนนี้' }, 'marketing');
    expect(asked.status).toBe(200);
    expect(asked.body.data.status).toBe('pending');
    expect((await staffCall(t, 'POST', `/admin-api/v1/approvals/${asked.body.data.approvalId}/approve`, {}, 'marketing')).status).toBe(403);
    expect((await staffCall(t, 'POST', '/admin-api/v1/promotions/nope/budget', { budget: 120, reason: 'งบเดือนนี้' }, 'marketing')).status).toBe(404);
    // The staff list says what waits (issue 25 §4: the approved budget and its state on the promotion screen).
    expect(await budgetOnList()).toEqual({ state: 'pending', approved: null, requested: 120 });
    const approved = await staffCall(t, 'POST', `/admin-api/v1/approvals/${asked.body.data.approvalId}/approve`, {}, 'finance');
    expect(approved.body.data.status).toBe('executed');
    const row = await t.db.query<{ budget: bigint }>(`SELECT budget_approved_satang AS budget FROM promotions WHERE id = 'budgeted'`);
    expect(BigInt(row.rows[0]!.budget)).toBe(12_000n);
    expect(await budgetOnList()).toEqual({ state: 'approved', approved: 120, requested: null });
  });

  it('grants up to the approved budget and not beyond, with deposits arriving at once near the edge', async () => {
    // 120 baht of budget, 50 baht a grant: two fit, the third would pass it.
    const members = [];
    for (let index = 0; index < 3; index += 1) members.push(await bonusMember());
    await Promise.all(members.map((member) => deposit(member, '150.00')));
    expect(await grants()).toEqual({ n: '2', paid: '10000' });
  }, 120_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { staffCall } from '../../test/money-helpers.ts';

/** Promotions in the back office (issue 11 "Promotions"): list, create, edit, close; marketing and owner. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const terms = {
  title: 'ฝากแรกรับ 50%',
  description: 'สำหรับสมาชิกใหม่ ฝากครั้งแรกเท่านั้น',
  imageUrl: null,
  minimumDeposit: 100.5,
  bonus: { type: 1, value: 0.5 },
  maxBonus: { type: 0, value: 500 },
  turnover: { type: 1, value: 3 },
  maxWithdraw: { type: 0, value: 0 },
  startsAt: '2026-01-01T00:00:00+07:00',
  endsAt: null,
  eligibility: 'first_deposit',
  oncePerMember: true,
  oncePerDay: false,
  maxGrantsTotal: 1000,
  sortOrder: 5,
};

describe('promotions in the back office', () => {
  it('marketing creates a first-deposit-only promotion with exact amounts; members see it; audited with after', async () => {
    const created = await staffCall(t, 'POST', '/admin-api/v1/promotions', { id: 'first-50', promotion: terms, reason: 'แคมเปญเดือนธันวาคม' }, 'marketing');
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ id: 'first-50', minimumDeposit: 100.5, bonus: { type: 1, value: 0.5 }, maxBonus: { type: 0, value: 500 }, eligibility: 'first_deposit', oncePerMember: true, maxGrantsTotal: 1000, isActive: true, grants: 0 });
    const row = (await t.db.query<{ minimum_deposit_satang: bigint; bonus_value: bigint; max_bonus: bigint; turnover_amount: bigint }>(`SELECT minimum_deposit_satang, bonus_value, max_bonus, turnover_amount FROM promotions WHERE id = 'first-50'`)).rows[0]!;
    expect([row.minimum_deposit_satang, row.bonus_value, row.max_bonus, row.turnover_amount].map(BigInt)).toEqual([10_050n, 50n, 50_000n, 300n]);
    const audit = await t.db.query<{ actor_role: string; reason: string; before: unknown; after: { eligibility: string } }>(`SELECT actor_role, reason, before, after FROM audit_log WHERE action = 'promotion.create' AND subject_id = 'first-50'`);
    expect(audit.rows).toEqual([expect.objectContaining({ actor_role: 'marketing', reason: 'แคมเปญเดือนธันวาคม', before: null, after: expect.objectContaining({ eligibility: 'first_deposit' }) })]);
    const members = await t.call({ method: 'GET', url: '/user-profile-composite/v1/info/promotion', withoutApiKey: false });
    expect(JSON.stringify(members.body)).toContain('first-50');
    const listed = await staffCall(t, 'GET', '/admin-api/v1/promotions', undefined, 'owner');
    expect(listed.body.data.map((promotion: { id: string }) => promotion.id)).toContain('first-50');
  });

  it('edits the rules (before and after audited) and closes it: members no longer see it; closing twice is refused', async () => {
    const edited = await staffCall(t, 'POST', '/admin-api/v1/promotions/first-50', { promotion: { ...terms, oncePerDay: true, maxGrantsTotal: null, endsAt: '2027-01-01T00:00:00+07:00' }, reason: 'ขยายเวลา' }, 'owner');
    expect(edited.body.data).toMatchObject({ oncePerDay: true, maxGrantsTotal: null, endsAt: '2026-12-31T17:00:00.000Z' });
    const audit = await t.db.query<{ before: { maxGrantsTotal: number }; after: { maxGrantsTotal: number | null } }>(`SELECT before, after FROM audit_log WHERE action = 'promotion.update' AND subject_id = 'first-50'`);
    expect(audit.rows[0]).toMatchObject({ before: { maxGrantsTotal: 1000 }, after: { maxGrantsTotal: null } });
    const closed = await staffCall(t, 'POST', '/admin-api/v1/promotions/first-50/close', { reason: 'งบหมด' }, 'marketing');
    expect(closed.body.data.isActive).toBe(false);
    expect((await staffCall(t, 'POST', '/admin-api/v1/promotions/first-50/close', { reason: 'งบหมด' }, 'marketing')).body.code).toBe('STATE_CONFLICT');
    const members = await t.call({ method: 'GET', url: '/user-profile-composite/v1/info/promotion' });
    expect(JSON.stringify(members.body)).not.toContain('first-50');
    const closeAudit = await t.db.query<{ before: { isActive: boolean }; after: { isActive: boolean } }>(`SELECT before, after FROM audit_log WHERE action = 'promotion.close'`);
    expect(closeAudit.rows[0]).toMatchObject({ before: { isActive: true }, after: { isActive: false } });
  });

  it('refuses other roles (403), no session (401), a taken id, an end before the start, more than two decimals, and an unknown promotion', async () => {
    for (const role of ['finance', 'support', 'auditor'] as const) {
      expect((await staffCall(t, 'GET', '/admin-api/v1/promotions', undefined, role)).status).toBe(403);
      expect((await staffCall(t, 'POST', '/admin-api/v1/promotions', { id: 'nope-1', promotion: terms, reason: 'ทดสอบ' }, role)).status).toBe(403);
    }
    expect((await t.app.inject({ method: 'POST', url: '/admin-api/v1/promotions', payload: { id: 'nope-1' } })).statusCode).toBe(401);
    expect((await staffCall(t, 'POST', '/admin-api/v1/promotions', { id: 'first-50', promotion: terms, reason: 'ทดสอบ' }, 'marketing')).body.code).toBe('STATE_CONFLICT');
    expect((await staffCall(t, 'POST', '/admin-api/v1/promotions', { id: 'bad-end', promotion: { ...terms, endsAt: '2025-01-01T00:00:00Z' }, reason: 'ทดสอบ' }, 'marketing')).status).toBe(400);
    expect((await staffCall(t, 'POST', '/admin-api/v1/promotions', { id: 'bad-amt', promotion: { ...terms, minimumDeposit: 10.001 }, reason: 'ทดสอบ' }, 'marketing')).body.code).toBe('INVALID_AMOUNT');
    expect((await staffCall(t, 'POST', '/admin-api/v1/promotions/no-such/close', { reason: 'ทดสอบ' }, 'marketing')).status).toBe(404);
    expect((await t.db.query(`SELECT 1 FROM promotions WHERE id IN ('nope-1', 'bad-end', 'bad-amt')`)).rowCount).toBe(0);
  });
});

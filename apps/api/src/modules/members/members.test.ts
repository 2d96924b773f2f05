import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { fundedMember, staffCall } from '../../test/money-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const idOf = async (phoneNumber: string) => (await t.db.query<{ id: string }>('SELECT id FROM members WHERE phone_number = $1', [phoneNumber])).rows[0]!.id;

describe('staff member tools (issue 11 "Members")', () => {
  it('finds a member by phone, bank account or name, and shows the member page with wallets and history', async () => {
    const member = await fundedMember(t, '500.00');
    const memberId = await idOf(member.phoneNumber);
    for (const q of [member.phoneNumber.slice(2), member.accountNumber.slice(0, 6)]) {
      const found = await staffCall(t, 'GET', `/admin-api/v1/members?q=${q}`, undefined, 'support');
      expect(found.body.data.map((row: { memberId: string }) => row.memberId)).toContain(memberId);
    }
    const page = await staffCall(t, 'GET', `/admin-api/v1/members/${memberId}`, undefined, 'auditor');
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({ memberId, phoneNumber: member.phoneNumber, status: 'active' });
    expect(page.body.data.wallets.main + page.body.data.wallets.game).toBe(500);
    expect(page.body.data.deposits).toHaveLength(1);
    expect((await staffCall(t, 'GET', `/admin-api/v1/members?q=${member.phoneNumber}`, undefined, 'marketing')).status).toBe(403);
  });

  it('suspends a member: their session ends, money calls and sign-in are refused with the Thai message; reactivating lets them in again', async () => {
    const member = await fundedMember(t, '300.00');
    const memberId = await idOf(member.phoneNumber);
    expect((await staffCall(t, 'POST', `/admin-api/v1/members/${memberId}/suspend`, { reason: '' }, 'support')).status).toBe(400);
    expect((await staffCall(t, 'POST', `/admin-api/v1/members/${memberId}/suspend`, { reason: 'พบการใช้บัญชีร่วมกัน' }, 'finance')).status).toBe(403);
    const suspended = await staffCall(t, 'POST', `/admin-api/v1/members/${memberId}/suspend`, { reason: 'พบการใช้บัญชีร่วมกัน' }, 'support');
    expect(suspended.body.data).toEqual({ status: 'suspended' });
    const withdraw = await t.call({ method: 'POST', url: '/fund-composite/v1/withdrawal', token: member.token, body: { Amount: 100, Channel: 'BANK' } });
    expect(withdraw.status).toBe(401);
    const login = await t.call({ method: 'POST', url: '/auth-service/v1/login', body: { phoneNumber: member.phoneNumber, Password: member.password } });
    expect(login.body).toMatchObject({ success: false, code: 'ACCOUNT_SUSPENDED', message: 'บัญชีนี้ถูกระงับ กรุณาติดต่อเจ้าหน้าที่' });
    expect((await staffCall(t, 'POST', `/admin-api/v1/members/${memberId}/suspend`, { reason: 'again' }, 'support')).body.code).toBe('STATE_CONFLICT');
    const audit = await t.db.query<{ action: string; reason: string; before: unknown; after: unknown }>(`SELECT action, reason, before, after FROM audit_log WHERE subject_id = $1 AND action = 'member.suspend'`, [memberId]);
    expect(audit.rows).toEqual([{ action: 'member.suspend', reason: 'พบการใช้บัญชีร่วมกัน', before: { status: 'active' }, after: { status: 'suspended' } }]);

    expect((await staffCall(t, 'POST', `/admin-api/v1/members/${memberId}/reactivate`, { reason: 'ยืนยันตัวตนแล้ว' }, 'support')).body.data).toEqual({ status: 'active' });
    expect((await t.call({ method: 'POST', url: '/auth-service/v1/login', body: { phoneNumber: member.phoneNumber, Password: member.password } })).status).toBe(200);
  });

  it('signs a member out everywhere', async () => {
    const member = await fundedMember(t, '100.00');
    const memberId = await idOf(member.phoneNumber);
    const ended = await staffCall(t, 'POST', `/admin-api/v1/members/${memberId}/sign-out`, { reason: 'โทรศัพท์หาย' }, 'support');
    expect(ended.body.data.sessionsEnded).toBeGreaterThanOrEqual(1);
    expect((await t.call({ method: 'GET', url: '/user-profile-composite/v1/profile/balance', token: member.token })).status).toBe(401);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { expectLedgerSound, fundedMember, mainBalance, setRoleDailyLimit, staffCall } from '../../test/money-helpers.ts';
import { findTransfersByKeys } from '@sabai/ledger';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

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
    // The game account as the partner sees it now, with when it was read.
    const live = page.body.data.liveGameWallet;
    if (page.body.data.gameUsername === null) expect(live.source).toBe('no_account');
    else {
      expect(live).toMatchObject({ source: 'partner', amount: page.body.data.wallets.game });
      expect(Number.isNaN(Date.parse(live.readAt))).toBe(false);
    }
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

describe('a member\'s referrals and sessions (issue 11 "Members")', () => {
  it('lists the members referred on two levels and the open sessions, newest first; refuses marketing and an unknown member', async () => {
    const top = await t.signUp();
    const direct = await t.signUp({ affiliateKey: top.affiliateKey });
    const second = await t.signUp({ affiliateKey: direct.affiliateKey });
    await t.logIn(top.phoneNumber, top.password);
    const topId = await idOf(top.phoneNumber);
    const relations = await staffCall(t, 'GET', `/admin-api/v1/members/${topId}/relations`, undefined, 'support');
    expect(relations.status).toBe(200);
    expect(relations.body.data.referrals).toEqual([
      expect.objectContaining({ memberId: await idOf(direct.phoneNumber), phoneNumber: direct.phoneNumber, level: 1, status: 'active' }),
      expect.objectContaining({ memberId: await idOf(second.phoneNumber), phoneNumber: second.phoneNumber, level: 2 }),
    ]);
    expect(relations.body.data.sessions.length).toBeGreaterThanOrEqual(1);
    expect(relations.body.data.sessions[0]).toMatchObject({ sessionId: expect.stringMatching(/^\d+$/), address: expect.any(String) });
    // Signed out everywhere: no open session is listed.
    expect((await staffCall(t, 'POST', `/admin-api/v1/members/${topId}/sign-out`, { reason: 'ทดสอบ' }, 'support')).status).toBe(200);
    expect((await staffCall(t, 'GET', `/admin-api/v1/members/${topId}/relations`, undefined, 'auditor')).body.data.sessions).toEqual([]);
    expect((await staffCall(t, 'GET', `/admin-api/v1/members/${topId}/relations`, undefined, 'marketing')).status).toBe(403);
    expect((await staffCall(t, 'GET', '/admin-api/v1/members/mbr_aaaaaaaaaaaaaaaaaaaa/relations', undefined, 'support')).status).toBe(404);
  });
});

describe('reset password (issue 11 "Members")', () => {
  it('gives support a one-time password once: the old password and every session stop working, the new one signs in, the audit never holds it', async () => {
    const member = await fundedMember(t, '100.00');
    const memberId = await idOf(member.phoneNumber);
    expect((await staffCall(t, 'POST', `/admin-api/v1/members/${memberId}/reset-password`, { reason: 'ลืมรหัสผ่าน' }, 'finance')).status).toBe(403);
    expect((await staffCall(t, 'POST', `/admin-api/v1/members/${memberId}/reset-password`, { reason: ' ' }, 'support')).body.code).toBe('VALIDATION_FAILED');
    const reset = await staffCall(t, 'POST', `/admin-api/v1/members/${memberId}/reset-password`, { reason: 'ลืมรหัสผ่าน ยืนยันตัวตนทางโทรศัพท์แล้ว' }, 'support');
    expect(reset.status).toBe(200);
    const oneTimePassword = reset.body.data.oneTimePassword as string;
    expect(oneTimePassword).toMatch(/^[a-z2-9]{10}$/);
    expect(reset.headers['cache-control']).toBe('no-store');
    expect(reset.body.data.sessionsEnded).toBeGreaterThanOrEqual(1);
    expect((await t.call({ method: 'GET', url: '/user-profile-composite/v1/profile/balance', token: member.token })).status).toBe(401);
    expect((await t.call({ method: 'POST', url: '/auth-service/v1/login', body: { phoneNumber: member.phoneNumber, Password: member.password } })).status).not.toBe(200);
    expect((await t.call({ method: 'POST', url: '/auth-service/v1/login', body: { phoneNumber: member.phoneNumber, Password: oneTimePassword } })).status).toBe(200);
    const audit = await t.db.query<{ reason: string; row: string }>(`SELECT reason, row_to_json(a)::text AS row FROM audit_log a WHERE subject_id = $1 AND action = 'member.reset_password'`, [memberId]);
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]!.reason).toBe('ลืมรหัสผ่าน ยืนยันตัวตนทางโทรศัพท์แล้ว');
    expect(audit.rows[0]!.row).not.toContain(oneTimePassword);
    // Each reset gives a different password.
    const again = await staffCall(t, 'POST', `/admin-api/v1/members/${memberId}/reset-password`, { reason: 'อีกครั้ง' }, 'owner');
    expect(again.body.data.oneTimePassword).not.toBe(oneTimePassword);
  });
});

describe('manual adjustments with four-eyes approval (issue 11)', () => {
  it('applies a small adjustment at once within the role\'s daily limit, and holds a large one for a second staff member who is not the requester', async () => {
    const member = await fundedMember(t, '100.00');
    const memberId = await idOf(member.phoneNumber);
    await setRoleDailyLimit(t, 'support', 100);
    const small = await staffCall(t, 'POST', `/admin-api/v1/members/${memberId}/adjustments`, { direction: 'credit', amount: 50.25, reason: 'ชดเชยเกมค้าง' }, 'support');
    expect(small.body.data).toMatchObject({ status: 'applied', amount: 50.25 });
    expect(await mainBalance(t, member.token)).toBe(150.25);

    const large = await staffCall(t, 'POST', `/admin-api/v1/members/${memberId}/adjustments`, { direction: 'credit', amount: 5000, reason: 'ชดเชยระบบขัดข้อง' }, 'finance');
    expect(large.body.data.status).toBe('pending_approval');
    const id = large.body.data.adjustmentId as string;
    expect(await mainBalance(t, member.token)).toBe(150.25);
    const own = await staffCall(t, 'POST', `/admin-api/v1/adjustments/${id}/approve`, {}, 'finance');
    expect(own).toMatchObject({ status: 403, body: { code: 'STAFF_FORBIDDEN' } });
    expect((await staffCall(t, 'POST', `/admin-api/v1/adjustments/${id}/approve`, {}, 'support')).status).toBe(403);
    const pending = await staffCall(t, 'GET', '/admin-api/v1/adjustments', undefined, 'owner');
    expect(pending.body.data.map((row: { adjustmentId: string }) => row.adjustmentId)).toContain(id);
    expect((await staffCall(t, 'POST', `/admin-api/v1/adjustments/${id}/approve`, {}, 'owner')).body.data.status).toBe('applied');
    expect(await mainBalance(t, member.token)).toBe(5150.25);
  });

  it('applies once when two approvers click at the same time', async () => {
    const member = await fundedMember(t, '100.00');
    const memberId = await idOf(member.phoneNumber);
    const large = await staffCall(t, 'POST', `/admin-api/v1/members/${memberId}/adjustments`, { direction: 'credit', amount: 2000, reason: 'ชดเชยโปรโมชั่น' }, 'support');
    const id = large.body.data.adjustmentId as string;
    const answers = await Promise.all([
      staffCall(t, 'POST', `/admin-api/v1/adjustments/${id}/approve`, {}, 'owner'),
      staffCall(t, 'POST', `/admin-api/v1/adjustments/${id}/approve`, {}, 'finance'),
      staffCall(t, 'POST', `/admin-api/v1/adjustments/${id}/approve`, {}, 'owner'),
    ]);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status !== 200).every((answer) => answer.body.code === 'STATE_CONFLICT')).toBe(true);
    expect(await mainBalance(t, member.token)).toBe(2100);
    expect(await findTransfersByKeys(t.db, [`adjustment:${id}`])).toHaveLength(1);
  });

  it('refuses to approve a debit the member cannot cover and changes nothing (the request stays pending)', async () => {
    const member = await fundedMember(t, '100.00');
    const memberId = await idOf(member.phoneNumber);
    // The deposit continued into the game: the main wallet holds 0.00.
    const asked = await staffCall(t, 'POST', `/admin-api/v1/members/${memberId}/adjustments`, { direction: 'debit', amount: 500, reason: 'เรียกคืนโบนัสผิด' }, 'finance');
    expect(asked.body.data.status).toBe('pending_approval');
    const refused = await staffCall(t, 'POST', `/admin-api/v1/adjustments/${asked.body.data.adjustmentId}/approve`, {}, 'owner');
    expect(refused.body.code).toBe('INSUFFICIENT_BALANCE');
    const rows = await t.db.query<{ status: string; transfer_id: unknown }>('SELECT status, transfer_id FROM member_adjustments WHERE member_id = $1', [memberId]);
    expect(rows.rows).toEqual([{ status: 'pending_approval', transfer_id: null }]);
    expect((await staffCall(t, 'POST', `/admin-api/v1/members/${memberId}/adjustments`, { direction: 'credit', amount: 10.005, reason: 'x yz' }, 'finance')).body.code).toBe('INVALID_AMOUNT');
  });
});

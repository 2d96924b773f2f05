import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneChangeRequestResponse, phoneChangesResponse } from '@sabai/contracts';
import { createTestApp, newPhoneNumber, type TestApp } from '../../test/test-app.ts';
import { staffCall } from '../../test/money-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const idOf = async (phoneNumber: string) => (await t.db.query<{ id: string }>('SELECT id FROM members WHERE phone_number = $1', [phoneNumber])).rows[0]!.id;
const smsTo = async (phoneNumber: string) => (await (await fetch(`${t.sandboxUrl}/sms/v1/messages?to=${phoneNumber}`)).json()) as Array<{ text: string }>;

describe('a lost phone changed by staff with four-eyes (issue 27 §3)', () => {
  it('waits for a second staff member, never the requester; approval changes the login, ends sessions, tells both numbers; all audited', async () => {
    const member = await t.signUp();
    const memberId = await idOf(member.phoneNumber);
    const token = await t.logIn(member.phoneNumber, member.password);
    const newPhone = newPhoneNumber();

    expect((await staffCall(t, 'POST', `/admin-api/v1/members/${memberId}/phone-change`, { newPhoneNumber: newPhone, reason: 'ทำโทรศัพท์หาย' }, 'finance')).status).toBe(403);
    const requested = await staffCall(t, 'POST', `/admin-api/v1/members/${memberId}/phone-change`, { newPhoneNumber: newPhone, reason: 'ทำโทรศัพท์หาย ยืนยันตัวตนด้วยบัตรประชาชนแล้ว' }, 'support');
    expect(requested.status).toBe(200);
    const change = phoneChangeRequestResponse.parse(requested.body).data;
    expect(change).toMatchObject({ memberId, oldPhone: member.phoneNumber, newPhone, status: 'pending', requestedBy: 'staff:test-support' });
    expect((await staffCall(t, 'POST', `/admin-api/v1/members/${memberId}/phone-change`, { newPhoneNumber: newPhoneNumber(), reason: 'ซ้ำ' }, 'owner')).body.code).toBe('STATE_CONFLICT');

    const queue = phoneChangesResponse.parse((await staffCall(t, 'GET', '/admin-api/v1/phone-changes?status=pending', undefined, 'auditor')).body).data;
    expect(queue.map((row) => row.id)).toContain(change.id);
    expect((await staffCall(t, 'POST', `/admin-api/v1/phone-changes/${change.id}/decide`, { approve: true }, 'support')).status).toBe(403);

    const approved = await staffCall(t, 'POST', `/admin-api/v1/phone-changes/${change.id}/decide`, { approve: true, note: 'ตรวจแล้ว' }, 'finance');
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ status: 'approved', decidedBy: 'staff:test-finance' });
    expect((await staffCall(t, 'POST', `/admin-api/v1/phone-changes/${change.id}/decide`, { approve: false }, 'owner')).body.code).toBe('STATE_CONFLICT');

    expect((await t.call({ method: 'GET', url: '/auth-service/v1/refresh', token })).status).toBe(401);
    expect((await t.call({ method: 'POST', url: '/auth-service/v1/login', body: { phoneNumber: newPhone, Password: member.password } })).status).toBe(200);
    expect((await smsTo(member.phoneNumber))[0]!.text).toContain('เบอร์โทรศัพท์ของบัญชีคุณถูกเปลี่ยนแล้ว');
    expect((await smsTo(newPhone))[0]!.text).toContain('เบอร์โทรศัพท์ของบัญชีคุณถูกเปลี่ยนแล้ว');
    const audit = await t.db.query<{ action: string }>(`SELECT action FROM audit_log WHERE subject_id = $1 AND action LIKE 'member.phone_change.%' ORDER BY action`, [memberId]);
    expect(audit.rows.map((row) => row.action)).toEqual(['member.phone_change.approve', 'member.phone_change.request']);
  });

  it('refuses the requester approving their own request', async () => {
    const member = await t.signUp();
    const memberId = await idOf(member.phoneNumber);
    const requested = await staffCall(t, 'POST', `/admin-api/v1/members/${memberId}/phone-change`, { newPhoneNumber: newPhoneNumber(), reason: 'ทำโทรศัพท์หาย' }, 'owner');
    const own = await staffCall(t, 'POST', `/admin-api/v1/phone-changes/${requested.body.data.id}/decide`, { approve: true }, 'owner');
    expect(own.status).toBe(403);
    expect(own.body.code).toBe('STAFF_FORBIDDEN');
  });
});

describe('a password reset by staff tells the member (issue 27 §3)', () => {
  it('sends the member an SMS notice without the password, and records the LINE event', async () => {
    const member = await t.signUp();
    const memberId = await idOf(member.phoneNumber);
    const reset = await staffCall(t, 'POST', `/admin-api/v1/members/${memberId}/reset-password`, { reason: 'ลืมรหัสผ่าน' }, 'support');
    expect(reset.status).toBe(200);
    const notice = (await smsTo(member.phoneNumber))[0]!.text;
    expect(notice).toContain('เจ้าหน้าที่ได้ตั้งรหัสผ่านใหม่');
    expect(notice).not.toContain(reset.body.data.oneTimePassword);
    const events = await t.db.query<{ payload: { by: string } }>(`SELECT payload FROM outbox_events WHERE kind = 'member.password-reset' AND member_id = $1`, [memberId]);
    expect(events.rows.map((row) => row.payload.by)).toEqual(['staff']);
  });
});

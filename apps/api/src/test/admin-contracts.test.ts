import { auditEntriesResponse, heldDepositsResponse, memberSearchResponse, outboxDeliveriesResponse, staffAccountsResponse, withdrawalsResponse } from '@sabai/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';
import { fundedMember, staffCall } from './money-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

// The back office parses these answers with the contract (apps/admin lib/api.ts apiGet): what the
// API sends must fit it, or the screen shows "คำตอบจากเซิร์ฟเวอร์ไม่ตรงรูปแบบ".
describe('back-office answers fit @sabai/contracts (issue 10: contracts own the admin wire)', () => {
  it('the withdrawals waiting for staff', async () => {
    const member = await fundedMember(t, '9000.00');
    const requested = await t.call({ method: 'POST', url: '/fund-composite/v1/withdrawal', token: member.token, body: { Amount: 6000, Channel: 'BANK' } });
    expect(requested.status).toBe(200);
    const list = await staffCall(t, 'GET', '/admin-api/v1/withdrawals?status=pending_approval');
    const parsed = withdrawalsResponse.parse(list.body);
    expect(parsed.data).toEqual([expect.objectContaining({ id: requested.body.data.withdrawalId, Amount: 6000, status: 'pending_approval', Status: 2 })]);
  });

  it('the held deposits', async () => {
    const list = await staffCall(t, 'GET', '/admin-api/v1/deposits/held');
    expect(heldDepositsResponse.parse(list.body).data).toEqual([]);
  });

  it('the member search', async () => {
    const member = await fundedMember(t, '100.00');
    const list = await staffCall(t, 'GET', `/admin-api/v1/members?q=${member.phoneNumber}`);
    expect(memberSearchResponse.parse(list.body).data).toEqual([expect.objectContaining({ phoneNumber: member.phoneNumber, status: 'active' })]);
  });

  it('the outbox deliveries', async () => {
    const list = await staffCall(t, 'GET', '/admin-api/v1/outbox/deliveries?limit=10');
    const parsed = outboxDeliveriesResponse.parse(list.body);
    expect(parsed.data.deliveries.length).toBeLessThanOrEqual(10);
  });

  it('the staff accounts and the audit log', async () => {
    const staff = await staffCall(t, 'GET', '/admin-api/v1/staff');
    expect(staffAccountsResponse.parse(staff.body).data.length).toBeGreaterThan(0);
    const audit = await staffCall(t, 'GET', '/admin-api/v1/audit?limit=20');
    const entries = auditEntriesResponse.parse(audit.body).data;
    expect(entries.length).toBeGreaterThan(0);
    expect(entries[0]).toMatchObject({ seq: expect.stringMatching(/^\d+$/), hash: expect.any(String) });
  });
});

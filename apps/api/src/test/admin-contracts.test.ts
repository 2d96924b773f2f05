import {
  auditEntriesResponse, dashboardResponse, heldDepositsResponse, LINE_NOTIFICATION_KINDS, memberAdjustmentResponse, memberProfileResponse, memberSearchResponse, outboxDeliveriesResponse,
  pendingAdjustmentsResponse, staffAccountsResponse, staffLineViewResponse, staffSiteSettingsResponse, withdrawalsResponse,
} from '@sabai/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';
import { fundedMember, staffCall } from './money-helpers.ts';

/** The member id of a phone number, through the back office's own search. */
async function memberIdOf(phoneNumber: string): Promise<string> {
  const found = memberSearchResponse.parse((await staffCall(t, 'GET', `/admin-api/v1/members?q=${phoneNumber}`)).body).data;
  expect(found).toHaveLength(1);
  return found[0]!.memberId;
}

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

  it('the member page: profile, wallets, recent deposits, the live game wallet', async () => {
    const member = await fundedMember(t, '250.50');
    const memberId = await memberIdOf(member.phoneNumber);
    const page = await staffCall(t, 'GET', `/admin-api/v1/members/${memberId}`, undefined, 'support');
    expect(page.status).toBe(200);
    const profile = memberProfileResponse.parse(page.body).data;
    expect(profile).toMatchObject({ memberId, phoneNumber: member.phoneNumber, bankAccountNumber: member.accountNumber, status: 'active', referredBy: null, activeBonus: null, openSessions: 1 });
    expect(profile.deposits).toEqual([expect.objectContaining({ amount: 250.5, status: 'credited' })]);
    // A credited deposit continues into the game account: the ledger and the partner agree.
    expect((profile.wallets.main ?? 0) + (profile.wallets.game ?? 0)).toBe(250.5);
    expect(profile.liveGameWallet.ledgerAmount).toBe(profile.wallets.game);
  });

  it("the member's LINE as staff see it", async () => {
    const member = await fundedMember(t, '100.00');
    const memberId = await memberIdOf(member.phoneNumber);
    const line = await staffCall(t, 'GET', `/admin-api/v1/members/${memberId}/line`, undefined, 'auditor');
    expect(line.status).toBe(200);
    const view = staffLineViewResponse.parse(line.body).data;
    expect(view).toMatchObject({ linked: false, linkedAt: null, following: null });
    expect(Object.keys(view.preferences).sort()).toEqual([...LINE_NOTIFICATION_KINDS].sort());
    expect(Object.values(view.preferences).every(Boolean)).toBe(true);
  });

  it('an adjustment above the four-eyes limit, and the list of those waiting', async () => {
    const member = await fundedMember(t, '100.00');
    const memberId = await memberIdOf(member.phoneNumber);
    const requested = await staffCall(t, 'POST', `/admin-api/v1/members/${memberId}/adjustments`, { direction: 'credit', amount: 1500.25, reason: 'goodwill credit' }, 'support');
    expect(requested.status).toBe(200);
    const adjustment = memberAdjustmentResponse.parse(requested.body).data;
    expect(adjustment).toMatchObject({ memberId, direction: 'credit', amount: 1500.25, status: 'pending_approval', requestedBy: 'staff:test-support', decidedBy: null });
    const pending = await staffCall(t, 'GET', '/admin-api/v1/adjustments', undefined, 'finance');
    expect(pendingAdjustmentsResponse.parse(pending.body).data).toContainEqual(adjustment);
  });

  it("the dashboard: today's deposits move by what was credited", async () => {
    const before = dashboardResponse.parse((await staffCall(t, 'GET', '/admin-api/v1/dashboard', undefined, 'marketing')).body).data;
    await fundedMember(t, '321.75');
    const after = dashboardResponse.parse((await staffCall(t, 'GET', '/admin-api/v1/dashboard', undefined, 'marketing')).body).data;
    expect(after.deposits.count).toBe(before.deposits.count + 1);
    expect(Math.round((after.deposits.amount - before.deposits.amount) * 100)).toBe(32_175);
    expect(after.deposits.byChannel.reduce((sum, row) => sum + row.count, 0)).toBe(after.deposits.count);
    expect(after.day).toBe(before.day);
  });

  it('the site settings, read by any staff and as a change answers them', async () => {
    const read = staffSiteSettingsResponse.parse((await staffCall(t, 'GET', '/admin-api/v1/settings', undefined, 'auditor')).body).data;
    expect(read.siteName.length).toBeGreaterThan(0);
    const changed = await staffCall(t, 'POST', '/admin-api/v1/settings', { change: { withdrawAutoMax: 1234.5, cashbackBasisPoints: 250 }, reason: 'contract check' });
    expect(changed.status).toBe(200);
    expect(staffSiteSettingsResponse.parse(changed.body).data).toEqual({ ...read, withdrawAutoMax: 1234.5, cashbackBasisPoints: 250 });
  });
});

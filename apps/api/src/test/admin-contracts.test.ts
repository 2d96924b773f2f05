import {
  affiliateWithdrawalsResponse, auditVerifyResponse, dailyReportResponse, feedSourceHealthResponse, itemCodeListResponse, memberStatementResponse, protectedMembersResponse,
  rewardRunsResponse, staffDepositChannelsResponse, staffMemberProtectionResponse, staffMeResponse, staffPromotionsResponse, staffWheelPrizesResponse,
  auditEntriesResponse, dashboardResponse, heldDepositsResponse, LINE_NOTIFICATION_KINDS, memberAdjustmentResponse, memberProfileResponse, memberSearchResponse, outboxDeliveriesResponse,
  pendingAdjustmentsResponse, staffAccountsResponse, staffLineViewResponse, staffSiteSettingsResponse, withdrawalsResponse,
  createdStaffAccountResponse, gameCasesResponse, gameReconciliationResponse, itemCodeBatchResponse, staffJobRunResponse, staffPromotionResponse,
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

  it('the paid withdrawals newest first (a history), the waiting ones oldest first (a queue)', async () => {
    const paidIds: string[] = [];
    for (let index = 0; index < 2; index += 1) {
      const member = await fundedMember(t, '500.00');
      const paid = await t.call({ method: 'POST', url: '/fund-composite/v1/withdrawal', token: member.token, body: { Amount: 100, Channel: 'BANK' } });
      expect(paid.body.data.Status).toBe(1);
      paidIds.push(paid.body.data.withdrawalId);
    }
    const list = withdrawalsResponse.parse((await staffCall(t, 'GET', '/admin-api/v1/withdrawals?status=paid&limit=200')).body).data.map((row) => row.id);
    expect(list.indexOf(paidIds[1]!)).toBeLessThan(list.indexOf(paidIds[0]!));
    expect(list.indexOf(paidIds[0]!)).toBeGreaterThanOrEqual(0);
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
    const before = dashboardResponse.parse((await staffCall(t, 'GET', '/admin-api/v1/dashboard', undefined, 'finance')).body).data;
    await fundedMember(t, '321.75');
    const after = dashboardResponse.parse((await staffCall(t, 'GET', '/admin-api/v1/dashboard', undefined, 'finance')).body).data;
    expect(after.deposits.count).toBe(before.deposits.count + 1);
    expect(Math.round(((after.deposits.amount ?? 0) - (before.deposits.amount ?? 0)) * 100)).toBe(32_175);
    // Issue 25 §1: a role without a money permission sees the counts, not the money.
    const byMarketing = dashboardResponse.parse((await staffCall(t, 'GET', '/admin-api/v1/dashboard', undefined, 'marketing')).body).data;
    expect(byMarketing).toMatchObject({ deposits: { count: after.deposits.count, amount: null }, withdrawals: { amount: null }, net: null, partner: { suspense: null } });
    expect(byMarketing.deposits.byChannel.every((row) => row.amount === null)).toBe(true);
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

describe('the other back-office screens read contract answers too (issue 11 screens)', () => {
  it("the member's ledger statement of the game wallet", async () => {
    const member = await fundedMember(t, '180.25');
    const memberId = await memberIdOf(member.phoneNumber);
    const answer = await staffCall(t, 'GET', `/admin-api/v1/members/${memberId}/statement?wallet=game&limit=10`, undefined, 'support');
    expect(answer.status).toBe(200);
    const statement = memberStatementResponse.parse(answer.body).data;
    expect(statement).toMatchObject({ wallet: 'game', balance: 180.25, nextBefore: null });
    expect(statement.lines[0]).toMatchObject({ change: 180.25, balance: 180.25 });
  });

  it("the member's protection and the list of protected members", async () => {
    const member = await fundedMember(t, '100.00');
    const memberId = await memberIdOf(member.phoneNumber);
    const noLimits = { day: null, week: null, month: null };
    const set = await t.call({ method: 'PUT', url: '/user-profile-composite/v1/responsible-gaming/limits', token: member.token, body: { depositLimit: { ...noLimits, week: 2500.5 }, lossLimit: noLimits } });
    expect(set.status).toBe(200);
    const view = await staffCall(t, 'GET', `/admin-api/v1/members/${memberId}/protection`, undefined, 'support');
    expect(view.status).toBe(200);
    const protection = staffMemberProtectionResponse.parse(view.body).data;
    expect(protection).toMatchObject({ depositLimit: { day: null, week: 2500.5, month: null }, lossLimit: noLimits, exclusion: null, exclusions: [], heldDeposits: [] });
    const list = protectedMembersResponse.parse((await staffCall(t, 'GET', '/admin-api/v1/protection/members', undefined, 'auditor')).body).data;
    expect(list).toContainEqual(expect.objectContaining({ memberId, phoneNumber: member.phoneNumber, activeLimits: 1, pendingChanges: 0, exclusion: null }));
  });

  it("the daily report counts today's deposit", async () => {
    const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
    const read = async () => dailyReportResponse.parse((await staffCall(t, 'GET', `/admin-api/v1/reports/daily?from=${today}&to=${today}`, undefined, 'finance')).body).data;
    const depositsOf = (report: Awaited<ReturnType<typeof read>>) => Math.round(report.total.deposits.amount * 100);
    const before = await read();
    await fundedMember(t, '410.10');
    const after = await read();
    expect(after).toMatchObject({ from: today, to: today });
    expect(depositsOf(after) - depositsOf(before)).toBe(41_010);
  });

  it('the reward runs and the affiliate income withdrawals', async () => {
    expect((await staffCall(t, 'POST', '/admin-api/v1/jobs/cashback', undefined, 'finance')).status).toBe(200);
    const runs = rewardRunsResponse.parse((await staffCall(t, 'GET', '/admin-api/v1/jobs/runs?limit=20', undefined, 'auditor')).body).data;
    for (const run of runs) expect(run.job).toMatch(/cashback|affiliate/);
    const approved = await staffCall(t, 'GET', '/admin-api/v1/affiliate-withdrawals?status=approved', undefined, 'support');
    expect(approved.status).toBe(200);
    expect(affiliateWithdrawalsResponse.parse(approved.body).data.every((row) => row.status === 'approved')).toBe(true);
  });

  it('the wheel prizes and the item codes', async () => {
    const prizes = staffWheelPrizesResponse.parse((await staffCall(t, 'GET', '/admin-api/v1/wheel-prizes', undefined, 'marketing')).body).data;
    const active = prizes.filter((prize) => prize.isActive);
    expect(active.length).toBeGreaterThan(0);
    expect(Math.round(active.reduce((sum, prize) => sum + prize.chancePercent, 0))).toBe(100);
    const created = await staffCall(t, 'POST', '/admin-api/v1/item-codes', { code: 'CONTRACT01', amount: 75.25, totalUses: 3, expiresAt: '2099-01-01T00:00:00+07:00' });
    expect(created.status).toBe(200);
    const codes = itemCodeListResponse.parse((await staffCall(t, 'GET', '/admin-api/v1/item-codes?limit=10', undefined, 'marketing')).body).data;
    expect(codes).toContainEqual(expect.objectContaining({ code: 'CONTRACT01', Amount: 75.25, totalUses: 3, redeemedCount: 0, isExpired: false, approvalStatus: 'pending' }));
  });

  it('the deposit channels and the feed sources behind them', async () => {
    const channels = staffDepositChannelsResponse.parse((await staffCall(t, 'GET', '/admin-api/v1/deposit-channels', undefined, 'finance')).body).data;
    const sources = feedSourceHealthResponse.parse((await staffCall(t, 'GET', '/admin-api/v1/feed-sources/health', undefined, 'finance')).body).data;
    const statementSource = sources.find((source) => source.sourceId === 'src_statement_bbl');
    expect(statementSource).toBeDefined();
    expect(channels).toContainEqual(expect.objectContaining({ id: statementSource!.channelId, kind: 'bank', state: 'active' }));
  });

  it('the promotions with their grants', async () => {
    const promotion = {
      title: 'สัญญา 10%', description: null, imageUrl: null, minimumDeposit: 100, bonus: { type: 1, value: 0.1 }, maxBonus: { type: 0, value: 200.5 },
      turnover: { type: 1, value: 2 }, maxWithdraw: { type: 0, value: 0 }, startsAt: '2026-01-01T00:00:00+07:00', endsAt: null, eligibility: 'any',
      oncePerMember: false, oncePerDay: true, maxGrantsTotal: null, sortOrder: 1,
    };
    expect((await staffCall(t, 'POST', '/admin-api/v1/promotions', { id: 'contract-10', promotion, reason: 'contract check' }, 'marketing')).status).toBe(200);
    const list = staffPromotionsResponse.parse((await staffCall(t, 'GET', '/admin-api/v1/promotions', undefined, 'marketing')).body).data;
    expect(list).toContainEqual(expect.objectContaining({ id: 'contract-10', maxBonus: { type: 0, value: 200.5 }, isActive: true, grants: 0, bonusPaid: 0 }));
  });

  it('who is signed in, with the permissions of their role; the audit chain checked', async () => {
    const owner = staffMeResponse.parse((await staffCall(t, 'GET', '/admin-api/v1/auth/me')).body).data;
    expect(owner).toMatchObject({ username: 'test-owner', role: 'owner', mustChangePassword: false });
    expect(owner.permissions).toContain('staff.manage');
    const support = staffMeResponse.parse((await staffCall(t, 'GET', '/admin-api/v1/auth/me', undefined, 'support')).body).data;
    expect(support.permissions).toContain('members.view');
    expect(support.permissions).not.toContain('staff.manage');
    const verified = auditVerifyResponse.parse((await staffCall(t, 'GET', '/admin-api/v1/audit/verify', undefined, 'auditor')).body).data;
    expect(verified.rows).toBeGreaterThan(0);
    expect(verified.sound).toBe(true);
  });

  it('every back-office call declares its answer (the OpenAPI document has a JSON schema for 200)', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as { paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }>> };
    // Not JSON envelopes: the CSV reports and the live event stream.
    const notJson = new Set(['/admin-api/v1/reports/daily.csv', '/admin-api/v1/reports/staff-actions.csv', '/admin-api/v1/audit.csv', '/admin-api/v1/events']);
    const undeclared: string[] = [];
    let calls = 0;
    for (const [path, operations] of Object.entries(document.paths)) {
      if (!path.startsWith('/admin-api/') || notJson.has(path)) continue;
      for (const [method, operation] of Object.entries(operations)) {
        calls += 1;
        if (!operation.responses?.['200']?.content?.['application/json']?.schema) undeclared.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(calls).toBeGreaterThan(60);
    expect(undeclared).toEqual([]);
  });

  it('the staff actions answer what the back office parses: a staff account, a job run, a promotion closed, an item-code batch', async () => {
    const created = createdStaffAccountResponse.parse((await staffCall(t, 'POST', '/admin-api/v1/staff', { username: 'contract-support', role: 'support' })).body).data;
    expect(created).toMatchObject({ username: 'contract-support', role: 'support', oneTimePassword: expect.any(String), otpauthUri: expect.stringMatching(/^otpauth:\/\/totp\//) });
    const run = staffJobRunResponse.parse((await staffCall(t, 'POST', '/admin-api/v1/jobs/cashback', undefined, 'finance')).body).data;
    expect(run.job).toBe('cashback');
    const closed = staffPromotionResponse.parse((await staffCall(t, 'POST', '/admin-api/v1/promotions/contract-10/close', { reason: 'contract check' }, 'marketing')).body).data;
    expect(closed).toMatchObject({ id: 'contract-10', isActive: false });
    const batch = itemCodeBatchResponse.parse(
      (await staffCall(t, 'POST', '/admin-api/v1/item-codes/batch', { prefix: 'CT', count: 3, amount: 20.5, usesPerCode: 1, expiresAt: '2099-01-01T00:00:00+07:00', reason: 'contract check' }, 'marketing')).body,
    ).data;
    expect(batch.codes).toHaveLength(3);
    expect(batch.Amount).toBe(20.5);
  });

  it('the game reconciliation page and its cases', async () => {
    await fundedMember(t, '100.00');
    const page = gameReconciliationResponse.parse((await staffCall(t, 'GET', '/admin-api/v1/game/reconciliation?limit=200', undefined, 'finance')).body).data;
    expect(page.members.length).toBeGreaterThan(0);
    expect(page.members.every((line) => line.state === 'ok')).toBe(true);
    expect(gameCasesResponse.parse((await staffCall(t, 'GET', '/admin-api/v1/game/cases', undefined, 'auditor')).body).data).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Every field of the `siteSettingsChange` contract: what the owner's create form sends (issue 24 §1). */
export const COMPLETE_SETTINGS = {
  siteName: 'Lucky Operator',
  lineId: '@lucky.op',
  logoUrl: '/static/brand/logo.svg',
  theme: { primaryColor: '#e8c15a', secondaryColor: '#1c1a14', backgroundColor: '#0d0c09', textColor: '#f6f1e3' },
  alertImageUrl: null,
  cashbackImageUrl: null,
  affiliateImageUrl: null,
  alertMessage: null,
  isMaintenance: false,
  isDisabled: false,
  withdrawEnabled: true,
  withdrawMin: 100,
  withdrawMax: 50_000,
  withdrawAutoMax: 5_000,
  depositReviewThreshold: 100_000,
  amlReviewAbove: 200_000,
  cashbackEnabled: false,
  cashbackBasisPoints: 0,
  affiliateEnabled: false,
  affiliateLevel1Enabled: false,
  affiliateLevel1BasisPoints: 0,
  affiliateLevel2Enabled: false,
  affiliateLevel2BasisPoints: 0,
  affiliateAutoWithdrawEnabled: false,
  affiliateAutoWithdrawMax: 0,
};

describe('a first start on a fresh production database (issue 24 §1)', () => {
  let t: TestApp;
  let owner: string;
  const staffCall = (token: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, ...(body === undefined ? {} : { payload: JSON.stringify(body) }) });

  beforeAll(async () => {
    t = await createTestApp({ withoutDemoSeed: true });
    owner = await t.staffToken('owner');
  });
  afterAll(async () => t.close());

  it('answers every member call 503 SITE_NOT_SET_UP in Thai before the site exists, never 500', async () => {
    const prefix = await t.call({ method: 'GET', url: '/v2/prefix', withoutApiKey: true });
    expect(prefix.status).toBe(503);
    expect(prefix.body).toMatchObject({ success: false, code: 'SITE_NOT_SET_UP' });
    expect(prefix.body.message).toMatch(/เร็ว ๆ นี้/);
    for (const [method, url, body] of [
      ['POST', '/auth-service/v1/login', { phoneNumber: '0812345678', Password: 'whatever1' }],
      ['POST', '/auth-service/v1/checkPhone', { phoneNumber: '0812345678' }],
      ['GET', '/user-profile-composite/v1/info/deposit', undefined],
      ['POST', '/fund-composite/v1/withdrawal', { Amount: 100, Channel: 'BANK' }],
    ] as const) {
      const response = await t.call({ method, url, body, headers: { 'x-api-key': 'anything-at-all' } });
      expect(response.status, url).toBe(503);
      expect(response.body.code, url).toBe('SITE_NOT_SET_UP');
    }
  });

  it('shows the owner a checklist with everything required missing, and refuses to open', async () => {
    const settings = await staffCall(owner, 'GET', '/admin-api/v1/settings');
    expect(settings.statusCode).toBe(503);
    expect(settings.json().code).toBe('SITE_NOT_SET_UP');
    const checklist = (await staffCall(owner, 'GET', '/admin-api/v1/setup')).json().data;
    expect(checklist.canOpen).toBe(false);
    expect(checklist.openedAt).toBeNull();
    const byKey = Object.fromEntries(checklist.items.map((item: { key: string }) => [item.key, item]));
    expect(byKey.site).toMatchObject({ isRequired: true, isDone: false, screen: 'settings' });
    expect(byKey.houseAccounts).toMatchObject({ isRequired: true, isDone: false });
    expect(byKey.feedSources).toMatchObject({ isRequired: true, isDone: false });
    const open = await staffCall(owner, 'POST', '/admin-api/v1/setup/open', { reason: 'go live' });
    expect(open.statusCode).toBe(503);
    expect(open.json().code).toBe('SITE_NOT_SET_UP');
  });

  it('refuses to create the site from a partial change, naming the missing fields, and from a non-owner', async () => {
    const partial = await staffCall(owner, 'POST', '/admin-api/v1/settings', { change: { siteName: 'Half' }, reason: 'first setup' });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().message).toMatch(/missing: .*lineId/);
    const finance = await t.staffToken('finance');
    const byFinance = await staffCall(finance, 'POST', '/admin-api/v1/settings', { change: COMPLETE_SETTINGS, reason: 'first setup' });
    expect(byFinance.statusCode).toBe(403);
    const { rows } = await t.db.query('SELECT 1 FROM site_settings');
    expect(rows).toHaveLength(0);
  });

  it('creates the site from every field (owner, audited settings.create, appId generated), still closed to members', async () => {
    const created = await staffCall(owner, 'POST', '/admin-api/v1/settings', { change: COMPLETE_SETTINGS, reason: 'first setup' });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data).toMatchObject({ siteName: 'Lucky Operator', withdrawMin: 100, withdrawMax: 50_000 });
    const { rows } = await t.db.query<{ app_id: string; opened_at: Date | null; withdraw_min_satang: bigint }>('SELECT app_id, opened_at, withdraw_min_satang FROM site_settings');
    expect(rows[0]!.app_id).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(rows[0]!.opened_at).toBeNull();
    expect(rows[0]!.withdraw_min_satang).toBe(10_000n);
    const audit = await t.db.query<{ actor: string }>(`SELECT actor FROM audit_log WHERE action = 'settings.create'`);
    expect(audit.rows.map((row) => row.actor)).toEqual(['staff:test-owner']);
    // Created once: the same full POST now updates it, the appId stays.
    const again = await staffCall(owner, 'POST', '/admin-api/v1/settings', { change: { ...COMPLETE_SETTINGS, siteName: 'Lucky Two' }, reason: 'rename' });
    expect(again.statusCode).toBe(200);
    const after = await t.db.query<{ app_id: string; site_name: string }>('SELECT app_id, site_name FROM site_settings');
    expect(after.rows[0]).toEqual({ app_id: rows[0]!.app_id, site_name: 'Lucky Two' });
    const prefix = await t.call({ method: 'GET', url: '/v2/prefix', withoutApiKey: true });
    expect(prefix.body.code).toBe('SITE_NOT_SET_UP');
  });

  it('opens only when a house account is creditable, then members reach the site with the generated key', async () => {
    const channel = await staffCall(owner, 'POST', '/admin-api/v1/deposit-channels', {
      id: 'chn_house_kbank', kind: 'bank', bankCode: '004', accountNumber: '0011535946', accountName: 'บจก. ลัคกี้', reason: 'house account',
    });
    expect(channel.statusCode).toBe(200);
    expect(channel.json().data).toMatchObject({ isCreditable: false, activeFeedSources: 0, isCheckedByStaff: false });
    const refused = await staffCall(owner, 'POST', '/admin-api/v1/setup/open', { reason: 'go live' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'SETUP_INCOMPLETE' });
    expect(refused.json().message).toContain('feedSources');

    const source = await staffCall(owner, 'POST', '/admin-api/v1/feed-sources', { id: 'src_house_phone', kind: 'sms', protocol: 'sms_gateway', channelId: 'chn_house_kbank', reason: 'house phone' });
    expect(source.statusCode).toBe(200);
    expect(source.headers['cache-control']).toBe('no-store');
    expect(source.json().data.webhookUrl).toMatch(/^http:\/\/[^/]+\/bank-feed\/v1\/sms-gateway\/src_house_phone$/);
    expect(source.json().data.secret.length).toBeGreaterThanOrEqual(32);

    const checklist = (await staffCall(owner, 'GET', '/admin-api/v1/setup')).json().data;
    expect(checklist.canOpen).toBe(true);
    const byFinance = await staffCall(await t.staffToken('finance'), 'POST', '/admin-api/v1/setup/open', { reason: 'go live' });
    expect(byFinance.statusCode).toBe(403);
    const opened = await staffCall(owner, 'POST', '/admin-api/v1/setup/open', { reason: 'go live' });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().data.openedBy).toBe('staff:test-owner');
    // A double click opens nothing twice.
    expect((await staffCall(owner, 'POST', '/admin-api/v1/setup/open', { reason: 'go live' })).statusCode).toBe(200);
    const audit = await t.db.query(`SELECT 1 FROM audit_log WHERE action = 'site.open'`);
    expect(audit.rowCount).toBe(1);

    const prefix = await t.call({ method: 'GET', url: '/v2/prefix', withoutApiKey: true });
    expect(prefix.status).toBe(200);
    const { appId, siteName } = prefix.body.data;
    expect(siteName).toBe('Lucky Two');
    const login = await t.call({ method: 'POST', url: '/auth-service/v1/login', body: { phoneNumber: '0812345678', Password: 'whatever1' }, headers: { 'x-api-key': appId } });
    expect(login.status).toBe(401);
    expect(login.body.code).toBe('INVALID_CREDENTIALS');
  });
});

describe('deposit channels offered to members (issue 24 §1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('lists a house account only once a feed source reads it or staff check it by hand', async () => {
    const owner = await t.staffToken('owner');
    const staffPost = (url: string, body: unknown) => t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${owner}`, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
    const created = await staffPost('/admin-api/v1/deposit-channels', { id: 'chn_new_ktb', kind: 'bank', bankCode: '006', accountNumber: '9876543210', accountName: 'บจก. สบาย ดิจิทัล', reason: 'new house account' });
    expect(created.statusCode, created.body).toBe(200);
    const member = await t.signUp();
    const token = await t.logIn(member.phoneNumber, member.password);
    const listed = async () => (await t.call({ method: 'GET', url: '/user-profile-composite/v1/info/deposit', token })).body.data as Array<{ BankAccount: string }>;
    expect((await listed()).map((channel) => channel.BankAccount)).not.toContain('9876543210');

    const marked = await staffPost('/admin-api/v1/deposit-channels/chn_new_ktb/checked-by-staff', { isCheckedByStaff: true, reason: 'finance reads the statement' });
    expect(marked.statusCode).toBe(200);
    expect(marked.json().data).toMatchObject({ isCheckedByStaff: true, isCreditable: true });
    expect((await listed()).map((channel) => channel.BankAccount)).toContain('9876543210');
    const again = await staffPost('/admin-api/v1/deposit-channels/chn_new_ktb/checked-by-staff', { isCheckedByStaff: true, reason: 'twice' });
    expect(again.json().code).toBe('STATE_CONFLICT');

    await staffPost('/admin-api/v1/deposit-channels/chn_new_ktb/checked-by-staff', { isCheckedByStaff: false, reason: 'a phone reads it now' });
    expect((await listed()).map((channel) => channel.BankAccount)).not.toContain('9876543210');
    await staffPost('/admin-api/v1/feed-sources', { id: 'src_new_ktb', kind: 'statement', channelId: 'chn_new_ktb', reason: 'statement connector' });
    expect((await listed()).map((channel) => channel.BankAccount)).toContain('9876543210');
  });
});

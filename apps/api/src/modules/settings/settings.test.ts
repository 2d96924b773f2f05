import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { staffCall } from '../../test/money-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('site settings in the back office (issue 11 "Settings")', () => {
  it('lets the owner change the withdraw limits and the LINE id, audited with before and after; members see it', async () => {
    const before = await staffCall(t, 'GET', '/admin-api/v1/settings', undefined, 'auditor');
    expect(before.status).toBe(200);
    const changed = await staffCall(t, 'POST', '/admin-api/v1/settings', { change: { withdrawMin: 200, withdrawAutoMax: 3000.5, lineId: '@sabai-th' }, reason: 'นโยบายใหม่ประจำเดือน' }, 'owner');
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ withdrawMin: 200, withdrawAutoMax: 3000.5, lineId: '@sabai-th' });
    const prefix = await t.call({ method: 'GET', url: '/v2/prefix', withoutApiKey: true });
    expect(JSON.stringify(prefix.body.data)).toContain('@sabai-th');
    const audit = await t.db.query<{ before: Record<string, unknown>; after: Record<string, unknown>; reason: string }>(`SELECT before, after, reason FROM audit_log WHERE action = 'settings.update'`);
    expect(audit.rows[0]).toMatchObject({ reason: 'นโยบายใหม่ประจำเดือน', after: { lineId: '@sabai-th', withdrawMinSatang: '20000' } });
    expect(audit.rows[0]!.before.lineId).toBe(before.body.data.lineId);
  });

  it('refuses a minimum above the maximum, an unknown field, a bad amount, or a role that may not, changing nothing', async () => {
    const max = (await staffCall(t, 'GET', '/admin-api/v1/settings', undefined, 'owner')).body.data.withdrawMax as number;
    expect((await staffCall(t, 'POST', '/admin-api/v1/settings', { change: { withdrawMin: max + 1 }, reason: 'ลอง' }, 'owner')).body.code).toBe('VALIDATION_FAILED');
    expect((await staffCall(t, 'POST', '/admin-api/v1/settings', { change: { appId: 'x' }, reason: 'ลอง' }, 'owner')).status).toBe(400);
    expect((await staffCall(t, 'POST', '/admin-api/v1/settings', { change: { withdrawMax: 10.001 }, reason: 'ลอง' }, 'owner')).body.code).toBe('INVALID_AMOUNT');
    expect((await staffCall(t, 'POST', '/admin-api/v1/settings', { change: { isMaintenance: true }, reason: 'ลอง' }, 'finance')).status).toBe(403);
    const audit = await t.db.query(`SELECT 1 FROM audit_log WHERE action = 'settings.update'`);
    expect(audit.rowCount).toBe(1);
  });

  it('lets the owner change the branding (logo, colours, pictures) that the public configuration serves; refuses a script URL or a bad colour', async () => {
    const theme = { primaryColor: '#1a7f37', secondaryColor: '#0b3d1c', backgroundColor: '#f6fff8', textColor: '#101410' };
    const changed = await staffCall(t, 'POST', '/admin-api/v1/settings', {
      change: { logoUrl: 'https://cdn.example.co.th/brand/logo.webp', theme, alertImageUrl: '/static/promotions/songkran.webp', cashbackImageUrl: null },
      reason: 'เปลี่ยนธีมเทศกาลสงกรานต์',
    }, 'owner');
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ logoUrl: 'https://cdn.example.co.th/brand/logo.webp', theme, alertImageUrl: '/static/promotions/songkran.webp', cashbackImageUrl: null });
    t.context.siteSettings.invalidate();
    const prefix = (await t.call({ method: 'GET', url: '/v2/prefix', withoutApiKey: true })).body.data;
    expect(prefix).toMatchObject({ logoUrl: 'https://cdn.example.co.th/brand/logo.webp', theme, alertyImage: '/static/promotions/songkran.webp' });
    expect(prefix.cashBack.Image).toBeNull();

    const audited = await t.db.query(`SELECT 1 FROM audit_log WHERE action = 'settings.update'`);
    for (const change of [{ logoUrl: 'javascript:alert(1)' }, { logoUrl: 'http://plain.example/logo.png' }, { alertImageUrl: '/a b.png' }, { theme: { ...theme, textColor: 'red' } }, { theme: { primaryColor: '#000000' } }]) {
      const refused = await staffCall(t, 'POST', '/admin-api/v1/settings', { change, reason: 'ลอง' }, 'owner');
      expect(refused.status, JSON.stringify(change)).toBe(400);
    }
    expect((await t.db.query(`SELECT 1 FROM audit_log WHERE action = 'settings.update'`)).rowCount).toBe(audited.rowCount);
    expect((await staffCall(t, 'GET', '/admin-api/v1/settings', undefined, 'auditor')).body.data.theme).toEqual(theme);
  });
});

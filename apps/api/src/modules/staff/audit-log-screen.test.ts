import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { staffCall } from '../../test/money-helpers.ts';
import { memberIdOf } from '../../test/partner-helpers.ts';

/**
 * Issue 25 §4, audit: filters by staff, action and date, reason and before / after on each row,
 * paging, the CSV export Thai Excel opens (UTF-8 BOM), and a tampered row flagged.
 */
let t: TestApp;
let memberId: string;
beforeAll(async () => {
  t = await createTestApp();
  const member = await t.signUp();
  memberId = await memberIdOf(t, member.phoneNumber);
  expect((await staffCall(t, 'POST', `/admin-api/v1/members/${memberId}/suspend`, { reason: 'ตรวจสอบบัญชี, "ด่วน"' }, 'support')).status).toBe(200);
  expect((await staffCall(t, 'POST', `/admin-api/v1/members/${memberId}/reactivate`, { reason: 'ตรวจแล้ว' }, 'owner')).status).toBe(200);
  expect((await staffCall(t, 'POST', `/admin-api/v1/members/${memberId}/notes`, { body: '=HYPERLINK("x")' }, 'support')).status).toBe(200);
});
afterAll(async () => t.close());

const audit = (query: string) => staffCall(t, 'GET', `/admin-api/v1/audit?${query}`, undefined, 'auditor');

describe('the audit trail for staff', () => {
  it('filters by staff and action, with the reason and before / after on the row', async () => {
    const bySupport = (await audit(`actor=${encodeURIComponent('staff:test-support')}`)).body.data;
    expect(bySupport.length).toBeGreaterThanOrEqual(2);
    expect(bySupport.every((row: { actor: string }) => row.actor === 'staff:test-support')).toBe(true);
    const suspensions = (await audit(`action=member.suspend&subjectId=${memberId}`)).body.data;
    expect(suspensions).toHaveLength(1);
    expect(suspensions[0]).toMatchObject({ reason: 'ตรวจสอบบัญชี, "ด่วน"', tampered: false });
    const note = (await audit(`action=member.note&subjectId=${memberId}`)).body.data[0];
    expect(note.after).toEqual({ body: '=HYPERLINK("x")' });
  });

  it('filters by Bangkok day and pages by seq', async () => {
    const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
    const all = (await audit(`from=${today}&to=${today}&limit=200`)).body.data;
    expect(all.length).toBeGreaterThanOrEqual(3);
    expect((await audit('from=2001-01-01&to=2001-01-02')).body.data).toEqual([]);
    const first = (await audit('limit=2')).body.data;
    const next = (await audit(`limit=2&beforeSeq=${first[1].seq}`)).body.data;
    expect(Number(next[0].seq)).toBeLessThan(Number(first[1].seq));
    expect((await audit('from=yesterday')).status).toBe(400);
  });

  it('lists the staff and actions to filter on', async () => {
    const filters = (await staffCall(t, 'GET', '/admin-api/v1/audit/filters', undefined, 'owner')).body.data;
    expect(filters.actors).toEqual(expect.arrayContaining([{ actor: 'staff:test-support', role: 'support' }]));
    expect(filters.actions).toEqual(expect.arrayContaining(['member.suspend', 'member.reactivate', 'member.note']));
    expect((await staffCall(t, 'GET', '/admin-api/v1/audit/filters', undefined, 'support')).status).toBe(403);
  });

  it('exports CSV with a UTF-8 BOM, Thai text, quoted fields and formulas defused', async () => {
    const token = await t.staffToken('auditor');
    const response = await t.app.inject({ method: 'GET', url: `/admin-api/v1/audit.csv?subjectId=${memberId}`, headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="sabai-audit-\d{4}-\d{2}-\d{2}\.csv"/);
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text).toContain('"ตรวจสอบบัญชี, ""ด่วน"""');
    expect(text).toContain('member.reactivate');
    expect(text).not.toMatch(/,=HYPERLINK/);
    expect(text.split('\r\n').filter(Boolean)).toHaveLength(1 + 3);
  });

  it('flags a row whose content was changed behind the chain\'s back, and only that row', async () => {
    const target = (await audit(`action=member.reactivate&subjectId=${memberId}`)).body.data[0];
    await t.db.query('ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only');
    try {
      await t.db.query("UPDATE audit_log SET reason = 'แก้ไขย้อนหลัง' WHERE seq = $1", [target.seq]);
    } finally {
      await t.db.query('ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only');
    }
    const rows = (await audit(`subjectId=${memberId}&limit=200`)).body.data;
    const flagged = rows.filter((row: { tampered: boolean }) => row.tampered).map((row: { seq: string }) => row.seq);
    expect(flagged).toEqual([target.seq]);
    const token = await t.staffToken('auditor');
    const csv = (await t.app.inject({ method: 'GET', url: `/admin-api/v1/audit.csv?subjectId=${memberId}`, headers: { authorization: `Bearer ${token}` } })).body;
    expect(csv.split('\r\n').find((line) => line.startsWith(`${target.seq},`))).toMatch(/,YES$/);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newAccountNumber, type TestApp } from '../../test/test-app.ts';
import { approveAs, fundedMember, staffCall } from '../../test/money-helpers.ts';
import { memberIdOf, openSlotSession, spinScripted } from '../../test/partner-helpers.ts';
import { verifyAuditChain } from '../../lib/audit.ts';
import { pullBetRecords } from '../play/index.ts';

/**
 * Issue 25 §4, members (docs/adr/0052): the directory with filters and paging, staff notes, bank
 * account / name edits with four-eyes (approvals kind member.edit) and audit before / after, and
 * the per-member history. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const directory = async (query: string, role: Parameters<typeof staffCall>[4] = 'support') => staffCall(t, 'GET', `/admin-api/v1/member-directory?${query}`, undefined, role);
const ids = (body: { data: { rows: Array<{ memberId: string }> } }) => body.data.rows.map((row) => row.memberId);

async function newMember(names: { firstName?: string; lastName?: string } = {}) {
  const member = await t.signUp(names);
  return { ...member, memberId: await memberIdOf(t, member.phoneNumber) };
}

describe('the member directory', () => {
  it('filters new today, suspended, protected and unverified bank, and searches phone and name', async () => {
    const plain = await newMember();
    const suspended = await newMember();
    const excluded = await newMember();
    const limited = await newMember();
    const unverified = await newMember();
    const old = await newMember();
    expect((await staffCall(t, 'POST', `/admin-api/v1/members/${suspended.memberId}/suspend`, { reason: 'ทดสอบระงับ' }, 'support')).status).toBe(200);
    await t.db.query(`INSERT INTO responsible_gaming_exclusions (member_id, kind, period, starts_at, ends_at) VALUES ($1, 'timeout', '1d', now() - interval '1 hour', now() + interval '1 day')`, [excluded.memberId]);
    await t.db.query(`INSERT INTO responsible_gaming_limits (member_id, kind, period, amount_satang) VALUES ($1, 'deposit', 'day', 100000)`, [limited.memberId]);
    await t.db.query('UPDATE members SET bank_account_verified_at = NULL, bank_account_verified_by = NULL WHERE id = $1', [unverified.memberId]);
    await t.db.query(`UPDATE members SET created_at = now() - interval '3 days' WHERE id = $1`, [old.memberId]);

    const suspendedIds = ids((await directory('filter=suspended')).body);
    expect(suspendedIds).toContain(suspended.memberId);
    expect(suspendedIds).not.toContain(plain.memberId);
    const protectedRows = (await directory('filter=protected')).body.data.rows;
    expect(protectedRows.map((row: { memberId: string }) => row.memberId)).toEqual(expect.arrayContaining([excluded.memberId, limited.memberId]));
    expect(protectedRows.every((row: { protected: boolean }) => row.protected)).toBe(true);
    expect(protectedRows.map((row: { memberId: string }) => row.memberId)).not.toContain(plain.memberId);
    const unverifiedRows = (await directory('filter=unverified_bank')).body.data.rows;
    expect(unverifiedRows.map((row: { memberId: string }) => row.memberId)).toContain(unverified.memberId);
    expect(unverifiedRows.every((row: { bankVerified: boolean }) => !row.bankVerified)).toBe(true);
    const today = ids((await directory('filter=new_today&pageSize=100')).body);
    expect(today).toContain(plain.memberId);
    expect(today).not.toContain(old.memberId);

    const byPhone = await directory(`q=${plain.phoneNumber.slice(2)}`);
    expect(ids(byPhone.body)).toEqual([plain.memberId]);
    const named = await newMember({ firstName: 'สมหญิงค้นหา', lastName: 'ทดสอบ' });
    const nameOf = (await t.db.query<{ first_name: string }>('SELECT first_name FROM members WHERE id = $1', [named.memberId])).rows[0]!.first_name;
    expect(ids((await directory(`q=${encodeURIComponent(nameOf)}`)).body)).toContain(named.memberId);
  });

  it('pages newest first with a total', async () => {
    for (let index = 0; index < 3; index += 1) await newMember();
    const first = (await directory('pageSize=2&page=1')).body.data;
    const second = (await directory('pageSize=2&page=2')).body.data;
    expect(first.rows).toHaveLength(2);
    expect(second.rows).toHaveLength(2);
    expect(first.total).toBeGreaterThanOrEqual(4);
    expect(second.total).toBe(first.total);
    expect(new Set([...ids({ data: first }), ...ids({ data: second })]).size).toBe(4);
    expect(Date.parse(first.rows[1].createdAt)).toBeGreaterThanOrEqual(Date.parse(second.rows[0].createdAt));
    expect((await directory('pageSize=500')).status).toBe(400);
  });

  it('is refused to roles without members.view', async () => {
    expect((await directory('', 'marketing')).status).toBe(403);
  });
});

describe('staff notes on a member', () => {
  it('are written by support, read newest first with their author, audited, and refused to the auditor', async () => {
    const member = await newMember();
    const url = `/admin-api/v1/members/${member.memberId}/notes`;
    expect((await staffCall(t, 'POST', url, { body: 'โทรมาสอบถามเรื่องโบนัส' }, 'support')).status).toBe(200);
    expect((await staffCall(t, 'POST', url, { body: 'ขอเปลี่ยนบัญชี' }, 'finance')).status).toBe(200);
    expect((await staffCall(t, 'POST', url, { body: 'no' }, 'auditor')).status).toBe(403);
    expect((await staffCall(t, 'POST', url, { body: '   ' }, 'support')).status).toBe(400);
    const notes = (await staffCall(t, 'GET', url, undefined, 'auditor')).body.data;
    expect(notes.map((note: { body: string; author: string }) => [note.body, note.author])).toEqual([['ขอเปลี่ยนบัญชี', 'staff:test-finance'], ['โทรมาสอบถามเรื่องโบนัส', 'staff:test-support']]);
    const audited = await t.db.query("SELECT 1 FROM audit_log WHERE action = 'member.note' AND subject_id = $1", [member.memberId]);
    expect(audited.rowCount).toBe(2);
  });
});

describe('editing a member with four-eyes (kind member.edit)', () => {
  it('waits for a second person, the requester cannot approve, and the approval applies with before / after audited', async () => {
    const member = await newMember();
    const before = (await t.db.query<{ bank_account_number: string; first_name: string }>('SELECT bank_account_number, first_name FROM members WHERE id = $1', [member.memberId])).rows[0]!;
    const newAccount = newAccountNumber();
    const asked = await staffCall(t, 'POST', `/admin-api/v1/members/${member.memberId}/edits`, { bankAccountNumber: newAccount, firstName: 'สมชายใหม่', reason: 'สมาชิกแจ้งเปลี่ยนบัญชี' }, 'finance');
    expect(asked.status).toBe(200);
    expect(asked.body.data).toMatchObject({ status: 'pending', before: { bankAccountNumber: before.bank_account_number, firstName: before.first_name }, after: { bankAccountNumber: newAccount, firstName: 'สมชายใหม่' }, canDecide: false });
    // Nothing changed yet.
    expect((await t.db.query('SELECT 1 FROM members WHERE id = $1 AND bank_account_number = $2', [member.memberId, before.bank_account_number])).rowCount).toBe(1);
    // The requester (finance, a role that approves) cannot approve their own request.
    const own = await approveAs(t, asked.body.data.approvalId, 'finance');
    expect(own).toMatchObject({ status: 403, body: { code: 'STAFF_FORBIDDEN' } });
    // Support may ask but never approve.
    expect((await approveAs(t, asked.body.data.approvalId, 'support')).status).toBe(403);
    const approved = await approveAs(t, asked.body.data.approvalId, 'owner');
    expect(approved.status).toBe(200);
    expect(approved.body.data.status).toBe('executed');
    const after = (await t.db.query<{ bank_account_number: string; first_name: string; bank_account_verified_at: Date | null }>('SELECT bank_account_number, first_name, bank_account_verified_at FROM members WHERE id = $1', [member.memberId])).rows[0]!;
    expect(after).toMatchObject({ bank_account_number: newAccount, first_name: 'สมชายใหม่', bank_account_verified_at: null });
    const audit = await t.db.query<{ actor: string; before: unknown; after: unknown; details: { requester: string; approver: string } }>(
      "SELECT actor, before, after, details FROM audit_log WHERE action = 'member.edit' AND subject_id = $1", [member.memberId],
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]).toMatchObject({ actor: 'staff:test-owner', before: { bankAccountNumber: before.bank_account_number, firstName: before.first_name }, after: { bankAccountNumber: newAccount, firstName: 'สมชายใหม่' }, details: { requester: 'test-finance', approver: 'test-owner' } });
    const listed = (await staffCall(t, 'GET', `/admin-api/v1/members/${member.memberId}/edits`, undefined, 'support')).body.data;
    expect(listed).toMatchObject([{ approvalId: asked.body.data.approvalId, status: 'executed', requester: 'test-finance', decidedBy: 'test-owner' }]);
  });

  it('applies once when two staff approve the same edit at the same moment', async () => {
    const member = await newMember();
    const newAccount = newAccountNumber();
    const asked = await staffCall(t, 'POST', `/admin-api/v1/members/${member.memberId}/edits`, { bankAccountNumber: newAccount, reason: 'บัญชีเดิมปิดแล้ว' }, 'support');
    expect(asked.body.data.status).toBe('pending');
    const answers = await Promise.all([approveAs(t, asked.body.data.approvalId, 'owner'), approveAs(t, asked.body.data.approvalId, 'finance')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.code).toBe('STATE_CONFLICT');
    const audit = await t.db.query("SELECT 1 FROM audit_log WHERE action = 'member.edit' AND subject_id = $1", [member.memberId]);
    expect(audit.rowCount).toBe(1);
    expect((await t.db.query('SELECT 1 FROM members WHERE id = $1 AND bank_account_number = $2', [member.memberId, newAccount])).rowCount).toBe(1);
    expect((await verifyAuditChain(t.db)).firstBreak).toBeNull();
  });

  it('refuses a bank account another member holds, an edit that changes nothing, and a role without the permission', async () => {
    const member = await newMember();
    const other = await newMember();
    const taken = await staffCall(t, 'POST', `/admin-api/v1/members/${member.memberId}/edits`, { bankCode: other.bankCode, bankAccountNumber: other.accountNumber, reason: 'ทดสอบซ้ำ' }, 'support');
    expect(taken).toMatchObject({ status: 409, body: { code: 'BANK_ACCOUNT_TAKEN' } });
    const same = await staffCall(t, 'POST', `/admin-api/v1/members/${member.memberId}/edits`, { bankAccountNumber: member.accountNumber, reason: 'ไม่มีอะไรเปลี่ยน' }, 'support');
    expect(same.status).toBe(400);
    expect((await staffCall(t, 'POST', `/admin-api/v1/members/${member.memberId}/edits`, { firstName: 'ใหม่', reason: 'การตลาดแก้ไข' }, 'marketing')).status).toBe(403);
  });

  it('stays pending when the member changed after the request (stale values are never overwritten)', async () => {
    const member = await newMember();
    const asked = await staffCall(t, 'POST', `/admin-api/v1/members/${member.memberId}/edits`, { lastName: 'นามสกุลใหม่', reason: 'แก้ไขนามสกุล' }, 'support');
    await t.db.query("UPDATE members SET last_name = 'เปลี่ยนระหว่างรอ' WHERE id = $1", [member.memberId]);
    const approved = await approveAs(t, asked.body.data.approvalId, 'owner');
    expect(approved).toMatchObject({ status: 409, body: { code: 'STATE_CONFLICT' } });
    expect((await t.db.query("SELECT 1 FROM members WHERE id = $1 AND last_name = 'เปลี่ยนระหว่างรอ'", [member.memberId])).rowCount).toBe(1);
  });
});

describe('a member\'s history for staff', () => {
  it('lists bets, bonuses and adjustments newest first, paged', async () => {
    const funded = await fundedMember(t, '300.00');
    const memberId = await memberIdOf(t, funded.phoneNumber);
    await spinScripted(t, memberId, await openSlotSession(t, memberId), ['loss', 'loss', 'loss'], 100);
    await pullBetRecords(t.context);
    const bets = (await staffCall(t, 'GET', `/admin-api/v1/members/${memberId}/history/bets?pageSize=2`, undefined, 'support')).body.data;
    expect(bets.rows).toHaveLength(2);
    expect(bets.hasMore).toBe(true);
    expect(bets.rows[0]).toMatchObject({ stake: 100, payout: 0, result: 'loss' });
    const more = (await staffCall(t, 'GET', `/admin-api/v1/members/${memberId}/history/bets?pageSize=2&page=2`, undefined, 'support')).body.data;
    expect(more).toMatchObject({ hasMore: false });
    expect(more.rows).toHaveLength(1);

    expect((await staffCall(t, 'POST', `/admin-api/v1/members/${memberId}/adjustments`, { direction: 'credit', amount: 12.5, reason: 'ชดเชยระบบขัดข้อง' }, 'support')).status).toBe(200);
    const adjustments = (await staffCall(t, 'GET', `/admin-api/v1/members/${memberId}/history/adjustments`, undefined, 'auditor')).body.data;
    expect(adjustments.rows).toMatchObject([{ direction: 'credit', amount: 12.5, status: 'pending_approval', requestedBy: 'staff:test-support' }]);

    const bonuses = await staffCall(t, 'GET', `/admin-api/v1/members/${memberId}/history/bonuses`, undefined, 'support');
    expect(bonuses.status).toBe(200);
    expect(bonuses.body.data.kind).toBe('bonuses');
    const bonusCount = await t.db.query('SELECT 1 FROM bonus_grants WHERE member_id = $1', [memberId]);
    expect(bonuses.body.data.rows).toHaveLength(bonusCount.rowCount ?? 0);
    expect((await staffCall(t, 'GET', `/admin-api/v1/members/mbr_${'z'.repeat(20)}/history/bets`, undefined, 'support')).status).toBe(404);
  });
});

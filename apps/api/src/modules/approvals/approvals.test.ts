import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { approveAs, expectLedgerSound, fundedMember, mainBalance, setRoleDailyLimit, staffCall } from '../../test/money-helpers.ts';
import type { StaffRole } from '../staff/index.ts';
import { requestAdjustment } from '../members/index.ts';
import { bangkokDay, MONEY_ACTION_KINDS, MONEY_ACTION_POLICY, requestMoneyAction } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

const memberIdOf = async (phoneNumber: string) => (await t.db.query<{ id: string }>('SELECT id FROM members WHERE phone_number = $1', [phoneNumber])).rows[0]!.id;
const staffIdOf = async (role: StaffRole) => {
  await t.staffToken(role);
  return (await t.db.query<{ id: string }>('SELECT id FROM staff_accounts WHERE username = $1', [`test-${role}`])).rows[0]!.id;
};
const credit = (memberId: string, amount: number, role: StaffRole = 'support') =>
  staffCall(t, 'POST', `/admin-api/v1/members/${memberId}/adjustments`, { direction: 'credit', amount, reason: 'ชดเชยระบบขัดข้อง' }, role);

describe('the money-action policy (issue 25 §1)', () => {
  it('never lets a role approve what only it may request, and every kind has a requester and an approver', () => {
    for (const kind of MONEY_ACTION_KINDS) {
      expect(MONEY_ACTION_POLICY[kind].request.length).toBeGreaterThan(0);
      expect(MONEY_ACTION_POLICY[kind].approve.length).toBeGreaterThan(0);
      expect(MONEY_ACTION_POLICY[kind].approve as readonly string[]).not.toContain('marketing');
      expect(MONEY_ACTION_POLICY[kind].approve as readonly string[]).not.toContain('support');
    }
  });

  it('counts the day in Bangkok time', () => {
    expect(bangkokDay(new Date('2026-11-28T16:59:59Z'))).toBe('2026-11-28');
    expect(bangkokDay(new Date('2026-11-28T17:00:00Z'))).toBe('2026-11-29');
  });
});

describe('adjustments under maker-checker (issue 25 finding 2)', () => {
  it('out of the box every adjustment waits for a second person, even a small one', async () => {
    const member = await fundedMember(t, '100.00');
    const memberId = await memberIdOf(member.phoneNumber);
    const small = await credit(memberId, 1);
    expect(small.body.data.status).toBe('pending_approval');
    expect(small.body.message).toContain('ส่งขออนุมัติแล้ว');
    expect(await mainBalance(t, member.token)).toBe(100);
  });

  it('splitting cannot escape the limit: 1,000 baht twice under a 1,500 daily limit applies once, the second waits for a second approver', async () => {
    await setRoleDailyLimit(t, 'support', 1500);
    const member = await fundedMember(t, '100.00');
    const memberId = await memberIdOf(member.phoneNumber);
    const first = await credit(memberId, 1000);
    const second = await credit(memberId, 1000);
    expect([first.body.data.status, second.body.data.status]).toEqual(['applied', 'pending_approval']);
    expect(await mainBalance(t, member.token)).toBe(1100);

    const queue = await staffCall(t, 'GET', '/admin-api/v1/approvals', undefined, 'finance');
    const waiting = queue.body.data.find((row: { subjectId: string; status: string }) => row.subjectId === memberId && row.status === 'pending');
    expect(waiting).toMatchObject({ kind: 'adjustment.credit', amount: 1000, requester: 'test-support', canDecide: true });
    // The requester sees their own request, cannot decide it, and cannot approve at all.
    const mine = await staffCall(t, 'GET', '/admin-api/v1/approvals?scope=mine', undefined, 'support');
    expect(mine.body.data.find((row: { approvalId: string }) => row.approvalId === waiting.approvalId)).toMatchObject({ canDecide: false });
    expect((await approveAs(t, waiting.approvalId, 'support')).status).toBe(403);

    const approved = await approveAs(t, waiting.approvalId, 'finance');
    expect(approved.body.data).toMatchObject({ status: 'executed', decidedBy: 'test-finance' });
    expect(await mainBalance(t, member.token)).toBe(2100);
    const audit = await t.db.query<{ actor: string; details: { requester: string; approver: string } }>(
      `SELECT actor, details FROM audit_log WHERE action = 'money-action.approve' AND details->>'approvalId' = $1`, [waiting.approvalId],
    );
    expect(audit.rows).toEqual([expect.objectContaining({ actor: 'staff:test-finance', details: expect.objectContaining({ requester: 'test-support', approver: 'test-finance' }) })]);
    await setRoleDailyLimit(t, 'support', 0);
  });

  it('five credits of one person at once under a 1,500 limit: exactly one applies alone', async () => {
    await setRoleDailyLimit(t, 'finance', 1500);
    const member = await fundedMember(t, '100.00');
    const memberId = await memberIdOf(member.phoneNumber);
    const answers = await Promise.all(Array.from({ length: 5 }, () => credit(memberId, 1000, 'finance')));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((answer) => answer.body.data.status === 'applied')).toHaveLength(1);
    expect(await mainBalance(t, member.token)).toBe(1100);
    await setRoleDailyLimit(t, 'finance', 0);
  });

  it('a rejection needs a reason, moves nothing and marks the adjustment rejected', async () => {
    const member = await fundedMember(t, '100.00');
    const memberId = await memberIdOf(member.phoneNumber);
    const asked = await credit(memberId, 300);
    const { body } = await staffCall(t, 'GET', '/admin-api/v1/approvals?scope=mine', undefined, 'support');
    const approvalId = body.data.find((row: { subjectId: string }) => row.subjectId === memberId).approvalId as string;
    expect((await staffCall(t, 'POST', `/admin-api/v1/approvals/${approvalId}/reject`, {}, 'owner')).body.code).toBe('VALIDATION_FAILED');
    const rejected = await staffCall(t, 'POST', `/admin-api/v1/approvals/${approvalId}/reject`, { reason: 'ไม่มีหลักฐาน' }, 'owner');
    expect(rejected.body.data).toMatchObject({ status: 'rejected', decisionReason: 'ไม่มีหลักฐาน', decidedBy: 'test-owner' });
    const row = await t.db.query<{ status: string }>('SELECT status FROM member_adjustments WHERE id = $1', [asked.body.data.adjustmentId]);
    expect(row.rows[0]!.status).toBe('rejected');
    expect((await approveAs(t, approvalId, 'finance')).body.code).toBe('STATE_CONFLICT');
    expect(await mainBalance(t, member.token)).toBe(100);
  });
});

describe('role daily limits (issue 25 §1: the owner raises them, four-eyes itself)', () => {
  it('starts at 0 for every role; the owner\'s change waits for another person and the owner cannot approve it', async () => {
    const fresh = await createTestApp();
    try {
      const limits = await staffCall(fresh, 'GET', '/admin-api/v1/approvals/limits', undefined, 'auditor');
      expect(limits.body.data.every((row: { limit: number }) => row.limit === 0)).toBe(true);
      const asked = await staffCall(fresh, 'POST', '/admin-api/v1/approvals/limits', { role: 'support', limit: 500, reason: 'วงเงินฝ่ายบริการ' }, 'owner');
      expect(asked.body.data.status).toBe('pending');
      expect((await staffCall(fresh, 'POST', `/admin-api/v1/approvals/${asked.body.data.approvalId}/approve`, {}, 'owner')).body.code).toBe('STAFF_FORBIDDEN');
      expect((await staffCall(fresh, 'POST', '/admin-api/v1/approvals/limits', { role: 'support', limit: 500, reason: 'วงเงินฝ่ายบริการ' }, 'finance')).status).toBe(403);
      expect((await approveAs(fresh, asked.body.data.approvalId, 'finance')).body.data.status).toBe('executed');
      const after = await staffCall(fresh, 'GET', '/admin-api/v1/approvals/limits', undefined, 'auditor');
      expect(after.body.data.find((row: { role: string }) => row.role === 'support').limit).toBe(500);
    } finally {
      await fresh.close();
    }
  });
});

describe('requestMoneyAction', () => {
  it('returns the stored answer to a retry with the same key, and refuses the key with other content', async () => {
    const requester = { staffId: await staffIdOf('owner'), role: 'owner' as const };
    const input = { kind: 'role-limit.set' as const, requester, amountSatang: 100n, subject: { type: 'role', id: 'auditor' }, payload: { role: 'auditor', limitSatang: '100' }, idempotencyKey: 'test:same-key' };
    const first = await t.db.transaction((tx) => requestMoneyAction(tx, input));
    const again = await t.db.transaction((tx) => requestMoneyAction(tx, input));
    expect(again).toEqual(first);
    await expect(t.db.transaction((tx) => requestMoneyAction(tx, { ...input, amountSatang: 200n }))).rejects.toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
    await expect(t.db.transaction((tx) => requestMoneyAction(tx, { ...input, requester: { staffId: requester.staffId, role: 'marketing' }, idempotencyKey: 'test:other' })))
      .rejects.toMatchObject({ code: 'STAFF_FORBIDDEN' });
  });

  it('property: whatever the amounts, one person\'s lone actions in a day never exceed the limit and each applies alone exactly when it still fits', async () => {
    await setRoleDailyLimit(t, 'owner', 1000);
    const staffId = await staffIdOf('owner');
    const member = await fundedMember(t, '100.00');
    const memberId = await memberIdOf(member.phoneNumber);
    let used = 0n;
    await fc.assert(fc.asyncProperty(fc.array(fc.bigInt({ min: 1n, max: 60_000n }), { minLength: 1, maxLength: 6 }), async (amounts) => {
      for (const amountSatang of amounts) {
        const view = await requestAdjustment(t.context, { memberId, direction: 'credit', amountSatang, reason: 'ทดสอบวงเงิน', staffId, actor: 'staff:test-owner', actorRole: 'owner', address: null });
        const fits = used + amountSatang <= 100_000n;
        expect(view.status).toBe(fits ? 'applied' : 'pending_approval');
        if (fits) used += amountSatang;
      }
      const day = await t.db.query<{ used_satang: bigint }>('SELECT used_satang FROM money_approval_daily_use WHERE staff_id = $1 AND day = $2::date', [staffId, bangkokDay(t.context.now())]);
      expect(BigInt(day.rows[0]?.used_satang ?? 0n)).toBe(used);
      expect(used <= 100_000n).toBe(true);
    }), { numRuns: 8 });
    await setRoleDailyLimit(t, 'owner', 0);
  });
});

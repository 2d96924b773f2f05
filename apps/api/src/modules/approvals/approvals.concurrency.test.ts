import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { approveAs, expectLedgerSound, fundedMember, mainBalance, staffCall } from '../../test/money-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

const memberIdOf = async (phoneNumber: string) => (await t.db.query<{ id: string }>('SELECT id FROM members WHERE phone_number = $1', [phoneNumber])).rows[0]!.id;

describe('deciding one money request at once (issue 25 §1, four-eyes)', () => {
  it('two approvers approving one adjustment at once move the money once; the later gets STATE_CONFLICT', async () => {
    const member = await fundedMember(t, '100.00');
    const memberId = await memberIdOf(member.phoneNumber);
    const asked = await staffCall(t, 'POST', `/admin-api/v1/members/${memberId}/adjustments`, { direction: 'credit', amount: 700, reason: 'ชดเชยระบบขัดข้อง' }, 'support');
    expect(asked.body.data.status).toBe('pending_approval');
    const { body } = await staffCall(t, 'GET', '/admin-api/v1/approvals?scope=mine', undefined, 'support');
    const approvalId = body.data.find((row: { subjectId: string }) => row.subjectId === memberId).approvalId as string;

    const answers = await Promise.all([approveAs(t, approvalId, 'finance'), approveAs(t, approvalId, 'owner'), approveAs(t, approvalId, 'finance')]);
    const executed = answers.filter((answer) => answer.status === 200 && answer.body.data?.status === 'executed');
    expect(executed).toHaveLength(1);
    expect(answers.filter((answer) => answer.body.code === 'STATE_CONFLICT')).toHaveLength(2);
    expect(await mainBalance(t, member.token)).toBe(800);
    const approvalsAudited = await t.db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM audit_log WHERE action = 'money-action.approve' AND details->>'approvalId' = $1`, [approvalId],
    );
    expect(approvalsAudited.rows[0]!.n).toBe('1');
  });

  it('an approval racing a rejection: exactly one decision stands, and money moved only if it was the approval', async () => {
    const member = await fundedMember(t, '100.00');
    const memberId = await memberIdOf(member.phoneNumber);
    await staffCall(t, 'POST', `/admin-api/v1/members/${memberId}/adjustments`, { direction: 'credit', amount: 250, reason: 'ชดเชยระบบขัดข้อง' }, 'support');
    const { body } = await staffCall(t, 'GET', '/admin-api/v1/approvals?scope=mine', undefined, 'support');
    const approvalId = body.data.find((row: { subjectId: string }) => row.subjectId === memberId).approvalId as string;

    const [approved, rejected] = await Promise.all([
      approveAs(t, approvalId, 'finance'),
      staffCall(t, 'POST', `/admin-api/v1/approvals/${approvalId}/reject`, { reason: 'ไม่มีหลักฐาน' }, 'owner'),
    ]);
    const approvalWon = approved.status === 200 && approved.body.data?.status === 'executed';
    const rejectionWon = rejected.status === 200 && rejected.body.data?.status === 'rejected';
    expect(approvalWon !== rejectionWon).toBe(true);
    expect((approvalWon ? rejected : approved).body.code).toBe('STATE_CONFLICT');
    expect(await mainBalance(t, member.token)).toBe(approvalWon ? 350 : 100);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { listTransfersOfSource } from '@sabai/ledger';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { approveAs, expectLedgerSound, fundedMember, mainBalance, setPayoutFault, setRoleDailyLimit, staffCall } from '../../test/money-helpers.ts';
import { recoverPayouts } from './recover-payouts.ts';

/**
 * Failed payouts are visible and actionable (issue 25 §2, finding 4): the approver is told at once,
 * the failure waits in its own queue with the bank's reason, the member reads the same, and finance
 * retries, pays by hand (four-eyes) or closes it with the money in the main wallet — each once.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({});
  // Finance acts alone up to 500,000 baht a day (maker-checker, docs/adr/0048); the owner's limit stays 0.
  await setRoleDailyLimit(t, 'finance', 500_000);
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

const FROZEN = 'บัญชีปลายทางถูกระงับ';
const withdraw = (token: string, Amount: number) =>
  t.call({ method: 'POST', url: '/fund-composite/v1/withdrawal', token, body: { Amount, Channel: 'BANK', minWithdraw: 100 }, headers: { 'idempotency-key': randomUUID() } });
const withdrawHistory = async (token: string) =>
  (await t.call({ method: 'GET', url: '/user-profile-composite/v1/history/withdraw', token })).body.data.Transaction as Array<{ id: string; Amount: number; Status: number; failureReason?: string | null }>;
const failedQueue = async (state: 'open' | 'closed' = 'open') => (await staffCall(t, 'GET', `/admin-api/v1/payouts/failed?state=${state}`, undefined, 'finance')).body.data;

/** A member whose 6,000 baht withdrawal (above the auto maximum) staff approved while the bank refused it. */
async function failedApproval() {
  const member = await fundedMember(t, '20000.00');
  const requested = await withdraw(member.token, 6000);
  const withdrawalId = requested.body.data.withdrawalId as string;
  await setPayoutFault(t, 'fail');
  try {
    const approved = await staffCall(t, 'POST', `/admin-api/v1/withdrawals/${withdrawalId}/approve`, {}, 'finance');
    return { member, withdrawalId, approved };
  } finally {
    await setPayoutFault(t, 'ok');
  }
}

describe('a payout that fails on approval', () => {
  it('tells the approving staff member at once, with the bank reason in Thai (finding 4)', async () => {
    const { approved } = await failedApproval();
    expect(approved.status).toBe(200);
    expect(approved.body.data).toEqual({ status: 'failed', failureReason: FROZEN });
    expect(approved.body.message).toContain('ธนาคารโอนไม่สำเร็จ');
    expect(approved.body.message).toContain(FROZEN);
  });

  it('waits in the failed queue with the reason, the member and the account; the dashboard and the withdrawals list show it; the member reads the same reason', async () => {
    const { member, withdrawalId } = await failedApproval();
    const queue = await failedQueue();
    expect(queue.payouts).toContainEqual(
      expect.objectContaining({ withdrawalId, phoneNumber: member.phoneNumber, bankCode: member.bankCode, accountNumber: member.accountNumber, Amount: 6000, reason: FROZEN, resolution: null }),
    );
    expect(queue.openCount).toBeGreaterThanOrEqual(1);
    const dashboard = await staffCall(t, 'GET', '/admin-api/v1/dashboard');
    expect(dashboard.body.data.waiting.failedPayouts).toBe(queue.openCount);
    const failedList = await staffCall(t, 'GET', '/admin-api/v1/withdrawals?status=failed');
    expect(failedList.body.data).toContainEqual(expect.objectContaining({ id: withdrawalId, reason: FROZEN }));
    expect(await withdrawHistory(member.token)).toEqual([expect.objectContaining({ id: withdrawalId, Status: 3, failureReason: FROZEN })]);
    expect(await mainBalance(t, member.token)).toBe(20_000);
  });
});

describe('finance closes a failed payout', () => {
  it('retries to the same account: the money leaves the main wallet once, the same call again answers the same', async () => {
    const { member, withdrawalId } = await failedApproval();
    const retried = await staffCall(t, 'POST', `/admin-api/v1/payouts/failed/${withdrawalId}/retry`, undefined, 'finance');
    expect(retried.body).toMatchObject({ success: true, message: 'โอนสำเร็จแล้ว', data: { action: 'retry', status: 'paid', isReplay: false, approvalId: expect.any(String) } });
    const nextId = retried.body.data.nextWithdrawalId as string;
    expect(await mainBalance(t, member.token)).toBe(14_000);
    const again = await staffCall(t, 'POST', `/admin-api/v1/payouts/failed/${withdrawalId}/retry`, undefined, 'owner');
    expect(again.body.data).toEqual({ action: 'retry', nextWithdrawalId: nextId, status: 'paid', approvalId: null, isReplay: true });
    expect(await mainBalance(t, member.token)).toBe(14_000);
    const closed = await failedQueue('closed');
    expect(closed.payouts).toContainEqual(expect.objectContaining({ withdrawalId, resolution: expect.objectContaining({ action: 'retry', by: 'staff:test-finance', nextWithdrawalId: nextId, nextStatus: 'paid' }) }));
    expect((await failedQueue()).payouts.map((row: { withdrawalId: string }) => row.withdrawalId)).not.toContain(withdrawalId);
    const other = await staffCall(t, 'POST', `/admin-api/v1/payouts/failed/${withdrawalId}/return`, {}, 'finance');
    expect(other.body.code).toBe('STATE_CONFLICT');
    const history = await withdrawHistory(member.token);
    expect(history.map((row) => [row.id, row.Status])).toEqual(expect.arrayContaining([[withdrawalId, 3], [nextId, 1]]));
  });

  it('two retries at once pay once', async () => {
    const { member, withdrawalId } = await failedApproval();
    const answers = await Promise.all([1, 2, 3].map(() => staffCall(t, 'POST', `/admin-api/v1/payouts/failed/${withdrawalId}/retry`, undefined, 'finance')));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(new Set(answers.map((answer) => answer.body.data.nextWithdrawalId)).size).toBe(1);
    expect(answers.filter((answer) => answer.body.data.approvalId !== null)).toHaveLength(1);
    expect(await mainBalance(t, member.token)).toBe(14_000);
    const retries = await t.db.query('SELECT id FROM withdrawals WHERE retry_of = $1', [withdrawalId]);
    expect(retries.rowCount).toBe(1);
  });

  it('a retry the bank refuses again is a new failed payout in the queue, and says so', async () => {
    const { member, withdrawalId } = await failedApproval();
    await setPayoutFault(t, 'fail');
    try {
      const retried = await staffCall(t, 'POST', `/admin-api/v1/payouts/failed/${withdrawalId}/retry`, undefined, 'finance');
      expect(retried.body.data.status).toBe('failed');
      expect(retried.body.message).toContain('ไม่สำเร็จ');
      expect((await failedQueue()).payouts).toContainEqual(expect.objectContaining({ withdrawalId: retried.body.data.nextWithdrawalId, reason: FROZEN }));
    } finally {
      await setPayoutFault(t, 'ok');
    }
    expect(await mainBalance(t, member.token)).toBe(20_000);
  });

  it('refuses a retry the main wallet no longer covers; return then closes it with the money where it is', async () => {
    const { member, withdrawalId } = await failedApproval();
    const spent = await withdraw(member.token, 15_000);
    expect(spent.body.data.Status).toBe(2);
    const retried = await staffCall(t, 'POST', `/admin-api/v1/payouts/failed/${withdrawalId}/retry`, undefined, 'finance');
    expect([409, 422]).toContain(retried.status);
    expect(await t.db.query('SELECT 1 FROM failed_payout_resolutions WHERE withdrawal_id = $1', [withdrawalId])).toMatchObject({ rowCount: 0 });
    const returned = await staffCall(t, 'POST', `/admin-api/v1/payouts/failed/${withdrawalId}/return`, { note: 'สมาชิกขอรับเงินคืนเข้ากระเป๋า' }, 'finance');
    expect(returned.body).toMatchObject({ success: true, data: { action: 'return', nextWithdrawalId: null, status: 'failed', isReplay: false } });
    expect((await staffCall(t, 'POST', `/admin-api/v1/payouts/failed/${withdrawalId}/return`, {}, 'finance')).body.data).toMatchObject({ action: 'return', isReplay: true });
    expect(await mainBalance(t, member.token)).toBe(5000);
    expect(await listTransfersOfSource(t.db, { type: 'withdrawal', id: withdrawalId })).toHaveLength(2);
    const audit = await t.db.query<{ action: string }>(`SELECT action FROM audit_log WHERE subject_id = $1 ORDER BY id`, [withdrawalId]);
    expect(audit.rows.map((row) => row.action)).toContain('withdrawal.failed-payout-return');
  });

  it('pays by hand with the bank reference; only another staff member (or the bank SMS) confirms it', async () => {
    const { member, withdrawalId } = await failedApproval();
    const paidAt = t.context.now().toISOString();
    const byHand = await staffCall(t, 'POST', `/admin-api/v1/payouts/failed/${withdrawalId}/manual`, { channelId: 'chn_kbank_main', bankReference: 'kb-fail-001', paidAt }, 'finance');
    expect(byHand.body).toMatchObject({ success: true, data: { action: 'manual', status: 'paid_unconfirmed' } });
    const nextId = byHand.body.data.nextWithdrawalId as string;
    expect(await mainBalance(t, member.token)).toBe(14_000);
    const selfConfirm = await staffCall(t, 'POST', `/admin-api/v1/payouts/${nextId}/confirm`, { reason: 'เห็นในแอปธนาคาร' }, 'finance');
    expect(selfConfirm.body.code).toBe('STAFF_FORBIDDEN');
    const confirmed = await staffCall(t, 'POST', `/admin-api/v1/payouts/${nextId}/confirm`, { reason: 'ตรวจในแอปธนาคารแล้ว' }, 'owner');
    expect(confirmed.body.data.status).toBe('paid');
    const row = (await t.db.query<{ payout_provider_ref: string; retry_of: string }>('SELECT payout_provider_ref, retry_of FROM withdrawals WHERE id = $1', [nextId])).rows[0];
    expect(row).toEqual({ payout_provider_ref: 'KB-FAIL-001', retry_of: withdrawalId });
  });

  it('above the requester\'s daily limit a retry waits for a second person; approved, the payout job pays it', async () => {
    const { member, withdrawalId } = await failedApproval();
    const asked = await staffCall(t, 'POST', `/admin-api/v1/payouts/failed/${withdrawalId}/retry`, { note: 'ลูกค้าแจ้งบัญชีใช้ได้แล้ว' }, 'owner');
    expect(asked.body).toMatchObject({ success: true, message: 'ส่งขออนุมัติแล้ว รอเจ้าหน้าที่อีกคนอนุมัติ', data: { action: 'retry', status: 'pending_approval', nextWithdrawalId: null } });
    expect(await mainBalance(t, member.token)).toBe(20_000);
    const queued = (await failedQueue()).payouts.find((row: { withdrawalId: string }) => row.withdrawalId === withdrawalId);
    expect(queued.pendingApprovals).toEqual([{ approvalId: asked.body.data.approvalId, kind: 'payout.retry', requestedBy: 'staff:test-owner' }]);
    expect((await approveAs(t, asked.body.data.approvalId, 'owner')).status).toBe(403);
    expect((await approveAs(t, asked.body.data.approvalId, 'finance')).status).toBe(200);
    expect(await mainBalance(t, member.token)).toBe(14_000);
    const next = (await t.db.query<{ id: string; status: string }>('SELECT id, status FROM withdrawals WHERE retry_of = $1', [withdrawalId])).rows;
    expect(next).toEqual([{ id: expect.any(String), status: 'approved' }]);
    await recoverPayouts({ ...t.context, now: () => new Date(Date.now() + 10 * 60_000) });
    expect((await t.db.query<{ status: string }>('SELECT status FROM withdrawals WHERE id = $1', [next[0]!.id])).rows[0]?.status).toBe('paid');
    expect(await mainBalance(t, member.token)).toBe(14_000);
  });

  it('refuses actions on a withdrawal that did not fail, and staff without the permission', async () => {
    const member = await fundedMember(t, '1000.00');
    const paid = await withdraw(member.token, 200);
    expect((await staffCall(t, 'POST', `/admin-api/v1/payouts/failed/${paid.body.data.withdrawalId}/retry`, undefined, 'finance')).body.code).toBe('STATE_CONFLICT');
    const { withdrawalId } = await failedApproval();
    expect((await staffCall(t, 'POST', `/admin-api/v1/payouts/failed/${withdrawalId}/retry`, undefined, 'support')).status).toBe(403);
    expect((await staffCall(t, 'GET', '/admin-api/v1/payouts/failed', undefined, 'support')).status).toBe(403);
  });
});

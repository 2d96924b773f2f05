import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { approveAs, expectLedgerSound, postFeed, setPayoutFault, setRoleDailyLimit, staffCall, statementFrom } from '../../test/money-helpers.ts';
import { recoverDepositRefunds } from './refund-held-deposit.ts';

/**
 * Refunding a held deposit pays the sender back through the payout adapter (issue 11), once,
 * whatever the bank does: answers at once, times out after paying, fails, or the same refund is
 * asked for many times at once.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PAYOUT_UNKNOWN_GRACE_MS: '1000' } });
  // Issue 25 §1: finance refunds alone within its daily limit when the names are the same.
  await setRoleDailyLimit(t, 'finance', 1_000_000);
});
afterAll(async () => {
  await setPayoutFault(t, 'ok');
  await expectLedgerSound(t);
  await t.close();
});

/** The holder the sandbox bank's name inquiry gives for an account. */
const holderOf = async (sender: { bankCode: string; accountNumber: string }) =>
  (await fetch(`${t.sandboxUrl}/name-inquiry/v1/lookup`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'x-sandbox-key': 'test-sandbox-key' }, body: JSON.stringify({ bankCode: sender.bankCode, accountNumber: sender.accountNumber }),
  }).then((response) => response.json())) as { firstName: string; lastName: string };

/** A held deposit whose statement names the sender as the bank's name inquiry does (or `senderName`). */
async function heldDeposit(amount: string, senderName?: string) {
  const sender = await t.signUp();
  const holder = await holderOf(sender);
  // Over the review threshold: held even though it matches a member.
  await postFeed(t, 'statement', { ...statementFrom(sender, amount), senderName: senderName ?? `${holder.firstName} ${holder.lastName}` }, { sourceId: 'src_statement_bbl' });
  const { rows } = await t.db.query<{ id: string }>(`SELECT id FROM deposits WHERE status = 'held' ORDER BY created_at DESC LIMIT 1`);
  return { sender, depositId: rows[0]!.id };
}
const refund = (depositId: string, sender: { bankCode: string; accountNumber: string }, note = 'โอนคืนผู้โอน ยอดเกินเกณฑ์') =>
  staffCall(t, 'POST', `/admin-api/v1/deposits/${depositId}/refund`, { note, bankCode: sender.bankCode, accountNumber: sender.accountNumber }, 'finance');
const atBank = async (refundId: string) =>
  (await fetch(`${t.sandboxUrl}/bank/v1/payouts/${refundId}`, { headers: { 'x-sandbox-key': 'test-sandbox-key' } }).then((response) => response.json())) as { status: string };
const refundsOf = async (depositId: string) =>
  (await t.db.query<{ id: string; status: string }>('SELECT id, status FROM deposit_refunds WHERE deposit_id = $1 ORDER BY created_at', [depositId])).rows;

describe('refunding a held deposit to a name that is not the sender\'s (issue 25 finding 3)', () => {
  it('shows both names; a mismatch needs the destination name typed again and a second approver, whatever the limit', async () => {
    const { sender, depositId } = await heldDeposit('100010.00', 'นายคนอื่น ไม่ใช่ผู้โอน');
    const check = await staffCall(t, 'POST', `/admin-api/v1/deposits/${depositId}/refund-check`, { bankCode: sender.bankCode, accountNumber: sender.accountNumber }, 'finance');
    const holder = await holderOf(sender);
    expect(check.body.data).toEqual({ depositId, Amount: 100010, senderName: 'นายคนอื่น ไม่ใช่ผู้โอน', destinationName: `${holder.firstName} ${holder.lastName}`, nameCheck: 'different' });
    const unconfirmed = await refund(depositId, sender);
    expect(unconfirmed.body.code).toBe('VALIDATION_FAILED');
    const body = { note: 'ผู้โอนขอคืนเข้าบัญชีนี้', bankCode: sender.bankCode, accountNumber: sender.accountNumber, confirmation: ` ${holder.firstName}  ${holder.lastName} ` };
    const asked = await staffCall(t, 'POST', `/admin-api/v1/deposits/${depositId}/refund`, body, 'finance');
    expect(asked.body).toMatchObject({ success: true, data: { status: 'pending_approval', refundId: null } });
    expect(await refundsOf(depositId)).toEqual([]);
    expect((await staffCall(t, 'POST', `/admin-api/v1/deposits/${depositId}/refund`, body, 'owner')).body.code).toBe('STATE_CONFLICT');
    expect((await approveAs(t, asked.body.data.approvalId, 'finance')).body.code).toBe('STAFF_FORBIDDEN');
    expect((await approveAs(t, asked.body.data.approvalId, 'owner')).body.data.status).toBe('executed');
    const [paid] = await refundsOf(depositId);
    expect(paid?.status).toBe('paid');
    expect((await atBank(paid!.id)).status).toBe('succeeded');
    const audit = await t.db.query<{ details: { requester: string; approver: string } }>(`SELECT details FROM audit_log WHERE action = 'money-action.approve' AND subject_id = $1`, [depositId]);
    expect(audit.rows[0]!.details).toMatchObject({ requester: 'test-finance', approver: 'test-owner' });
  });
});

describe('refunding a held deposit (issue 11)', () => {
  it('pays the sender back through the bank, once, and takes the money out of the house account', async () => {
    const { sender, depositId } = await heldDeposit('100000.50');
    const answer = await refund(depositId, sender);
    expect(answer.status).toBe(200);
    expect(answer.body.data.status).toBe('refunded');
    const [paid] = await refundsOf(depositId);
    expect(paid?.status).toBe('paid');
    expect((await atBank(paid!.id)).status).toBe('succeeded');
    // A second request finds nothing held.
    expect((await refund(depositId, sender)).body.code).toBe('STATE_CONFLICT');
    const held = await staffCall(t, 'GET', '/admin-api/v1/deposits/held', undefined, 'support');
    expect(held.body.data.some((row: { id: string }) => row.id === depositId)).toBe(false);
  });

  it('refuses a refund without a reason, to an account the bank does not know, or by a role without the permission, moving nothing', async () => {
    const { sender, depositId } = await heldDeposit('100001.00');
    expect((await refund(depositId, sender, ' ')).body.code).toBe('VALIDATION_FAILED');
    expect((await refund(depositId, { bankCode: sender.bankCode, accountNumber: '1234567899' })).body.code).toBe('VALIDATION_FAILED');
    const byMarketing = await staffCall(t, 'POST', `/admin-api/v1/deposits/${depositId}/refund`, { note: 'x', bankCode: sender.bankCode, accountNumber: sender.accountNumber }, 'marketing');
    expect(byMarketing.status).toBe(403);
    expect(await refundsOf(depositId)).toEqual([]);
  });

  it('settles a refund whose answer was lost by asking the bank, never paying twice', async () => {
    const { sender, depositId } = await heldDeposit('100002.00');
    await setPayoutFault(t, 'timeout_after_applying');
    try {
      const answer = await refund(depositId, sender);
      expect(answer.body.data.status).toBe('refunding');
    } finally {
      await setPayoutFault(t, 'ok');
    }
    const [sending] = await refundsOf(depositId);
    expect(sending?.status).toBe('sending');
    expect(await recoverDepositRefunds(t.context, { minAgeMs: 0 })).toBe(1);
    expect(await refundsOf(depositId)).toEqual([{ id: sending!.id, status: 'paid' }]);
    expect((await atBank(sending!.id)).status).toBe('succeeded');
  });

  it('puts the deposit back on hold when the bank refuses, so staff can refund it to a corrected account', async () => {
    const { sender, depositId } = await heldDeposit('100003.00');
    await setPayoutFault(t, 'fail');
    try {
      expect((await refund(depositId, sender)).body.data.status).toBe('held');
    } finally {
      await setPayoutFault(t, 'ok');
    }
    expect((await refund(depositId, sender)).body.data.status).toBe('refunded');
    expect((await refundsOf(depositId)).map((row) => row.status)).toEqual(['failed', 'paid']);
  });

  it('pays once when staff click refund many times at once', async () => {
    const { sender, depositId } = await heldDeposit('100004.00');
    const answers = await Promise.all(Array.from({ length: 8 }, () => refund(depositId, sender)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status !== 200).every((answer) => answer.body.code === 'STATE_CONFLICT')).toBe(true);
    expect((await refundsOf(depositId)).map((row) => row.status)).toEqual(['paid']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { expectLedgerSound, postFeed, setPayoutFault, staffCall, statementFrom } from '../../test/money-helpers.ts';
import { recoverDepositRefunds } from './refund-held-deposit.ts';

/**
 * Refunding a held deposit pays the sender back through the payout adapter (issue 11), once,
 * whatever the bank does: answers at once, times out after paying, fails, or the same refund is
 * asked for many times at once.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PAYOUT_UNKNOWN_GRACE_MS: '1000' } });
});
afterAll(async () => {
  await setPayoutFault(t, 'ok');
  await expectLedgerSound(t);
  await t.close();
});

async function heldDeposit(amount: string) {
  const sender = await t.signUp();
  // Over the review threshold: held even though it matches a member.
  await postFeed(t, 'statement', statementFrom(sender, amount), { sourceId: 'src_statement_bbl' });
  const { rows } = await t.db.query<{ id: string }>(`SELECT id FROM deposits WHERE status = 'held' ORDER BY created_at DESC LIMIT 1`);
  return { sender, depositId: rows[0]!.id };
}
const refund = (depositId: string, sender: { bankCode: string; accountNumber: string }, note = 'โอนคืนผู้โอน ยอดเกินเกณฑ์') =>
  staffCall(t, 'POST', `/admin-api/v1/deposits/${depositId}/refund`, { note, bankCode: sender.bankCode, accountNumber: sender.accountNumber }, 'finance');
const atBank = async (refundId: string) =>
  (await fetch(`${t.sandboxUrl}/bank/v1/payouts/${refundId}`, { headers: { 'x-sandbox-key': 'test-sandbox-key' } }).then((response) => response.json())) as { status: string };
const refundsOf = async (depositId: string) =>
  (await t.db.query<{ id: string; status: string }>('SELECT id, status FROM deposit_refunds WHERE deposit_id = $1 ORDER BY created_at', [depositId])).rows;

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

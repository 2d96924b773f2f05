import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { expectLedgerSound, fundedMember, mainBalance, setPayoutFault, staffCall } from '../../test/money-helpers.ts';
import { recoverPayouts } from './recover-payouts.ts';
import { moveGameCredit } from '../play/index.ts';
import { listTransfersOfSource } from '@sabai/ledger';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PAYOUT_UNKNOWN_GRACE_MS: '1000' }, sandboxFaultHoldMs: 1_500 });
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

const withdraw = (token: string, Amount: unknown, idempotencyKey?: string) =>
  t.call({ method: 'POST', url: '/fund-composite/v1/withdrawal', token, body: { Amount, Channel: 'BANK', minWithdraw: 100 }, headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {} });
const withdrawHistory = async (token: string) => (await t.call({ method: 'GET', url: '/user-profile-composite/v1/history/withdraw', token })).body.data.Transaction as Array<{ id: string; Amount: number; Status: number; TransType: string }>;
const sandboxPayout = async (reference: string) =>
  (await fetch(`${t.sandboxUrl}/bank/v1/payouts/${reference}`, { headers: { 'x-sandbox-key': 'test-sandbox-key' } }).then((response) => response.json())) as { status: string };
const withdrawalStatus = async (id: string) => (await t.db.query<{ status: string }>('SELECT status FROM withdrawals WHERE id = $1', [id])).rows[0]?.status;

describe('GET /fund-composite/v1/withdrawal/condition', () => {
  it('reports the settings, the balance and that the member may withdraw', async () => {
    const member = await fundedMember(t, '1000.00');
    const response = await t.call({ method: 'GET', url: '/fund-composite/v1/withdrawal/condition', token: member.token });
    expect(response.body.data).toMatchObject({ canWithdraw: true, reasons: [], availableAmount: 1000, balance: 1000, minWithdraw: 100, maxWithdraw: 50_000, autoWithdraw: 5_000, turnover: { now: 0, needed: 0 }, pendingWithdrawals: 0 });
  });

  it('says why not when the balance is under the minimum', async () => {
    const member = await fundedMember(t, '50.00');
    const response = await t.call({ method: 'GET', url: '/fund-composite/v1/withdrawal/condition', token: member.token });
    expect(response.body.data.canWithdraw).toBe(false);
    expect(response.body.data.reasons).toEqual([{ code: 'WITHDRAW_BELOW_MINIMUM', message: 'ถอนเงินขั้นต่ำ 100.00 บาท' }]);
  });
});

describe('POST /fund-composite/v1/withdrawal', () => {
  it('pays an amount at or under the auto-withdraw maximum at once, to the bound account', async () => {
    const member = await fundedMember(t, '1000.00');
    const response = await withdraw(member.token, 200.5);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, message: 'ถอนเงินสำเร็จ', data: { Amount: 200.5, Status: 1 } });
    expect(await mainBalance(t, member.token)).toBe(799.5);
    expect(await sandboxPayout(response.body.data.withdrawalId)).toMatchObject({ status: 'succeeded' });
    expect(await withdrawHistory(member.token)).toEqual([expect.objectContaining({ id: response.body.data.withdrawalId, Amount: 200.5, Status: 1, TransType: 'WITHDRAW' })]);
    const refresh = await t.call({ method: 'GET', url: '/auth-service/v1/refresh', token: member.token });
    expect(refresh.body.data.totalWithdraw).toBe(200.5);
  });

  it.each([
    [99.99, 422, 'WITHDRAW_BELOW_MINIMUM', 'ถอนเงินขั้นต่ำ 100.00 บาท'],
    [50_000.01, 422, 'WITHDRAW_ABOVE_MAXIMUM', undefined],
    [100.001, 400, 'INVALID_AMOUNT', undefined],
    [-100, 400, 'INVALID_AMOUNT', undefined],
    ['100', 400, 'INVALID_AMOUNT', undefined],
    [2000, 422, 'INSUFFICIENT_BALANCE', undefined],
  ])('refuses %s with %s and changes nothing', async (amount, status, code, message) => {
    const member = await fundedMember(t, '1000.00');
    const response = await withdraw(member.token, amount);
    expect(response.status).toBe(status);
    expect(response.body.code).toBe(code);
    if (message) expect(response.body.message).toBe(message);
    expect(await mainBalance(t, member.token)).toBe(1000);
    expect(await withdrawHistory(member.token)).toEqual([]);
  });

  it('gives the money back when the bank refuses the payout', async () => {
    const member = await fundedMember(t, '500.00');
    await setPayoutFault(t, 'fail');
    try {
      const response = await withdraw(member.token, 300);
      expect(response.status).toBe(422);
      expect(response.body.code).toBe('WITHDRAW_FAILED');
    } finally {
      await setPayoutFault(t, 'ok');
    }
    expect(await mainBalance(t, member.token)).toBe(500);
    expect(await withdrawHistory(member.token)).toEqual([expect.objectContaining({ Amount: 300, Status: 3 })]);
  });

  it('waits for staff above the auto-withdraw maximum; approval pays, rejection returns the money', async () => {
    const member = await fundedMember(t, '20000.00');
    const first = await withdraw(member.token, 6000);
    expect(first.body.data.Status).toBe(2);
    expect(await mainBalance(t, member.token)).toBe(14_000);
    const pending = await staffCall(t, 'GET', '/admin-api/v1/withdrawals?status=pending_approval');
    expect(pending.body.data.some((row: { id: string }) => row.id === first.body.data.withdrawalId)).toBe(true);
    const approved = await staffCall(t, 'POST', `/admin-api/v1/withdrawals/${first.body.data.withdrawalId}/approve`, {});
    expect(approved.body.data).toEqual({ status: 'paid' });

    const second = await withdraw(member.token, 7000);
    const noReason = await staffCall(t, 'POST', `/admin-api/v1/withdrawals/${second.body.data.withdrawalId}/reject`, {});
    expect(noReason.status).toBe(400);
    const rejected = await staffCall(t, 'POST', `/admin-api/v1/withdrawals/${second.body.data.withdrawalId}/reject`, { reason: 'บัญชีไม่ตรงกับผู้สมัคร' });
    expect(rejected.body.data).toEqual({ status: 'rejected' });
    expect(await mainBalance(t, member.token)).toBe(14_000);
    const statuses = (await withdrawHistory(member.token)).map((row) => row.Status).sort();
    expect(statuses).toEqual([1, 3]);
  });

  it('lets exactly one of 50 concurrent approve/reject decisions win', async () => {
    const member = await fundedMember(t, '9000.00');
    const created = await withdraw(member.token, 8000);
    const id = created.body.data.withdrawalId as string;
    const decisions = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        staffCall(t, 'POST', `/admin-api/v1/withdrawals/${id}/${index % 2 === 0 ? 'approve' : 'reject'}`, { reason: 'race' }),
      ),
    );
    expect(decisions.filter((decision) => decision.status === 200)).toHaveLength(1);
    expect(decisions.filter((decision) => decision.body.code === 'STATE_CONFLICT')).toHaveLength(49);
    // Approved: paid, or still `paying` when the bank's answer was slow on a loaded machine (then recovery asks it).
    expect(['paid', 'paying', 'rejected']).toContain(await withdrawalStatus(id));
  });

  it('lets exactly one of 50 concurrent withdrawals of the full balance succeed', async () => {
    const member = await fundedMember(t, '1000.00');
    // The deposit continued into the game; bring it back first so the race is on the reservation.
    const memberId = (await t.db.query<{ id: string }>('SELECT id FROM members WHERE phone_number = $1', [member.phoneNumber])).rows[0]!.id;
    expect((await moveGameCredit(t.context, { memberId, direction: 'out', amountSatang: 'all' })).status).toBe('succeeded');
    const responses = await Promise.all(Array.from({ length: 50 }, () => withdraw(member.token, 1000)));
    expect(responses.filter((response) => response.status === 200)).toHaveLength(1);
    expect(responses.filter((response) => response.status !== 200).every((response) => ['INSUFFICIENT_BALANCE', 'WITHDRAW_IN_PROGRESS', 'GAME_TRANSFER_PENDING', 'MEMBER_BUSY', 'RATE_LIMITED'].includes(response.body.code ?? ''))).toBe(true);
    expect(await mainBalance(t, member.token)).toBe(0);
  });

  it('returns the same withdrawal for a repeated Idempotency-Key and refuses the key with another amount', async () => {
    const member = await fundedMember(t, '1000.00');
    const key = randomUUID();
    const first = await withdraw(member.token, 150, key);
    const again = await withdraw(member.token, 150, key);
    expect(again.body.data.withdrawalId).toBe(first.body.data.withdrawalId);
    const other = await withdraw(member.token, 160, key);
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('IDEMPOTENCY_CONFLICT');
    expect(await mainBalance(t, member.token)).toBe(850);
  });

  it('keeps another member from seeing this member’s withdrawals', async () => {
    const alice = await fundedMember(t, '500.00');
    const bob = await fundedMember(t, '500.00');
    await withdraw(alice.token, 100);
    expect(await withdrawHistory(bob.token)).toEqual([]);
  });
});

describe('payouts with unknown outcomes are settled by asking, never paid twice', () => {
  it.each([['timeout_after_applying'], ['error_after_applying']] as const)('%s: stays pending, then recovery finds it paid', async (fault) => {
    const member = await fundedMember(t, '1000.00');
    await setPayoutFault(t, fault);
    let id: string;
    try {
      const response = await withdraw(member.token, 400);
      expect(response.body.data.Status).toBe(2);
      id = response.body.data.withdrawalId;
    } finally {
      await setPayoutFault(t, 'ok');
    }
    expect(await withdrawalStatus(id)).toBe('paying');
    expect(await mainBalance(t, member.token)).toBe(600);
    await recoverPayouts(t.context);
    expect(await withdrawalStatus(id)).toBe('paid');
    await recoverPayouts(t.context);
    expect(await mainBalance(t, member.token)).toBe(600);
    const payouts = (await listTransfersOfSource(t.db, { id })).filter((transfer) => transfer.idempotencyKey.startsWith('withdraw-paid-out:'));
    expect(payouts).toHaveLength(1);
  });

  it('timeout_before_applying: the provider never got it; after the grace period the money comes back', async () => {
    const member = await fundedMember(t, '1000.00');
    await setPayoutFault(t, 'timeout_before_applying');
    let id: string;
    try {
      id = (await withdraw(member.token, 250)).body.data.withdrawalId;
    } finally {
      await setPayoutFault(t, 'ok');
    }
    expect(await withdrawalStatus(id)).toBe('paying');
    expect(await sandboxPayout(id)).toMatchObject({ status: 'not_found' });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await recoverPayouts(t.context);
    expect(await withdrawalStatus(id)).toBe('failed');
    expect(await mainBalance(t, member.token)).toBe(1000);
  });

  it('a withdrawal paid at once is recorded paying with its reservation; recovery running at the same time never pays it twice', async () => {
    // docs/adr/0074: no `approved` row claimed afterwards; the `paying` row is committed with the
    // reservation, before the provider is called, so recovery may see it before its payout is sent.
    const members = await Promise.all(Array.from({ length: 6 }, () => fundedMember(t, '1000.00')));
    let isRunning = true;
    const recovering = (async () => {
      while (isRunning) {
        await recoverPayouts(t.context);
        // A timer between rounds: PGlite answers in microtasks, and a loop of them would starve the requests.
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();
    let responses;
    try {
      responses = await Promise.all(members.map((member) => withdraw(member.token, 300)));
    } finally {
      isRunning = false;
      await recovering;
    }
    for (const [index, response] of responses.entries()) {
      expect(response.body.data).toMatchObject({ Status: 1 });
      const id = response.body.data.withdrawalId as string;
      expect(await withdrawalStatus(id)).toBe('paid');
      expect(await sandboxPayout(id)).toMatchObject({ status: 'succeeded' });
      const payouts = (await listTransfersOfSource(t.db, { id })).filter((transfer) => transfer.idempotencyKey.startsWith('withdraw-paid-out:'));
      expect(payouts).toHaveLength(1);
      expect(await mainBalance(t, members[index]!.token)).toBe(700);
      const requested = await t.db.query<{ payload: { status: string } }>(`SELECT payload FROM outbox_events WHERE event_key = $1`, [`withdrawal.requested:${id}`]);
      expect(requested.rows[0]?.payload.status).toBe('paying');
    }
  });

  it('a withdrawal approved but never claimed (crash before the payout call) is paid by recovery', async () => {
    const member = await fundedMember(t, '20000.00');
    const id = (await withdraw(member.token, 6000)).body.data.withdrawalId as string;
    // The decision committed, then the process died before executePayout ran. Within the claim
    // grace (PAYOUT_CLAIM_GRACE_MS) recovery leaves it to the process that approved it.
    await t.db.query(`UPDATE withdrawals SET status = 'approved', decided_by = 'staff:test', updated_at = now() WHERE id = $1`, [id]);
    await recoverPayouts(t.context);
    expect(await withdrawalStatus(id)).toBe('approved');
    await t.db.query(`UPDATE withdrawals SET updated_at = now() - interval '2 minutes' WHERE id = $1`, [id]);
    await recoverPayouts(t.context);
    expect(await withdrawalStatus(id)).toBe('paid');
    expect(await sandboxPayout(id)).toMatchObject({ status: 'succeeded' });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { listTransfersOfSource } from '@sabai/ledger';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { expectLedgerSound, fundedMember, mainBalance, postFeed, staffCall } from '../../test/money-helpers.ts';

/**
 * Payouts by staff, confirmed by the house account's own debit notification (PAYOUT_PROVIDER=manual,
 * docs/adr/0039), end to end: the member's call, the back office, the sandbox's house banking app
 * sending KBank's debit SMS (signed, over HTTP), the feed.
 */
let t: TestApp;
/** The app's clock runs `clockOffsetMs` ahead of the real one (the flag test moves it). */
let clockOffsetMs = 0;
beforeAll(async () => {
  t = await createTestApp({ env: { PAYOUT_PROVIDER: 'manual' }, now: () => new Date(Date.now() + clockOffsetMs) });
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

const KBANK_HOUSE = '0011535946';
const withdraw = (token: string, Amount: number) =>
  t.call({ method: 'POST', url: '/fund-composite/v1/withdrawal', token, body: { Amount, Channel: 'BANK', minWithdraw: 100 }, headers: { 'idempotency-key': randomUUID() } });
const withdrawHistory = async (token: string) =>
  (await t.call({ method: 'GET', url: '/user-profile-composite/v1/history/withdraw', token })).body.data.Transaction as Array<{ id: string; Status: number; isBeingPaid?: boolean }>;
const withdrawal = async (id: string) =>
  (await t.db.query<{ status: string; payout_confirmed_by_debit_id: string | null; payout_confirmed_by: string | null }>('SELECT status, payout_confirmed_by_debit_id, payout_confirmed_by FROM withdrawals WHERE id = $1', [id])).rows[0];
const record = (withdrawalId: string, body: { channelId?: string; bankReference?: string; paidAt?: string }, role: 'owner' | 'finance' | 'support' = 'finance') =>
  staffCall(t, 'POST', `/admin-api/v1/payouts/${withdrawalId}/record`, { channelId: 'chn_kbank_main', bankReference: `REF${randomUUID().slice(0, 8)}`, paidAt: t.context.now().toISOString(), ...body }, role);
/** The operator's banking app (the sandbox) pays from the KBank house account: money moves, KBank's debit SMS goes to the feed. */
const payFromHouse = async (to: { bankCode: string; accountNumber: string }, amount: string) => {
  const response = await fetch(`${t.sandboxUrl}/sandbox/v1/house-transfer`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-sandbox-key': 'test-sandbox-key' },
    body: JSON.stringify({ fromChannel: 'chn_kbank_main', toBankCode: to.bankCode, toAccount: to.accountNumber, amount }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { bankReference: string; delivered: { status: string; sabaiStatus: string; body: unknown } };
};

/** KBank's debit SMS (fixture bank 004, kind debit), `at` in Bangkok wall-clock time. */
function kbankDebitSms(input: { toAccount: string; amount: string; at: Date; balance?: string }): { text: string; sender: string; receivedAt: string } {
  const bangkok = new Date(input.at.getTime() + 7 * 3_600_000);
  const two = (value: number) => String(value).padStart(2, '0');
  const date = `${two(bangkok.getUTCDate())}/${two(bangkok.getUTCMonth() + 1)}/${two((bangkok.getUTCFullYear() + 543) % 100)} ${two(bangkok.getUTCHours())}:${two(bangkok.getUTCMinutes())}`;
  const mask = (account: string) => `X${account.slice(3, 9)}X`;
  return {
    text: `${date} หักบช${mask(KBANK_HOUSE)} เข้า${mask(input.toAccount)} ${input.amount} คงเหลือ${input.balance ?? '900000.00'}บ`,
    sender: 'KBank',
    receivedAt: t.context.now().toISOString(),
  };
}
const postDebitSms = (sms: ReturnType<typeof kbankDebitSms>) => postFeed(t, 'sms', sms, { sourceId: 'src_sms_kbank' });

/** A funded member with a withdrawal of `amount` baht waiting in the "to pay" queue. */
async function memberWaitingToBePaid(amount: number) {
  const member = await fundedMember(t, '1000.00');
  const response = await withdraw(member.token, amount);
  expect(response.body).toMatchObject({ success: true, message: 'ส่งคำขอถอนเงินแล้ว รอดำเนินการ', data: { Status: 2 } });
  return { member, withdrawalId: response.body.data.withdrawalId as string };
}

describe('payouts by staff confirmed by the house debit SMS', () => {
  it('queues a withdrawal to pay, shows it being paid once recorded, and pays it when the debit SMS arrives', async () => {
    const { member, withdrawalId } = await memberWaitingToBePaid(300);
    expect(await withdrawal(withdrawalId)).toMatchObject({ status: 'awaiting_payout' });
    expect(await mainBalance(t, member.token)).toBe(700);
    const toPay = await staffCall(t, 'GET', '/admin-api/v1/payouts/to-pay', undefined, 'finance');
    expect(toPay.body.data.payouts).toContainEqual(expect.objectContaining({ withdrawalId, accountNumber: member.accountNumber, bankCode: member.bankCode, Amount: 300 }));
    expect(toPay.body.data.houseAccounts).toContainEqual(expect.objectContaining({ channelId: 'chn_kbank_main', accountNumber: KBANK_HOUSE }));
    expect((await withdrawHistory(member.token))[0]).toMatchObject({ id: withdrawalId, Status: 2 });
    expect((await withdrawHistory(member.token))[0]?.isBeingPaid).toBeUndefined();

    const recorded = await record(withdrawalId, { bankReference: 'kb-0001-ab' });
    expect(recorded.body).toMatchObject({ success: true, data: { status: 'paid_unconfirmed' } });
    expect((await withdrawHistory(member.token))[0]).toMatchObject({ id: withdrawalId, Status: 2, isBeingPaid: true });
    const unconfirmed = await staffCall(t, 'GET', '/admin-api/v1/payouts/unconfirmed', undefined, 'auditor');
    expect(unconfirmed.body.data.payouts).toContainEqual(expect.objectContaining({ withdrawalId, bankReference: 'KB-0001-AB', isOverdue: false, recordedBy: 'staff:test-finance' }));

    const paid = await payFromHouse(member, '300.00');
    expect(paid.delivered).toMatchObject({ status: 'delivered', sabaiStatus: 'debit' });
    expect(await withdrawal(withdrawalId)).toMatchObject({ status: 'paid', payout_confirmed_by_debit_id: expect.stringMatching(/^hdb_/) });
    expect((await withdrawHistory(member.token))[0]).toMatchObject({ id: withdrawalId, Status: 1 });
    expect((await withdrawHistory(member.token))[0]?.isBeingPaid).toBeUndefined();
    expect(await mainBalance(t, member.token)).toBe(700);
    const transfers = await listTransfersOfSource(t.db, { type: 'withdrawal', id: withdrawalId });
    expect(transfers.map((transfer) => transfer.phase).sort()).toEqual(['pending', 'post_pending', 'single']);
    const events = await t.db.query('SELECT 1 FROM outbox_events WHERE event_key = $1', [`withdrawal.paid:${withdrawalId}`]);
    expect(events.rowCount).toBe(1);
    const audit = await t.db.query(`SELECT actor FROM audit_log WHERE action = 'withdrawal.payout-recorded' AND subject_id = $1`, [withdrawalId]);
    expect(audit.rows).toEqual([{ actor: 'staff:test-finance' }]);
  });

  it('confirms at record time a debit SMS that arrived through SMS Gateway before staff recorded the payment', async () => {
    const { member, withdrawalId } = await memberWaitingToBePaid(250.5);
    const switched = await fetch(`${t.sandboxUrl}/sandbox/v1/sms-delivery`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-sandbox-key': 'test-sandbox-key' },
      body: JSON.stringify({ sourceId: 'src_sms_kbank', format: 'sms-gateway' }),
    });
    expect(switched.status).toBe(200);
    let paid;
    try {
      paid = await payFromHouse(member, '250.50');
    } finally {
      await fetch(`${t.sandboxUrl}/sandbox/v1/sms-delivery`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-sandbox-key': 'test-sandbox-key' },
        body: JSON.stringify({ sourceId: 'src_sms_kbank', format: 'sabai' }),
      });
    }
    expect(paid.delivered).toMatchObject({ status: 'delivered', sabaiStatus: 'debit' });
    expect(await withdrawal(withdrawalId)).toMatchObject({ status: 'awaiting_payout' });
    const unmatched = await staffCall(t, 'GET', '/admin-api/v1/payouts/house-debits?status=unmatched');
    expect(unmatched.body.data).toContainEqual(expect.objectContaining({ Amount: 250.5, reason: 'NO_RECORDED_PAYOUT', withdrawalId: null }));

    const recorded = await record(withdrawalId, { bankReference: paid.bankReference });
    expect(recorded.body).toMatchObject({ success: true, data: { status: 'paid' } });
    expect(await withdrawal(withdrawalId)).toMatchObject({ status: 'paid' });
    const matched = await staffCall(t, 'GET', '/admin-api/v1/payouts/house-debits?status=matched');
    expect(matched.body.data).toContainEqual(expect.objectContaining({ withdrawalId, reason: 'MATCHED_WHEN_RECORDED' }));
  });

  it('refuses a payout recorded twice, by the same or another staff member', async () => {
    const { withdrawalId } = await memberWaitingToBePaid(150);
    expect((await record(withdrawalId, {})).status).toBe(200);
    for (const role of ['finance', 'owner'] as const) {
      const again = await record(withdrawalId, {}, role);
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('PAYOUT_ALREADY_RECORDED');
    }
  });

  it('refuses the same bank reference on a second withdrawal paid from the same house account', async () => {
    const first = await memberWaitingToBePaid(120);
    const second = await memberWaitingToBePaid(130);
    expect((await record(first.withdrawalId, { bankReference: 'SAMEREF77' })).status).toBe(200);
    const reused = await record(second.withdrawalId, { bankReference: 'sameref77' });
    expect(reused.status).toBe(409);
    expect(reused.body.code).toBe('PAYOUT_REFERENCE_USED');
    expect(await withdrawal(second.withdrawalId)).toMatchObject({ status: 'awaiting_payout' });
  });

  it('refuses a record that names no bank house account, a time in the future, or comes from support', async () => {
    const { withdrawalId } = await memberWaitingToBePaid(110);
    expect((await record(withdrawalId, { channelId: 'chn_truemoney' })).body.code).toBe('PAYOUT_CHANNEL_INVALID');
    expect((await record(withdrawalId, { paidAt: new Date(t.context.now().getTime() + 3_600_000).toISOString() })).body.code).toBe('VALIDATION_FAILED');
    expect((await record(withdrawalId, { bankReference: 'x' })).status).toBe(400);
    expect((await record(withdrawalId, {}, 'support')).status).toBe(403);
    expect(await withdrawal(withdrawalId)).toMatchObject({ status: 'awaiting_payout' });
  });

  it('confirms once when two debit notifications arrive for one payout: the second is stored as a duplicate', async () => {
    const { member, withdrawalId } = await memberWaitingToBePaid(200);
    await record(withdrawalId, {});
    const sms = kbankDebitSms({ toAccount: member.accountNumber, amount: '200.00', at: t.context.now(), balance: '800000.00' });
    expect((await postDebitSms(sms)).body.data).toMatchObject({ status: 'debit', reason: `MATCHED:${withdrawalId}` });
    // The very same SMS again (the phone's retry): the feed knows it and does nothing more.
    expect((await postDebitSms(sms)).body.data.status).toBe('duplicate');
    // A second text of the same payment (another balance line): a new event, a duplicate debit.
    const second = await postDebitSms({ ...sms, text: sms.text.replace('800000.00', '799999.00') });
    expect(second.body.data).toMatchObject({ status: 'debit', reason: 'DUPLICATE:DUPLICATE_OF_CONFIRMED' });
    const posts = (await listTransfersOfSource(t.db, { type: 'withdrawal', id: withdrawalId })).filter((transfer) => transfer.phase === 'post_pending');
    expect(posts).toHaveLength(1);
    const debits = await t.db.query<{ status: string }>('SELECT status FROM house_debits WHERE withdrawal_id = $1 ORDER BY created_at', [withdrawalId]);
    expect(debits.rows.map((row) => row.status)).toEqual(['matched', 'duplicate']);
  });

  it.each([
    ['a different amount', { amount: '199.00' }, 'UNMATCHED:NO_RECORDED_PAYOUT'],
    ['another destination', { toAccount: '5550000001' }, 'UNMATCHED:NO_RECORDED_PAYOUT'],
    ['a time outside the window', { atOffsetMs: -3 * 3_600_000 }, 'UNMATCHED:NO_RECORDED_PAYOUT'],
  ])('does not confirm with a debit of %s: it goes to the unmatched list and changes no balance', async (_label, change: { amount?: string; toAccount?: string; atOffsetMs?: number }, reason) => {
    const { member, withdrawalId } = await memberWaitingToBePaid(199.5);
    await record(withdrawalId, {});
    const sms = kbankDebitSms({
      toAccount: change.toAccount ?? member.accountNumber,
      amount: change.amount ?? '199.50',
      at: new Date(t.context.now().getTime() + (change.atOffsetMs ?? 0)),
      balance: String(700000 + Math.floor(Math.random() * 99999)) + '.00',
    });
    expect((await postDebitSms(sms)).body.data).toMatchObject({ status: 'debit', reason });
    expect(await withdrawal(withdrawalId)).toMatchObject({ status: 'paid_unconfirmed' });
    expect(await mainBalance(t, member.token)).toBe(800.5);
    const unmatched = await staffCall(t, 'GET', '/admin-api/v1/payouts/house-debits?status=unmatched');
    expect(unmatched.body.data[0]).toMatchObject({ status: 'unmatched', withdrawalId: null });
    await staffCall(t, 'POST', `/admin-api/v1/payouts/${withdrawalId}/reverse`, { reason: 'test cleanup' });
  });

  it('leaves a debit that fits two recorded payouts to staff', async () => {
    const first = await memberWaitingToBePaid(175);
    const second = await memberWaitingToBePaid(175);
    await record(first.withdrawalId, {});
    await record(second.withdrawalId, {});
    // A destination both accounts cannot tell apart: only four digits visible, the last four of the first member's.
    const sharedMask = first.member.accountNumber.slice(-4);
    await t.db.query('UPDATE withdrawals SET account_number = $2 WHERE id = $1', [second.withdrawalId, `99${first.member.accountNumber.slice(2)}`]);
    const sms = { ...kbankDebitSms({ toAccount: first.member.accountNumber, amount: '175.00', at: t.context.now(), balance: '654321.00' }) };
    sms.text = sms.text.replace(/เข้าX\d+X/, `เข้าx${sharedMask}`);
    expect((await postDebitSms(sms)).body.data).toMatchObject({ status: 'debit', reason: 'UNMATCHED:SEVERAL_RECORDED_PAYOUTS' });
    expect(await withdrawal(first.withdrawalId)).toMatchObject({ status: 'paid_unconfirmed' });
    expect(await withdrawal(second.withdrawalId)).toMatchObject({ status: 'paid_unconfirmed' });
  });

  it('flags a payout left unconfirmed longer than MANUAL_PAYOUT_CONFIRM_WITHIN_MS; finance confirms it without SMS, and a late SMS is a duplicate', async () => {
    const { member, withdrawalId } = await memberWaitingToBePaid(160);
    const paidAt = t.context.now();
    await record(withdrawalId, { paidAt: paidAt.toISOString() });
    clockOffsetMs = 2 * 3_600_000 + 60_000;
    try {
      const unconfirmed = await staffCall(t, 'GET', '/admin-api/v1/payouts/unconfirmed');
      expect(unconfirmed.body.data.overdueCount).toBeGreaterThanOrEqual(1);
      expect(unconfirmed.body.data.payouts).toContainEqual(expect.objectContaining({ withdrawalId, isOverdue: true }));
    } finally {
      clockOffsetMs = 0;
    }
    expect((await staffCall(t, 'POST', `/admin-api/v1/payouts/${withdrawalId}/confirm`, { reason: '' }, 'owner')).status).toBe(400);
    // Four-eyes: finance recorded it, so finance alone cannot confirm it without the bank's SMS.
    const byRecorder = await staffCall(t, 'POST', `/admin-api/v1/payouts/${withdrawalId}/confirm`, { reason: 'เห็นรายการใน statement แล้ว' }, 'finance');
    expect(byRecorder.status).toBe(403);
    expect(byRecorder.body.code).toBe('STAFF_FORBIDDEN');
    expect(await withdrawal(withdrawalId)).toMatchObject({ status: 'paid_unconfirmed' });
    const confirmed = await staffCall(t, 'POST', `/admin-api/v1/payouts/${withdrawalId}/confirm`, { reason: 'เห็นรายการใน statement แล้ว' }, 'owner');
    expect(confirmed.body).toMatchObject({ success: true, data: { status: 'paid' } });
    expect(await withdrawal(withdrawalId)).toMatchObject({ status: 'paid', payout_confirmed_by: 'staff:test-owner' });
    expect((await withdrawHistory(member.token))[0]).toMatchObject({ id: withdrawalId, Status: 1 });
    const late = await postDebitSms(kbankDebitSms({ toAccount: member.accountNumber, amount: '160.00', at: paidAt, balance: '123456.00' }));
    expect(late.body.data).toMatchObject({ status: 'debit', reason: 'DUPLICATE:DUPLICATE_OF_CONFIRMED' });
    expect((await staffCall(t, 'POST', `/admin-api/v1/payouts/${withdrawalId}/confirm`, { reason: 'again' })).body.code).toBe('STATE_CONFLICT');
  });

  it('gives the money back when finance marks a recorded payout as failed, and refuses to reverse a paid one', async () => {
    const { member, withdrawalId } = await memberWaitingToBePaid(140);
    await record(withdrawalId, {});
    const byRecorder = await staffCall(t, 'POST', `/admin-api/v1/payouts/${withdrawalId}/reverse`, { reason: 'ธนาคารตีกลับ' }, 'finance');
    expect(byRecorder.body.code).toBe('STAFF_FORBIDDEN');
    const reversed = await staffCall(t, 'POST', `/admin-api/v1/payouts/${withdrawalId}/reverse`, { reason: 'ธนาคารตีกลับ' }, 'owner');
    expect(reversed.body).toMatchObject({ success: true, data: { status: 'failed' } });
    expect(await mainBalance(t, member.token)).toBe(1000);
    expect((await withdrawHistory(member.token))[0]).toMatchObject({ id: withdrawalId, Status: 3 });
    expect((await staffCall(t, 'POST', `/admin-api/v1/payouts/${withdrawalId}/reverse`, { reason: 'again' })).body.code).toBe('STATE_CONFLICT');
    const audit = await t.db.query(`SELECT reason FROM audit_log WHERE action = 'withdrawal.payout-reversed' AND subject_id = $1`, [withdrawalId]);
    expect(audit.rows).toEqual([{ reason: 'ธนาคารตีกลับ' }]);
  });

  it('pays from the BBL account confirmed by a statement line with direction debit', async () => {
    const { member, withdrawalId } = await memberWaitingToBePaid(135);
    await record(withdrawalId, { channelId: 'chn_bbl_main' });
    const response = await fetch(`${t.sandboxUrl}/sandbox/v1/house-transfer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-sandbox-key': 'test-sandbox-key' },
      body: JSON.stringify({ fromChannel: 'chn_bbl_main', toBankCode: member.bankCode, toAccount: member.accountNumber, amount: 135 }),
    });
    expect(await response.json()).toMatchObject({ ok: true, delivered: { kind: 'statement', sabaiStatus: 'debit' } });
    expect(await withdrawal(withdrawalId)).toMatchObject({ status: 'paid' });
  });
});

describe.skipIf(!process.env.DATABASE_URL)('payouts by staff under concurrency (PostgreSQL)', () => {
  it('lets exactly one of two staff members recording the same payout at once win', async () => {
    await Promise.all([t.staffToken('finance'), t.staffToken('owner')]);
    for (let round = 0; round < 5; round += 1) {
      const { withdrawalId } = await memberWaitingToBePaid(101);
      const answers = await Promise.all([record(withdrawalId, {}, 'finance'), record(withdrawalId, {}, 'owner')]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect(answers.find((answer) => answer.status === 409)?.body.code).toBe('PAYOUT_ALREADY_RECORDED');
    }
  });

  it('lets one bank reference pay only one of two withdrawals recorded at once', async () => {
    for (let round = 0; round < 5; round += 1) {
      const [first, second] = [await memberWaitingToBePaid(102), await memberWaitingToBePaid(103)];
      const reference = `RACE${randomUUID().slice(0, 8)}`;
      const answers = await Promise.all([record(first.withdrawalId, { bankReference: reference }, 'finance'), record(second.withdrawalId, { bankReference: reference }, 'owner')]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect(answers.find((answer) => answer.status === 409)?.body.code).toBe('PAYOUT_REFERENCE_USED');
    }
  });

  it('posts a payout once when two of its debit notifications arrive at once', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { member, withdrawalId } = await memberWaitingToBePaid(104);
      await record(withdrawalId, {});
      const sms = kbankDebitSms({ toAccount: member.accountNumber, amount: '104.00', at: t.context.now(), balance: `${500000 + round}.00` });
      const answers = await Promise.all([postDebitSms(sms), postDebitSms({ ...sms, text: sms.text.replace(`${500000 + round}.00`, `${400000 + round}.00`) })]);
      expect(answers.map((answer) => answer.body.data.reason).sort()).toEqual(['DUPLICATE:DUPLICATE_OF_CONFIRMED', `MATCHED:${withdrawalId}`]);
      const posts = (await listTransfersOfSource(t.db, { type: 'withdrawal', id: withdrawalId })).filter((transfer) => transfer.phase === 'post_pending');
      expect(posts).toHaveLength(1);
    }
  });

  it('never misses the match when the debit SMS and the record arrive at the same moment', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { member, withdrawalId } = await memberWaitingToBePaid(105);
      const sms = kbankDebitSms({ toAccount: member.accountNumber, amount: '105.00', at: t.context.now(), balance: `${300000 + round}.00` });
      await Promise.all([record(withdrawalId, {}), postDebitSms(sms)]);
      expect(await withdrawal(withdrawalId)).toMatchObject({ status: 'paid' });
      const debits = await t.db.query<{ status: string }>('SELECT status FROM house_debits WHERE withdrawal_id = $1', [withdrawalId]);
      expect(debits.rows).toEqual([{ status: 'matched' }]);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newAccountNumber, type TestApp } from '../../test/test-app.ts';
import { approveAs, expectLedgerSound, mainBalance, postFeed, refundHeldDepositAsStaff, setRoleDailyLimit, signedFeedHeaders, staffCall, statementFrom } from '../../test/money-helpers.ts';
import { verifyPromptPayPayload } from './promptpay/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Issue 25 §1: the owner credits held deposits alone within a daily limit; finance has none (0).
  await setRoleDailyLimit(t, 'owner', 1_000_000);
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

/** A KBank SMS on the KBank house account 0011535946 from `account`, at Bangkok time now. */
function kbankSms(account: string, amount: string, at = new Date()) {
  const bangkok = new Date(at.getTime() + 7 * 3_600_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  const date = `${pad(bangkok.getUTCDate())}/${pad(bangkok.getUTCMonth() + 1)}/${String((bangkok.getUTCFullYear() + 543) % 100).padStart(2, '0')}`;
  const time = `${pad(bangkok.getUTCHours())}:${pad(bangkok.getUTCMinutes())}`;
  return { text: `${date} ${time} บชX115359X รับโอนจากX${account.slice(3, 9)}X ${amount}บ คงเหลือ9350.00บ`, sender: 'KBank', receivedAt: at.toISOString() };
}

describe('GET /user-profile-composite/v1/info/deposit', () => {
  it('lists the active bank and wallet channels in the spec §3 shape', async () => {
    const member = await t.signUp();
    const token = await t.logIn(member.phoneNumber, member.password);
    const response = await t.call({ method: 'GET', url: '/user-profile-composite/v1/info/deposit', token });
    expect(response.status).toBe(200);
    const channels = response.body.data as Array<Record<string, unknown>>;
    expect(channels.find((channel) => channel.id === 'chn_kbank_main')).toEqual({ id: 'chn_kbank_main', type: 'BANK', BankCode: '004', BankAccount: '0011535946', fullName: 'บจก. สบาย ดิจิทัล' });
    const wallet = channels.find((channel) => channel.type === 'TRUEMONEY');
    expect(wallet).toMatchObject({ BankAccount: '0951234567', phoneNumber: '0951234567' });
    expect(wallet).not.toHaveProperty('BankCode');
    expect(channels.some((channel) => channel.id === 'chn_promptpay')).toBe(false);
  });

  it('answers 401 without a session', async () => {
    expect((await t.call({ method: 'GET', url: '/user-profile-composite/v1/info/deposit' })).status).toBe(401);
  });
});

describe('bank feed → deposit', () => {
  it('credits a KBank SMS from the member’s bound account, once, and shows it in history', async () => {
    const member = await t.signUp({ bankCode: '004' });
    const token = await t.logIn(member.phoneNumber, member.password);
    const sms = kbankSms(member.accountNumber, '500.00');
    const first = await postFeed(t, 'sms', sms, { sourceId: 'src_sms_kbank' });
    expect(first.body.data.status).toBe('credited');
    const replay = await postFeed(t, 'sms', sms, { sourceId: 'src_sms_kbank' });
    expect(replay.body.data.status).toBe('duplicate');
    expect(await mainBalance(t, token)).toBe(500);
    const history = await t.call({ method: 'GET', url: '/user-profile-composite/v1/history/deposit', token });
    expect(history.body.data.Transaction).toEqual([expect.objectContaining({ Amount: 500, Status: 1, TransType: 'DEPOSIT' })]);
    const refresh = await t.call({ method: 'GET', url: '/auth-service/v1/refresh', token });
    expect(refresh.body.data.totalDeposit).toBe(500);
  });

  it('credits the same bank event delivered 50 times concurrently exactly once', async () => {
    const member = await t.signUp();
    const token = await t.logIn(member.phoneNumber, member.password);
    const body = statementFrom(member, '123.45');
    const results = await Promise.all(Array.from({ length: 50 }, () => postFeed(t, 'statement', body, { sourceId: 'src_statement_bbl' })));
    expect(results.every((result) => result.status === 200)).toBe(true);
    expect(results.filter((result) => result.body.data.status === 'credited')).toHaveLength(1);
    expect(await mainBalance(t, token)).toBe(123.45);
  });

  it.each([
    ['a wrong signature', { secret: 'another-secret-0123456789' }],
    ['a stale timestamp', { timestampMs: Date.now() - 10 * 60_000 }],
    ['a future timestamp', { timestampMs: Date.now() + 10 * 60_000 }],
    ['an unknown source', { sourceId: 'src_nobody' }],
    ['a source of another kind', { sourceId: 'src_sms_kbank' }],
  ])('refuses %s with 401 and stores nothing', async (_label, override) => {
    const member = await t.signUp();
    const before = await t.db.query<{ count: bigint }>('SELECT count(*) AS count FROM bank_feed_events');
    const result = await postFeed(t, 'statement', statementFrom(member, '50.00'), { sourceId: 'src_statement_bbl', ...override });
    expect(result.status).toBe(401);
    expect(result.body.code).toBe('FEED_AUTH_FAILED');
    const after = await t.db.query<{ count: bigint }>('SELECT count(*) AS count FROM bank_feed_events');
    expect(after.rows[0]?.count).toBe(before.rows[0]?.count);
  });

  it('refuses a body changed after signing', async () => {
    const member = await t.signUp();
    const rawBody = JSON.stringify(statementFrom(member, '50.00'));
    const headers = signedFeedHeaders(rawBody, { sourceId: 'src_statement_bbl' });
    const response = await t.app.inject({ method: 'POST', url: '/bank-feed/v1/statement', headers, payload: rawBody.replace('50.00', '5000.00') });
    expect(response.statusCode).toBe(401);
  });

  it('stores debits and unreadable texts and never credits them', async () => {
    const debit = await postFeed(t, 'sms', { text: '29/10/61 10:03 หักบชX115359X เข้าX180745X 1000.00 คงเหลือ1285.29บ', receivedAt: '2018-10-29T03:05:00Z' }, { sourceId: 'src_sms_kbank' });
    expect(debit.body.data.status).toBe('ignored');
    const junk = await postFeed(t, 'sms', { text: 'สวัสดีครับ โปรโมชั่นพิเศษ', receivedAt: new Date().toISOString() }, { sourceId: 'src_sms_kbank' });
    expect(junk.body.data.status).toBe('rejected');
    const otherHouse = await postFeed(t, 'sms', kbankSms('1234567890', '10.00'), { sourceId: 'src_sms_kbank' });
    expect(otherHouse.body.data.status).not.toBe('rejected');
    const { rows } = await t.db.query<{ count: bigint }>(`SELECT count(*) AS count FROM deposits d JOIN bank_feed_events e ON e.id = d.event_id WHERE e.status IN ('ignored', 'rejected')`);
    expect(rows[0]?.count).toBe(0n);
  });

  it('holds money from an account bound to nobody, and staff assign it once', async () => {
    const stranger = { bankCode: '014', accountNumber: newAccountNumber() };
    const held = await postFeed(t, 'statement', statementFrom(stranger, '250.00'), { sourceId: 'src_statement_bbl' });
    expect(held.body.data).toMatchObject({ status: 'held', reason: 'NO_MATCH' });
    const list = await staffCall(t, 'GET', '/admin-api/v1/deposits/held');
    const deposit = (list.body.data as Array<{ id: string; Amount: number; holdReason: string }>).find((row) => row.Amount === 250 && row.holdReason === 'NO_MATCH');
    expect(deposit).toBeDefined();

    const member = await t.signUp();
    const token = await t.logIn(member.phoneNumber, member.password);
    const assigned = await staffCall(t, 'POST', `/admin-api/v1/deposits/${deposit!.id}/assign`, { memberPhoneNumber: member.phoneNumber, note: 'slip checked' });
    expect(assigned.body.data).toMatchObject({ status: 'credited' });
    expect(await mainBalance(t, token)).toBe(250);
    const again = await staffCall(t, 'POST', `/admin-api/v1/deposits/${deposit!.id}/assign`, { memberPhoneNumber: member.phoneNumber });
    expect(again.status).toBe(409);
    const audit = await t.db.query('SELECT 1 FROM audit_log WHERE subject_id = $1 AND action = $2', [deposit!.id, 'deposit.assign']);
    expect(audit.rowCount).toBe(1);
  });

  it('a held deposit assigned by a role without a daily limit waits for a second person (issue 25 §1), then is credited once', async () => {
    const stranger = { bankCode: '014', accountNumber: newAccountNumber() };
    await postFeed(t, 'statement', statementFrom(stranger, '275.00'), { sourceId: 'src_statement_bbl' });
    const list = await staffCall(t, 'GET', '/admin-api/v1/deposits/held');
    const deposit = (list.body.data as Array<{ id: string; Amount: number }>).find((row) => row.Amount === 275)!;
    const member = await t.signUp();
    const token = await t.logIn(member.phoneNumber, member.password);
    const asked = await staffCall(t, 'POST', `/admin-api/v1/deposits/${deposit.id}/assign`, { memberPhoneNumber: member.phoneNumber }, 'finance');
    expect(asked.body).toMatchObject({ message: 'ส่งขออนุมัติแล้ว รอเจ้าหน้าที่อีกคนอนุมัติ', data: { status: 'pending_approval' } });
    expect(await mainBalance(t, token)).toBe(0);
    expect((await staffCall(t, 'POST', `/admin-api/v1/deposits/${deposit.id}/assign`, { memberPhoneNumber: member.phoneNumber }, 'owner')).status).toBe(409);
    expect((await approveAs(t, asked.body.data.approvalId, 'finance')).status).toBe(403);
    expect((await approveAs(t, asked.body.data.approvalId, 'owner')).body.data.status).toBe('executed');
    expect(await mainBalance(t, token)).toBe(275);
  });

  it('holds an amount above the review threshold even when matched, and staff may refund it', async () => {
    const member = await t.signUp();
    const held = await postFeed(t, 'statement', statementFrom(member, '100000.01'), { sourceId: 'src_statement_bbl' });
    expect(held.body.data).toMatchObject({ status: 'held', reason: 'OVER_THRESHOLD' });
    const { rows } = await t.db.query<{ id: string }>(`SELECT id FROM deposits WHERE status = 'held' AND hold_reason = 'OVER_THRESHOLD' AND amount_satang = 10000001`);
    const refunded = await refundHeldDepositAsStaff(t, rows[0]!.id, { bankCode: member.bankCode, accountNumber: member.accountNumber }, { note: 'sent back to sender' });
    expect(refunded.status).toBe('refunded');
  });

  it('refuses staff calls without the staff token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/admin-api/v1/deposits/held', headers: { authorization: 'Bearer nope' } });
    expect(response.statusCode).toBe(401);
  });

  it('credits a TrueMoney transfer from the member’s phone, even when the settings cache is cold', async () => {
    const member = await t.signUp();
    const token = await t.logIn(member.phoneNumber, member.password);
    // Settings are read before the posting transaction: on PGlite a read inside it would wait forever.
    t.context.siteSettings.invalidate();
    const result = await postFeed(t, 'truemoney', { transactionId: `tm-${member.phoneNumber}`, amount: '99.50', occurredAt: new Date().toISOString(), senderPhone: member.phoneNumber, senderName: 'x' }, { sourceId: 'src_truemoney' });
    expect(result.body.data.status).toBe('credited');
    expect(await mainBalance(t, token)).toBe(99.5);
  });
});

describe('PromptPay deposits', () => {
  const requestQr = (token: string, Amount: unknown) => t.call({ method: 'POST', url: '/user-profile-composite/v1/deposit/promptpay', token, body: { Amount } });
  const payQr = (amount: string, occurredAt = new Date()) =>
    postFeed(t, 'statement', { providerRef: `pp-${Math.random()}`, accountNumber: '0011535946', direction: 'credit', amount, occurredAt: occurredAt.toISOString(), senderBankCode: '006', senderAccountNumber: '9999999990', promptPayId: '0105566012345' }, { sourceId: 'src_statement_promptpay' });

  it('returns a payload with a valid CRC for the unique amount, and credits the member who pays it', async () => {
    const member = await t.signUp();
    const token = await t.logIn(member.phoneNumber, member.password);
    const response = await requestQr(token, 300);
    expect(response.status).toBe(200);
    const data = response.body.data;
    expect(data.Amount).toBe(300);
    expect(data.amountToPay).toBeGreaterThan(300);
    expect(data.amountToPay).toBeLessThan(301);
    const verified = verifyPromptPayPayload(data.payload);
    expect(verified).toMatchObject({ ok: true });
    expect(verified.ok && verified.amountSatang).toBe(BigInt(Math.round(data.amountToPay * 100)));
    const paid = await payQr(data.amountToPay.toFixed(2));
    expect(paid.body.data.status).toBe('credited');
    expect(await mainBalance(t, token)).toBe(data.amountToPay);
    expect((await payQr(data.amountToPay.toFixed(2))).body.data).toMatchObject({ status: 'held' });
  });

  it('gives concurrent requests for the same amount different amounts to pay', async () => {
    const members = await Promise.all(Array.from({ length: 8 }, () => t.signUp()));
    const tokens = await Promise.all(members.map((member) => t.logIn(member.phoneNumber, member.password)));
    const responses = await Promise.all(tokens.map((token) => requestQr(token, 777)));
    const amounts = responses.map((response) => response.body.data.amountToPay as number);
    expect(new Set(amounts).size).toBe(8);
  });

  it.each([[1.5], [0], [-10], [50_001], ['abc']])('refuses %s baht', async (amount) => {
    const member = await t.signUp();
    const token = await t.logIn(member.phoneNumber, member.password);
    const response = await requestQr(token, amount);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('INVALID_AMOUNT');
  });

  it('holds a payment that arrives after the request expired', async () => {
    const member = await t.signUp();
    const token = await t.logIn(member.phoneNumber, member.password);
    const data = (await requestQr(token, 412)).body.data;
    const late = await payQr(data.amountToPay.toFixed(2), new Date(Date.now() + 16 * 60_000));
    expect(late.body.data).toMatchObject({ status: 'held', reason: 'NO_MATCH' });
    expect(await mainBalance(t, token)).toBe(0);
  });
});

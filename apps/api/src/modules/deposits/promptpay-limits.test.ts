import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { MAX_OPEN_PROMPTPAY_PER_MEMBER } from './request-promptpay-deposit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const requestQr = (token: string, Amount: number) => t.call({ method: 'POST', url: '/user-profile-composite/v1/deposit/promptpay', token, body: { Amount } });

describe('PromptPay requests per member (issue 13 §3.4)', () => {
  it('gives the member their open QR again for the same amount instead of holding another offset', async () => {
    const member = await t.signUp();
    const token = await t.logIn(member.phoneNumber, member.password);
    const answers = await Promise.all(Array.from({ length: 8 }, () => requestQr(token, 555)));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(new Set(answers.map((answer) => answer.body.data.amountToPay)).size).toBe(1);
    const { rows } = await t.db.query<{ count: bigint }>(`SELECT count(*) AS count FROM promptpay_requests WHERE requested_satang = 55500`);
    expect(rows[0]!.count).toBe(1n);
    // Another member still gets the amount (with another offset).
    const other = await t.signUp();
    const otherAnswer = await requestQr(await t.logIn(other.phoneNumber, other.password), 555);
    expect(otherAnswer.status).toBe(200);
    expect(otherAnswer.body.data.amountToPay).not.toBe(answers[0]!.body.data.amountToPay);
  });

  it(`refuses a member's ${MAX_OPEN_PROMPTPAY_PER_MEMBER + 1}th open request with a Thai 409`, async () => {
    const member = await t.signUp();
    const token = await t.logIn(member.phoneNumber, member.password);
    for (let index = 0; index < MAX_OPEN_PROMPTPAY_PER_MEMBER; index += 1) expect((await requestQr(token, 100 + index)).status).toBe(200);
    const refused = await requestQr(token, 200);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ success: false, code: 'PROMPTPAY_TOO_MANY_OPEN', message: expect.stringContaining('พร้อมเพย์') });
  });
});

describe("PromptPay requests and the member's own protection (issue 26 §2: refused before any QR, not held and paid back)", () => {
  const base = '/user-profile-composite/v1/responsible-gaming';
  const noLimits = { day: null, week: null, month: null };
  const qrCount = async (phoneNumber: string) =>
    (await t.db.query<{ count: bigint }>('SELECT count(*) AS count FROM promptpay_requests WHERE member_id = (SELECT id FROM members WHERE phone_number = $1)', [phoneNumber])).rows[0]!.count;

  it.each([
    ['timeout', '24h', 'คุณพักการเล่นชั่วคราวถึง'],
    ['self_exclusion', '6m', 'คุณระงับตัวเองจากการเล่นถึง'],
  ])('refuses a QR during a %s with a Thai 403 naming its end, and creates none', async (kind, period, words) => {
    const member = await t.signUp();
    const token = await t.logIn(member.phoneNumber, member.password);
    expect((await t.call({ method: 'POST', url: `${base}/exclusion`, token, body: { kind, period } })).status).toBe(200);
    const refused = await requestQr(token, 500);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, code: 'RG_EXCLUDED', message: expect.stringContaining(words) });
    expect(refused.body.message).toMatch(/\d{2}:\d{2}\u00a0น\. ระหว่างนี้ฝากเงินไม่ได้ แต่ยังถอนเงินได้$/);
    expect(await qrCount(member.phoneNumber)).toBe(0n);
  });

  it('refuses a QR for more than is left of the deposit limit, naming what is left as the site shows baht; a smaller one is made', async () => {
    const member = await t.signUp();
    const token = await t.logIn(member.phoneNumber, member.password);
    const limits = await t.call({ method: 'PUT', url: `${base}/limits`, token, body: { depositLimit: { ...noLimits, day: 2000 }, lossLimit: noLimits } });
    expect(limits.status).toBe(200);
    const refused = await requestQr(token, 2500);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, code: 'RG_DEPOSIT_LIMIT_REACHED', message: 'ยอดนี้เกินวงเงินฝากที่คุณตั้งไว้ ฝากได้อีก 2,000.00 บาทในช่วงนี้' });
    expect(await qrCount(member.phoneNumber)).toBe(0n);
    expect((await requestQr(token, 1500)).status).toBe(200);
    expect(await qrCount(member.phoneNumber)).toBe(1n);
  });
});

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

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildSandboxApp, type SandboxApp } from '../app.ts';
import { startFakeFeedReceiver, type FakeFeedReceiver } from './test/fake-feed-receiver.ts';

/** The key the operator's back office showed once, typed into the phone (not the sandbox's own). */
const PHONE_KEY = 'key-shown-once-by-the-back-office';
const SETUP = {
  channelId: 'chn_op_kbank',
  bankCode: '004',
  accountNumber: '0123456780',
  accountName: 'บจก. ผู้ให้บริการ ใหม่',
  sourceId: 'src_op_phone',
  signingKey: PHONE_KEY,
};

describe('sandbox bank: a house account and its phone set up at run time (issue 24 §4)', () => {
  let receiver: FakeFeedReceiver;
  let app: SandboxApp;
  beforeEach(async () => {
    receiver = await startFakeFeedReceiver(PHONE_KEY);
    app = await buildSandboxApp({ apiKey: 'key', feedSecret: 'the-sandbox-own-feed-secret', feedRetryDelayMs: 1 });
  });
  afterEach(async () => {
    await app.close();
    await receiver.close();
  });
  const setUp = (body: unknown, key = 'key') => app.inject({ method: 'POST', url: '/sandbox/v1/house-phones', headers: { 'x-sandbox-key': key }, payload: body as object });

  it('refuses without the sandbox key or with a bad body', async () => {
    expect((await setUp({ ...SETUP, webhookUrl: `${receiver.url}/x` }, 'wrong')).statusCode).toBe(401);
    expect((await setUp({ ...SETUP, bankCode: '999', webhookUrl: `${receiver.url}/x` })).statusCode).toBe(400);
    expect((await setUp({ ...SETUP, signingKey: 'short', webhookUrl: `${receiver.url}/x` })).statusCode).toBe(400);
  });

  it('pings the webhook at set-up, then forwards a credit and a debit SMS signed with the typed key', async () => {
    const webhookUrl = `${receiver.url}/bank-feed/v1/sms-gateway/${SETUP.sourceId}`;
    const setUpAnswer = await setUp({ ...SETUP, webhookUrl });
    expect(setUpAnswer.statusCode).toBe(200);
    expect(setUpAnswer.json().ping).toMatchObject({ status: 'delivered' });
    expect(receiver.received[0]).toMatchObject({ path: `/bank-feed/v1/sms-gateway/${SETUP.sourceId}`, isSignatureValid: true, body: { event: 'system:ping' } });

    const credit = await app.inject({ method: 'POST', url: '/bank/v1/transfers', payload: { fromBankCode: '014', fromAccountNumber: '4400112233', destination: 'bank', toBankCode: '004', toAccountNumber: SETUP.accountNumber, amount: '700.00' } });
    expect(credit.statusCode, credit.body).toBe(200);
    const creditSms = receiver.received[1]!;
    expect(creditSms).toMatchObject({ isSignatureValid: true, body: { event: 'sms:received' } });
    expect(String((creditSms.body.payload as { message: string }).message)).toMatch(/รับโอนจาก.* 700\.00บ/);

    const debit = await app.inject({ method: 'POST', url: '/sandbox/v1/house-transfer', headers: { 'x-sandbox-key': 'key' }, payload: { fromChannel: SETUP.channelId, toBankCode: '014', toAccount: '4400112233', amount: '300.00' } });
    expect(debit.statusCode, debit.body).toBe(200);
    const debitSms = receiver.received[2]!;
    expect(debitSms).toMatchObject({ isSignatureValid: true, body: { event: 'sms:received' } });
    expect(String((debitSms.body.payload as { message: string }).message)).toMatch(/หักบช.* 300\.00/);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildSandboxApp, type SandboxApp } from '../app.ts';
import { startFakeFeedReceiver, type FakeFeedReceiver } from './test/fake-feed-receiver.ts';
import { buildTaxIdPayload } from './test/promptpay-test-payload.ts';

const SECRET = 'test-feed-secret';
const NOW = new Date('2026-03-05T03:04:05.000Z'); // 10:04 in Bangkok, 2569 BE
const DEMO_MEMBER = { fromBankCode: '004', fromAccountNumber: '0401234567' };

describe('sandbox bank transfers', () => {
  let receiver: FakeFeedReceiver;
  let app: SandboxApp;
  beforeEach(async () => {
    receiver = await startFakeFeedReceiver(SECRET);
    app = await buildSandboxApp({ apiKey: 'key', feedSecret: SECRET, apiBaseUrl: receiver.url, now: () => NOW, feedRetryDelayMs: 1 });
  });
  afterEach(async () => {
    await app.close();
    await receiver.close();
  });

  const transfer = (body: Record<string, unknown>) => app.inject({ method: 'POST', url: '/bank/v1/transfers', payload: body });
  const balanceOf = async (bankCode: string, accountNumber: string) =>
    (await app.inject({ method: 'GET', url: `/bank/v1/accounts/${bankCode}/${accountNumber}` })).json().balance as string;

  it('pays the KBank house account and sends the KBank SMS with the running house balance', async () => {
    const first = await transfer({ ...DEMO_MEMBER, destination: 'bank', toBankCode: '004', toAccountNumber: '001-1-53594-6', amount: '500.00' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      ok: true,
      channelId: 'chn_kbank_main',
      balanceAfter: '49500.00',
      delivered: {
        kind: 'sms',
        status: 'delivered',
        sabaiStatus: 'credited',
        response: { success: true, data: { status: 'credited' } },
        body: { text: '05/03/69 10:04 บชX153594X รับโอนจากX123456X 500.00บ คงเหลือ1000500.00บ', sender: 'KBank', receivedAt: NOW.toISOString() },
      },
    });
    const second = await transfer({ ...DEMO_MEMBER, destination: 'bank', toBankCode: '004', toAccountNumber: '0011535946', amount: 20.5 });
    expect(second.json().delivered.body.text).toBe('05/03/69 10:04 บชX153594X รับโอนจากX123456X 20.50บ คงเหลือ1000520.50บ');
    expect(receiver.received.map((request) => [request.path, request.sourceId, request.isSignatureValid])).toEqual([
      ['/bank-feed/v1/sms', 'src_sms_kbank', true],
      ['/bank-feed/v1/sms', 'src_sms_kbank', true],
    ]);
    expect(await balanceOf('004', '0401234567')).toBe('49479.50');
  });

  it('sends the SCB SMS: bank and account from another bank, the holder name from SCB', async () => {
    const fromKbank = await transfer({ ...DEMO_MEMBER, destination: 'bank', toBankCode: '014', toAccountNumber: '4021354011', amount: '100' });
    expect(fromKbank.json().delivered).toMatchObject({
      body: { text: '05/03@10:04 100.00 จากKBANK/x234567เข้าx354011 ใช้ได้1,000,100.00บ', sender: 'SCB' },
      sourceId: 'src_sms_scb',
    });
    const fromScb = await transfer({ fromBankCode: '014', fromAccountNumber: '1234567890', senderName: 'PHUCHONG  SONG', destination: 'bank', toBankCode: '014', toAccountNumber: '4021354011', amount: '1.00' });
    expect(fromScb.json().delivered.body.text).toBe('05/03@10:04 1.00 โอนจากPHUCHONG SONGเข้าx354011 ใช้ได้1,000,101.00บ');
    const unnamed = await transfer({ fromBankCode: '014', fromAccountNumber: '1234567890', destination: 'bank', toBankCode: '014', toAccountNumber: '4021354011', amount: '1.00' });
    expect(unnamed.json().delivered.body.text).toMatch(/^05\/03@10:04 1\.00 โอนจาก[\p{L}\p{M}]+ [\p{L}\p{M}]+เข้าx354011 ใช้ได้1,000,102\.00บ$/u);
  });

  it('sends a BBL statement line with the full sender account', async () => {
    const response = await transfer({ fromBankCode: '014', fromAccountNumber: '1234567890', senderName: 'Somchai J', destination: 'bank', toBankCode: '002', toAccountNumber: '1170012345', amount: '750.25' });
    const { delivered, transferId } = response.json();
    expect(delivered).toMatchObject({ kind: 'statement', sourceId: 'src_statement_bbl', status: 'delivered' });
    expect(delivered.body).toEqual({
      providerRef: `stm-${transferId}`,
      accountNumber: '1170012345',
      direction: 'credit',
      amount: '750.25',
      occurredAt: NOW.toISOString(),
      senderBankCode: '014',
      senderAccountNumber: '1234567890',
      senderName: 'Somchai J',
    });
  });

  it('sends a TrueMoney webhook from the sender wallet', async () => {
    const response = await transfer({ destination: 'truemoney', toWalletPhone: '095-123-4567', senderPhone: '0800000001', senderName: 'สมชาย ใจดี', amount: '100.00' });
    const { delivered, transferId, balanceAfter } = response.json();
    expect(delivered).toMatchObject({ kind: 'truemoney', sourceId: 'src_truemoney', status: 'delivered' });
    expect(delivered.body).toEqual({ transactionId: `tmn-${transferId}`, amount: '100.00', occurredAt: NOW.toISOString(), senderPhone: '0800000001', senderName: 'สมชาย ใจดี' });
    expect(balanceAfter).toBe('49900.00');
  });

  it('pays a PromptPay QR its exact amount and reports a statement line on the KBank account', async () => {
    const payload = buildTaxIdPayload('0105566012345', '300.17');
    const response = await transfer({ ...DEMO_MEMBER, destination: 'promptpay', promptPayPayload: payload, amount: '1.00' });
    const { delivered, transferId, balanceAfter, houseBalanceAfter } = response.json();
    expect(delivered).toMatchObject({ kind: 'statement', sourceId: 'src_statement_promptpay', status: 'delivered' });
    expect(delivered.body).toEqual({
      providerRef: `stm-${transferId}`,
      accountNumber: '0011535946',
      direction: 'credit',
      amount: '300.17',
      occurredAt: NOW.toISOString(),
      senderBankCode: '004',
      senderAccountNumber: '0401234567',
      senderName: 'สมชาย ใจดี',
      promptPayId: '0105566012345',
    });
    expect([balanceAfter, houseBalanceAfter]).toEqual(['49699.83', '1000300.17']);
  });

  it('refuses a transfer the account cannot cover, moving nothing and notifying nobody', async () => {
    const response = await transfer({ ...DEMO_MEMBER, destination: 'bank', toBankCode: '004', toAccountNumber: '0011535946', amount: '50000.01' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      ok: false,
      error: { code: 'INSUFFICIENT_FUNDS', message: 'ยอดเงินในบัญชีไม่พอ (คงเหลือ 50,000.00 บาท)', availableBalance: '50000.00' },
    });
    expect(await balanceOf('004', '0401234567')).toBe('50000.00');
    expect(receiver.received).toHaveLength(0);
  });

  it('refuses destinations that are not house accounts', async () => {
    const attempts = [
      { ...DEMO_MEMBER, destination: 'bank', toBankCode: '014', toAccountNumber: '0011535946', amount: '10' },
      { ...DEMO_MEMBER, destination: 'bank', toBankCode: '004', toAccountNumber: '1234567890', amount: '10' },
      { destination: 'truemoney', toWalletPhone: '0812345678', senderPhone: '0800000001', amount: '10' },
      { ...DEMO_MEMBER, destination: 'promptpay', promptPayPayload: buildTaxIdPayload('1111111111111', '10.00') },
    ];
    for (const body of attempts) {
      const response = await transfer(body);
      expect(response.statusCode).toBe(422);
      expect(response.json().error).toEqual({ code: 'UNKNOWN_DESTINATION', message: 'ไม่พบบัญชีปลายทาง' });
    }
    expect(receiver.received).toHaveLength(0);
  });

  it('refuses a PromptPay QR with a bad CRC', async () => {
    const payload = buildTaxIdPayload('0105566012345', '300.17').replace('300.17', '900.17');
    const response = await transfer({ ...DEMO_MEMBER, destination: 'promptpay', promptPayPayload: payload });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe('QR_BAD_CRC');
    expect(await balanceOf('004', '0401234567')).toBe('50000.00');
  });

  it('refuses bad input with a clear code', async () => {
    const house = { destination: 'bank', toBankCode: '004', toAccountNumber: '0011535946' };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...DEMO_MEMBER, ...house, amount: '10.001' }, 'INVALID_AMOUNT'],
      [{ ...DEMO_MEMBER, ...house, amount: '0' }, 'INVALID_AMOUNT'],
      [{ ...DEMO_MEMBER, ...house, fromBankCode: '999', amount: '10' }, 'INVALID_FROM_BANK'],
      [{ ...DEMO_MEMBER, ...house, fromAccountNumber: '12345', amount: '10' }, 'INVALID_FROM_ACCOUNT'],
      [{ ...DEMO_MEMBER, ...house, fromAccountNumber: '1234567899', amount: '10' }, 'FROM_ACCOUNT_NOT_FOUND'],
      [{ ...DEMO_MEMBER, ...house, senderName: 'Robert; DROP', amount: '10' }, 'INVALID_SENDER_NAME'],
      [{ destination: 'truemoney', toWalletPhone: '0951234567', senderPhone: '12', amount: '10' }, 'INVALID_SENDER_PHONE'],
      [{ fromBankCode: '004', fromAccountNumber: '0011535946', ...house, amount: '10' }, 'SAME_ACCOUNT'],
      [{ ...DEMO_MEMBER, destination: 'cash', amount: '10' }, 'INVALID_REQUEST'],
    ];
    for (const [body, code] of cases) expect((await transfer(body)).json().error?.code, JSON.stringify(body)).toBe(code);
  });

  it('moves the money even when Sabai cannot be told yet, and tells it on redelivery', async () => {
    const offline = await buildSandboxApp({ apiKey: 'key', feedSecret: SECRET, now: () => NOW });
    try {
      const response = await offline.inject({ method: 'POST', url: '/bank/v1/transfers', payload: { ...DEMO_MEMBER, destination: 'bank', toBankCode: '004', toAccountNumber: '0011535946', amount: '5' } });
      const { transferId, delivered } = response.json();
      expect(delivered.status).toBe('not_configured');
      offline.setApiBaseUrl(receiver.url);
      const again = await offline.inject({ method: 'POST', url: `/bank/v1/transfers/${transferId}/redeliver` });
      expect(again.json().delivered).toMatchObject({ status: 'delivered', sabaiStatus: 'credited', body: delivered.body });
      const thirdTime = await offline.inject({ method: 'POST', url: `/bank/v1/transfers/${transferId}/redeliver` });
      expect(thirdTime.json().delivered.sabaiStatus).toBe('duplicate');
      expect(receiver.received[0]?.rawBody).toBe(receiver.received[1]?.rawBody);
    } finally {
      await offline.close();
    }
  });
});

describe('sandbox bank page', () => {
  let receiver: FakeFeedReceiver;
  let app: SandboxApp;
  beforeEach(async () => {
    receiver = await startFakeFeedReceiver(SECRET);
    app = await buildSandboxApp({ apiKey: 'key', feedSecret: SECRET, apiBaseUrl: receiver.url, now: () => NOW });
  });
  afterEach(async () => {
    await app.close();
    await receiver.close();
  });

  const postForm = (fields: Record<string, string>) =>
    app.inject({ method: 'POST', url: '/bank/ui/transfers', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });

  it('serves the Thai form without a sandbox key, with all 17 banks and stable test ids', async () => {
    const response = await app.inject({ method: 'GET', url: '/bank' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    for (const testId of ['fromBankCode', 'fromAccountNumber', 'senderName', 'destination-bank', 'destination-truemoney', 'destination-promptpay', 'toBankCode', 'toAccountNumber', 'toWalletPhone', 'senderPhone', 'promptPayPayload', 'amount', 'transfer-submit']) {
      expect(response.body).toContain(`data-testid="${testId}"`);
    }
    expect(response.body.match(/<select id="fromBankCode"[\s\S]*?<\/select>/)?.[0].match(/<option /g)).toHaveLength(17);
    expect(response.body).not.toMatch(/<(script|link)\b/);
  });

  it('posts the form, redirects to the result and shows the SMS sent and Sabai answer', async () => {
    const posted = await postForm({ ...DEMO_MEMBER, senderName: '', destination: 'bank', toBankCode: '004', toAccountNumber: '0011535946', toWalletPhone: '', senderPhone: '', promptPayPayload: '', amount: '500' });
    expect(posted.statusCode).toBe(303);
    const result = await app.inject({ method: 'GET', url: String(posted.headers.location) });
    expect(result.statusCode).toBe(200);
    expect(result.body).toContain('05/03/69 10:04 บชX153594X รับโอนจากX123456X 500.00บ คงเหลือ1000500.00บ');
    expect(result.body).toContain('ส่งแล้ว Sabai ตอบ: credited');
    expect(result.body).toMatch(/data-testid="balance-after">49,500\.00 บาท/);
    expect((await app.inject({ method: 'GET', url: '/bank' })).body).toContain('data-testid="recent-transfers"');
  });

  it('shows a refusal on the form, keeping what was typed and escaping it', async () => {
    const response = await postForm({ ...DEMO_MEMBER, destination: 'bank', toBankCode: '004', toAccountNumber: '"><b>9999999999', amount: '10' });
    expect(response.statusCode).toBe(422);
    expect(response.body).toContain('data-testid="transfer-error">ไม่พบบัญชีปลายทาง');
    expect(response.body).toContain('value="&#34;&#62;&#60;b&#62;9999999999"');
    expect(response.body).not.toContain('"><b>');
  });
});

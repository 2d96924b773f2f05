import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildSandboxApp, type SandboxApp } from '../app.ts';
import { formatPhoneLocalTime } from './build-sms-gateway-webhook.ts';
import { startFakeFeedReceiver, type FakeFeedReceiver } from './test/fake-feed-receiver.ts';

const SECRET = 'test-feed-secret';
const NOW = new Date('2026-03-05T03:04:05.678Z'); // 10:04:05 in Bangkok, 2569 BE
const DEMO_MEMBER = { fromBankCode: '004', fromAccountNumber: '0401234567' };

describe('sandbox bank: SMS delivery through SMS Gateway for Android, switched per feed source', () => {
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

  const switchTo = (sourceId: string, format: string, key = 'key') =>
    app.inject({ method: 'POST', url: '/sandbox/v1/sms-delivery', headers: { 'x-sandbox-key': key }, payload: { sourceId, format } });
  const transferToKbank = (amount: string) =>
    app.inject({ method: 'POST', url: '/bank/v1/transfers', payload: { ...DEMO_MEMBER, destination: 'bank', toBankCode: '004', toAccountNumber: '0011535946', amount } });

  it('sends the app’s signed sms:received webhook to the gateway source once switched, after a first ping', async () => {
    const switched = await switchTo('src_sms_kbank', 'sms-gateway');
    expect(switched.json()).toMatchObject({ sourceId: 'src_sms_kbank', channelId: 'chn_kbank_main', format: 'sms-gateway', gatewaySourceId: 'src_gw_kbank', ping: { status: 'delivered', sabaiStatus: 'heartbeat' } });
    const [pingRequest] = receiver.received;
    expect(pingRequest).toMatchObject({ path: '/bank-feed/v1/sms-gateway/src_gw_kbank', isSignatureValid: true, body: { event: 'system:ping', payload: { health: { status: 'pass' } } } });

    const response = await transferToKbank('500.00');
    expect(response.json().delivered).toMatchObject({ kind: 'sms', format: 'sms-gateway', sourceId: 'src_gw_kbank', status: 'delivered', sabaiStatus: 'credited' });
    const sms = receiver.received[1]!;
    expect(sms).toMatchObject({ path: '/bank-feed/v1/sms-gateway/src_gw_kbank', sourceId: 'src_gw_kbank', isSignatureValid: true });
    expect(sms.timestamp).toMatch(/^\d{10}$/);
    expect(Math.abs(Number(sms.timestamp) * 1_000 - Date.now())).toBeLessThan(5_000);
    // The app's exact shape and field order.
    expect(Object.keys(sms.body)).toEqual(['deviceId', 'event', 'id', 'payload', 'webhookId']);
    expect(sms.body).toMatchObject({
      event: 'sms:received',
      payload: {
        message: '05/03/69 10:04 บชX153594X รับโอนจากX123456X 500.00บ คงเหลือ1000500.00บ',
        phoneNumber: 'KBank',
        simNumber: 1,
        receivedAt: '2026-03-05T10:04:05.000+07:00',
      },
    });
    expect(String(sms.body.id)).toMatch(/^[A-Za-z0-9_-]{21}$/);
    expect(String((sms.body.payload as { messageId: string }).messageId)).toMatch(/^[0-9a-f]{8}$/);
  });

  it('re-signs each retry with the same body and event id (the app’s attempt series)', async () => {
    await switchTo('src_sms_kbank', 'sms-gateway');
    receiver.failuresBeforeSuccess = 2;
    const response = await transferToKbank('10.00');
    expect(response.json().delivered.attempts.map((attempt: { httpStatus: number }) => attempt.httpStatus)).toEqual([503, 503, 200]);
    const attempts = receiver.received.slice(1);
    expect(new Set(attempts.map((attempt) => attempt.rawBody)).size).toBe(1);
    expect(attempts.every((attempt) => attempt.isSignatureValid)).toBe(true);
  });

  it('goes back to Sabai’s own format when switched back, and leaves other accounts alone', async () => {
    await switchTo('src_sms_kbank', 'sms-gateway');
    const scb = await app.inject({ method: 'POST', url: '/bank/v1/transfers', payload: { ...DEMO_MEMBER, destination: 'bank', toBankCode: '014', toAccountNumber: '4021354011', amount: '1.00' } });
    expect(scb.json().delivered).toMatchObject({ format: 'sabai', sourceId: 'src_sms_scb' });
    await switchTo('src_sms_kbank', 'sabai');
    const kbank = await transferToKbank('2.00');
    expect(kbank.json().delivered).toMatchObject({ format: 'sabai', sourceId: 'src_sms_kbank', body: { sender: 'KBank' } });
    const listed = await app.inject({ method: 'GET', url: '/sandbox/v1/sms-delivery', headers: { 'x-sandbox-key': 'key' } });
    expect(listed.json().sources).toEqual([
      { sourceId: 'src_sms_kbank', channelId: 'chn_kbank_main', format: 'sabai', gatewaySourceId: 'src_gw_kbank' },
      { sourceId: 'src_sms_scb', channelId: 'chn_scb_main', format: 'sabai', gatewaySourceId: 'src_gw_scb' },
    ]);
  });

  it('refuses sources that are not SMS house accounts, bad formats and callers without the key', async () => {
    expect((await switchTo('src_statement_bbl', 'sms-gateway')).statusCode).toBe(404);
    expect((await switchTo('src_sms_kbank', 'carrier-pigeon')).statusCode).toBe(400);
    expect((await switchTo('src_sms_kbank', 'sms-gateway', 'wrong')).statusCode).toBe(401);
  });

  it('writes receivedAt as a Bangkok phone would, to the second', () => {
    expect(formatPhoneLocalTime(new Date('2024-06-22T08:46:11.987Z'))).toBe('2024-06-22T15:46:11.000+07:00');
    expect(formatPhoneLocalTime(new Date('2024-06-22T17:30:00.000Z'))).toBe('2024-06-23T00:30:00.000+07:00');
  });
});

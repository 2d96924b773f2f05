import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FeedClient, isValidFeedSignature, signFeedBody } from './feed-client.ts';
import { startFakeFeedReceiver, type FakeFeedReceiver } from './test/fake-feed-receiver.ts';

const SECRET = 'test-feed-secret';
const notification = { kind: 'sms' as const, sourceId: 'src_sms_kbank', body: { text: 'สวัสดี 500.00บ', sender: 'KBank', receivedAt: '2026-01-01T00:00:00.000Z' } };

describe('feed client', () => {
  let receiver: FakeFeedReceiver;
  beforeEach(async () => {
    receiver = await startFakeFeedReceiver(SECRET);
  });
  afterEach(async () => {
    await receiver.close();
  });

  it('signs timestamp.rawBody with HMAC-SHA256: verifies with the secret, fails with another or another body', () => {
    const signature = signFeedBody(SECRET, '1767225600000', '{"a":1}');
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(isValidFeedSignature(SECRET, '1767225600000', '{"a":1}', signature)).toBe(true);
    expect(isValidFeedSignature('another-secret', '1767225600000', '{"a":1}', signature)).toBe(false);
    expect(isValidFeedSignature(SECRET, '1767225600001', '{"a":1}', signature)).toBe(false);
    expect(isValidFeedSignature(SECRET, '1767225600000', '{"a": 1}', signature)).toBe(false);
  });

  it('sends the exact signed bytes with source, timestamp and signature headers', async () => {
    const client = new FeedClient({ feedSecret: SECRET, apiBaseUrl: `${receiver.url}/` });
    const delivery = await client.deliver(notification);
    expect(delivery).toMatchObject({ status: 'delivered', httpStatus: 200, sabaiStatus: 'credited', url: `${receiver.url}/bank-feed/v1/sms` });
    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    expect(request).toMatchObject({ path: '/bank-feed/v1/sms', sourceId: 'src_sms_kbank', isSignatureValid: true, rawBody: delivery.rawBody });
    expect(Math.abs(Number(request?.timestamp) - Date.now())).toBeLessThan(5_000);
  });

  it('is refused by a receiver holding another secret, and does not retry a 4xx', async () => {
    const client = new FeedClient({ feedSecret: 'wrong-secret', apiBaseUrl: receiver.url, retryDelayMs: 1 });
    const delivery = await client.deliver(notification);
    expect(delivery).toMatchObject({ status: 'rejected', httpStatus: 401 });
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]?.isSignatureValid).toBe(false);
  });

  it('retries 5xx with identical body bytes and a fresh valid signature each time', async () => {
    receiver.failuresBeforeSuccess = 2;
    const client = new FeedClient({ feedSecret: SECRET, apiBaseUrl: receiver.url, retryDelayMs: 5 });
    const delivery = await client.deliver(notification);
    expect(delivery.status).toBe('delivered');
    expect(delivery.attempts.map((attempt) => attempt.httpStatus)).toEqual([503, 503, 200]);
    expect(new Set(receiver.received.map((request) => request.rawBody))).toEqual(new Set([delivery.rawBody]));
    expect(receiver.received.every((request) => request.isSignatureValid)).toBe(true);
  });

  it('gives up after three retries when the feed keeps failing', async () => {
    receiver.failuresBeforeSuccess = 10;
    const client = new FeedClient({ feedSecret: SECRET, apiBaseUrl: receiver.url, retryDelayMs: 1 });
    const delivery = await client.deliver(notification);
    expect(delivery).toMatchObject({ status: 'failed', httpStatus: 503 });
    expect(receiver.received).toHaveLength(4);
  });

  it('retries network errors too', async () => {
    const url = receiver.url;
    await receiver.close();
    const client = new FeedClient({ feedSecret: SECRET, apiBaseUrl: url, retryDelayMs: 1, timeoutMs: 1_000 });
    const delivery = await client.deliver(notification);
    expect(delivery.status).toBe('failed');
    expect(delivery.attempts).toHaveLength(4);
    expect(delivery.attempts.every((attempt) => attempt.httpStatus === null && attempt.error !== null)).toBe(true);
    receiver = await startFakeFeedReceiver(SECRET); // for afterEach
  });

  it('sends nothing until it knows the API base URL', async () => {
    const client = new FeedClient({ feedSecret: SECRET });
    expect(await client.deliver(notification)).toMatchObject({ status: 'not_configured', url: null, attempts: [] });
    expect(() => client.setApiBaseUrl('ftp://example.test')).toThrow(TypeError);
    client.setApiBaseUrl(receiver.url);
    expect((await client.deliver(notification)).status).toBe('delivered');
  });
});

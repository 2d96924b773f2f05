import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_FEED_SECRET, type TestApp } from '../../test/test-app.ts';
import { expectLedgerSound, mainBalance, postFeed, staffCall } from '../../test/money-helpers.ts';
import { signSmsGatewayBody } from './receive-sms-gateway-delivery.ts';

/**
 * SMS Gateway for Android connector (docs/adr/0013): the app's webhook on
 * /bank-feed/v1/sms-gateway/{sourceId}, its signature, dedupe across retries and new event ids,
 * heartbeats, and the sandbox bank delivering in the app's format.
 */

/** A copy of /work/shared/fixtures/sms-gateway-webhooks.json (exact raw bodies and signatures). */
const fixture = JSON.parse(readFileSync(new URL('./fixtures/sms-gateway-webhooks.json', import.meta.url), 'utf8')) as {
  signingKey: string;
  deliveries: Array<{ name: string; headers: Record<string, string>; rawBody: string; expected: { valid: boolean; kind?: string; amount?: string } }>;
};
const fixtureDelivery = (name: string) => {
  const found = fixture.deliveries.find((delivery) => delivery.name === name);
  if (!found) throw new Error(`no fixture delivery ${name}`);
  return found;
};
const FIXTURE_SMS = fixtureDelivery('sms:received KBank credit 500.00');
const FIXTURE_PING = fixtureDelivery('system:ping heartbeat');
/** The fixture's X-Timestamp, as a clock (2019-02-09T12:54:07Z). */
const FIXTURE_TIME = new Date(Number(FIXTURE_SMS.headers['X-Timestamp']) * 1_000);

const GATEWAY_SOURCE = 'src_gw_kbank'; // demo seed: KBank house account 0011535946, test feed secret
const FIXTURE_SOURCE = 'src_gw_fixture'; // this file: KBank house account, the fixture's signing key

let t: TestApp;
/** The API's clock: real time unless a test pins it. */
let pinnedNow: Date | null = null;
const now = () => pinnedNow ?? new Date();

beforeAll(async () => {
  t = await createTestApp({ now });
  await t.db.query(
    `INSERT INTO bank_feed_sources (id, kind, protocol, channel_id, secret) VALUES ($1, 'sms', 'sms_gateway', 'chn_kbank_main', $2)`,
    [FIXTURE_SOURCE, fixture.signingKey],
  );
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

const pad = (value: number) => String(value).padStart(2, '0');
const bangkokClock = (at: Date) => new Date(at.getTime() + 7 * 3_600_000);

/** A KBank "รับโอนจาก" SMS on the house account 0011535946 from `account`, at Bangkok time `at`. */
function kbankText(account: string, amount: string, options: { at?: Date; balance?: string } = {}) {
  const bangkok = bangkokClock(options.at ?? now());
  const date = `${pad(bangkok.getUTCDate())}/${pad(bangkok.getUTCMonth() + 1)}/${pad((bangkok.getUTCFullYear() + 543) % 100)}`;
  return `${date} ${pad(bangkok.getUTCHours())}:${pad(bangkok.getUTCMinutes())} บชX115359X รับโอนจากX${account.slice(3, 9)}X ${amount}บ คงเหลือ${options.balance ?? '9350.00'}บ`;
}

/** The app's receivedAt: the instant, to the second, in the phone's local time. */
const phoneTime = (at: Date) => `${bangkokClock(new Date(Math.floor(at.getTime() / 1_000) * 1_000)).toISOString().slice(0, 19)}.000+07:00`;

let eventCounter = 0;
/** An `sms:received` body in the app's shape and field order. */
function smsReceived(text: string, options: { id?: string; messageId?: string; receivedAt?: Date; sender?: string } = {}) {
  eventCounter += 1;
  return JSON.stringify({
    deviceId: 'ffffffffceb0b1db0000019a3c2e71d4',
    event: 'sms:received',
    id: options.id ?? `Evt${String(eventCounter).padStart(6, '0')}${Math.random().toString(36).slice(2, 10)}`,
    payload: { messageId: options.messageId ?? 'a1b2c3d4', message: text, phoneNumber: options.sender ?? 'KBank', simNumber: 1, receivedAt: phoneTime(options.receivedAt ?? now()) },
    webhookId: 'wh_test_sms',
  });
}

/** Posts a raw body as the app does: X-Timestamp (Unix seconds) and X-Signature over body + timestamp. */
async function postGateway(
  rawBody: string,
  options: { sourceId?: string; key?: string; timestamp?: string; signature?: string | null; omitTimestamp?: boolean } = {},
) {
  const timestamp = options.timestamp ?? String(Math.floor(now().getTime() / 1_000));
  const signature = options.signature === undefined ? signSmsGatewayBody(options.key ?? TEST_FEED_SECRET, rawBody, timestamp) : options.signature;
  const response = await t.app.inject({
    method: 'POST',
    url: `/bank-feed/v1/sms-gateway/${options.sourceId ?? GATEWAY_SOURCE}`,
    headers: {
      'content-type': 'application/json',
      ...(options.omitTimestamp ? {} : { 'x-timestamp': timestamp }),
      ...(signature === null ? {} : { 'x-signature': signature }),
    },
    payload: rawBody,
  });
  return { status: response.statusCode, body: response.json() as { success: boolean; code?: string; data: { event: string; eventId?: string; status: string; reason?: string | null } } };
}

async function countEvents(): Promise<bigint> {
  const { rows } = await t.db.query<{ count: bigint }>('SELECT count(*) AS count FROM bank_feed_events');
  return rows[0]!.count;
}

async function withClock<T>(at: Date, run: () => Promise<T>): Promise<T> {
  pinnedNow = at;
  try {
    return await run();
  } finally {
    pinnedNow = null;
  }
}

describe('SMS Gateway fixtures (exact bodies and signatures, clock at their X-Timestamp)', () => {
  it('credits the fixture SMS signed with the source key, and records the fixture ping as a heartbeat', async () => {
    // The fixture's sender X189776X: an account with 189776 strictly inside.
    const member = await t.signUp({ bankCode: '004', accountNumber: '0001897760' });
    const token = await t.logIn(member.phoneNumber, member.password);
    const credited = await withClock(new Date(FIXTURE_TIME.getTime() + 20_000), () =>
      postGateway(FIXTURE_SMS.rawBody, { sourceId: FIXTURE_SOURCE, timestamp: FIXTURE_SMS.headers['X-Timestamp'], signature: FIXTURE_SMS.headers['X-Signature'] }),
    );
    expect(credited.status).toBe(200);
    expect(credited.body.data).toMatchObject({ event: 'sms:received', status: 'credited' });
    expect(await mainBalance(t, token)).toBe(500);
    const stored = await t.db.query<{ raw_body: string; body_format: string; gateway_event_id: string }>(
      'SELECT raw_body, body_format, gateway_event_id FROM bank_feed_events WHERE id = $1',
      [credited.body.data.eventId],
    );
    expect(stored.rows[0]).toEqual({ raw_body: FIXTURE_SMS.rawBody, body_format: 'sms_gateway', gateway_event_id: 'Qk7v2TfJw9LmX3aZ8pR1c' });

    const before = await countEvents();
    const ping = await withClock(new Date(FIXTURE_TIME.getTime() + 60_000), () =>
      postGateway(FIXTURE_PING.rawBody, { sourceId: FIXTURE_SOURCE, timestamp: FIXTURE_PING.headers['X-Timestamp'], signature: FIXTURE_PING.headers['X-Signature'] }),
    );
    expect(ping).toMatchObject({ status: 200, body: { data: { event: 'system:ping', status: 'heartbeat' } } });
    expect(await countEvents()).toBe(before);
    const source = await t.db.query<{ last_heartbeat_at: Date; last_heartbeat_status: string; last_device_id: string }>(
      'SELECT last_heartbeat_at, last_heartbeat_status, last_device_id FROM bank_feed_sources WHERE id = $1',
      [FIXTURE_SOURCE],
    );
    expect(source.rows[0]).toEqual({ last_heartbeat_at: new Date(FIXTURE_TIME.getTime() + 60_000), last_heartbeat_status: 'pass', last_device_id: 'ffffffffceb0b1db0000019a3c2e71d4' });
  });

  it.each(fixture.deliveries.filter((delivery) => !delivery.expected.valid).map((delivery) => [delivery.name, delivery] as const))(
    'refuses the fixture "%s" with 401 and stores nothing',
    async (_name, delivery) => {
      const before = await countEvents();
      const response = await withClock(new Date(FIXTURE_TIME.getTime() + 5_000), () =>
        postGateway(delivery.rawBody, { sourceId: FIXTURE_SOURCE, timestamp: delivery.headers['X-Timestamp'], signature: delivery.headers['X-Signature'] }),
      );
      expect(response.status).toBe(401);
      expect(response.body.code).toBe('FEED_AUTH_FAILED');
      expect(await countEvents()).toBe(before);
    },
  );

  it('refuses the valid fixture at today’s clock: its timestamp is years old', async () => {
    const response = await postGateway(FIXTURE_SMS.rawBody, { sourceId: FIXTURE_SOURCE, timestamp: FIXTURE_SMS.headers['X-Timestamp'], signature: FIXTURE_SMS.headers['X-Signature'] });
    expect(response.status).toBe(401);
  });
});

describe('POST /bank-feed/v1/sms-gateway/{sourceId}', () => {
  it('credits a delivery once however often the app retries it, each retry re-signed later', async () => {
    const member = await t.signUp({ bankCode: '004' });
    const token = await t.logIn(member.phoneNumber, member.password);
    const rawBody = smsReceived(kbankText(member.accountNumber, '120.00', { balance: '1120.00' }));
    const first = await postGateway(rawBody);
    expect(first.body.data.status).toBe('credited');
    for (const delayMs of [10_000, 20_000, 40_000]) {
      const retry = await withClock(new Date(Date.now() + delayMs), () => postGateway(rawBody));
      expect(retry.body.data).toMatchObject({ status: 'duplicate', eventStatus: 'credited', eventId: first.body.data.eventId });
    }
    expect(await mainBalance(t, token)).toBe(120);
  });

  it('credits the same SMS once when it comes again under a new event id (another registration, an inbox export)', async () => {
    const member = await t.signUp({ bankCode: '004' });
    const token = await t.logIn(member.phoneNumber, member.password);
    const text = kbankText(member.accountNumber, '75.25', { balance: '2075.25' });
    const receivedAt = new Date();
    const first = await postGateway(smsReceived(text, { receivedAt }));
    const again = await postGateway(smsReceived(text, { receivedAt }));
    // The bank sent it twice, or a second phone forwards the same account: same text, later receivedAt.
    const resent = await postGateway(smsReceived(text, { receivedAt: new Date(receivedAt.getTime() + 7_000) }));
    expect(first.body.data.status).toBe('credited');
    expect(again.body.data).toMatchObject({ status: 'duplicate', eventId: first.body.data.eventId });
    expect(resent.body.data).toMatchObject({ status: 'duplicate', eventId: first.body.data.eventId });
    expect(await mainBalance(t, token)).toBe(75.25);
  });

  it('credits the same SMS once when 20 retries arrive at the same time', async () => {
    const member = await t.signUp({ bankCode: '004' });
    const token = await t.logIn(member.phoneNumber, member.password);
    const rawBody = smsReceived(kbankText(member.accountNumber, '33.00', { balance: '3033.00' }));
    const results = await Promise.all(Array.from({ length: 20 }, () => postGateway(rawBody)));
    expect(results.every((result) => result.status === 200)).toBe(true);
    expect(results.filter((result) => result.body.data.status === 'credited')).toHaveLength(1);
    expect(await mainBalance(t, token)).toBe(33);
  });

  it('credits two different SMS that carry the same messageId', async () => {
    const first = await t.signUp({ bankCode: '004' });
    const second = await t.signUp({ bankCode: '004' });
    const a = await postGateway(smsReceived(kbankText(first.accountNumber, '40.00', { balance: '4040.00' }), { messageId: 'deadbeef' }));
    const b = await postGateway(smsReceived(kbankText(second.accountNumber, '41.00', { balance: '4081.00' }), { messageId: 'deadbeef' }));
    expect([a.body.data.status, b.body.data.status]).toEqual(['credited', 'credited']);
    expect(await mainBalance(t, await t.logIn(first.phoneNumber, first.password))).toBe(40);
    expect(await mainBalance(t, await t.logIn(second.phoneNumber, second.password))).toBe(41);
  });

  it('credits two transfers of the same amount from the same account in the same minute (their running balances differ)', async () => {
    const member = await t.signUp({ bankCode: '004' });
    const token = await t.logIn(member.phoneNumber, member.password);
    const at = new Date();
    const first = await postGateway(smsReceived(kbankText(member.accountNumber, '100.00', { at, balance: '5100.00' }), { receivedAt: at }));
    const second = await postGateway(smsReceived(kbankText(member.accountNumber, '100.00', { at, balance: '5200.00' }), { receivedAt: at }));
    expect([first.body.data.status, second.body.data.status]).toEqual(['credited', 'credited']);
    expect(await mainBalance(t, token)).toBe(200);
  });

  // Timestamps are offsets from the moment of the call (`timestampOffsetS`), not from when the file
  // loaded: on a slow run a fixed 6-minutes-ahead drifts back inside the allowed window.
  type Tampering = { sourceId?: string; key?: string; timestamp?: string; timestampOffsetS?: number; signature?: string | null; omitTimestamp?: boolean };
  it.each<[string, Tampering]>([
    ['a missing signature', { signature: null }],
    ['a signature of another key', { key: 'another-signing-key-0123' }],
    ['a signature in upper case', { signature: 'UPPER' }],
    ['a missing timestamp', { omitTimestamp: true }],
    ['a timestamp 6 minutes old', { timestampOffsetS: -360 }],
    ['a timestamp 6 minutes ahead', { timestampOffsetS: 360 }],
    ['a timestamp in milliseconds', { timestamp: String(Date.now()) }],
    ['an unknown source', { sourceId: 'src_nobody' }],
    ['a malformed source id', { sourceId: 'not-a-source' }],
    ['a source of our own JSON protocol', { sourceId: 'src_sms_kbank' }],
  ])('refuses %s with 401 and stores nothing', async (_label, override) => {
    const member = await t.signUp({ bankCode: '004' });
    const rawBody = smsReceived(kbankText(member.accountNumber, '50.00'));
    const signature =
      override.signature === 'UPPER' ? signSmsGatewayBody(TEST_FEED_SECRET, rawBody, String(Math.floor(Date.now() / 1_000))).toUpperCase() : override.signature;
    const before = await countEvents();
    const { timestampOffsetS, ...rest } = override;
    const timestamp = timestampOffsetS === undefined ? rest.timestamp : String(Math.floor(Date.now() / 1_000) + timestampOffsetS);
    const response = await postGateway(rawBody, { ...rest, ...(timestamp === undefined ? {} : { timestamp }), signature });
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('FEED_AUTH_FAILED');
    expect(await countEvents()).toBe(before);
  });

  it('refuses a body changed after signing', async () => {
    const member = await t.signUp({ bankCode: '004' });
    const rawBody = smsReceived(kbankText(member.accountNumber, '50.00'));
    const timestamp = String(Math.floor(Date.now() / 1_000));
    const signature = signSmsGatewayBody(TEST_FEED_SECRET, rawBody, timestamp);
    const response = await postGateway(rawBody.replace('50.00บ', '5000.00บ'), { timestamp, signature });
    expect(response.status).toBe(401);
  });

  it('is not our JSON endpoint: a gateway source cannot post to /bank-feed/v1/sms', async () => {
    const response = await postFeed(t, 'sms', { text: 'x', receivedAt: new Date().toISOString() }, { sourceId: GATEWAY_SOURCE });
    expect(response.status).toBe(401);
  });

  it('acknowledges events it does not use (sms:sent) without storing them', async () => {
    const before = await countEvents();
    const rawBody = JSON.stringify({ deviceId: 'd', event: 'sms:sent', id: 'SentEvent000000000001', payload: { messageId: 'x', phoneNumber: '+66800000000', sentAt: phoneTime(new Date()) }, webhookId: 'w' });
    const response = await postGateway(rawBody);
    expect(response).toMatchObject({ status: 200, body: { data: { event: 'sms:sent', status: 'ignored' } } });
    expect(await countEvents()).toBe(before);
  });

  it('stores and rejects an SMS sent from a phone number (someone typing a bank-looking SMS), never crediting it', async () => {
    const member = await t.signUp({ bankCode: '004' });
    const token = await t.logIn(member.phoneNumber, member.password);
    const response = await postGateway(smsReceived(kbankText(member.accountNumber, '999.00', { balance: '9999.00' }), { sender: '+66812345678' }));
    expect(response.body.data).toMatchObject({ status: 'rejected', reason: 'SENDER_NOT_A_BANK' });
    expect(await mainBalance(t, token)).toBe(0);
  });

  it('stores an unreadable signed body as it came and rejects it', async () => {
    const response = await postGateway('{"event":"sms:received","id":"Broken0000000000000001","payload":{"message":""}}');
    expect(response.body.data).toMatchObject({ event: 'sms:received', status: 'rejected', reason: 'MALFORMED_BODY' });
    const notJson = await postGateway('not json at all');
    expect(notJson.body.data).toMatchObject({ status: 'rejected', reason: 'MALFORMED_JSON' });
  });

  it('records a system:ping as the phone’s heartbeat without storing an event', async () => {
    const before = await countEvents();
    const at = new Date(Math.floor(Date.now() / 1_000) * 1_000);
    const rawBody = JSON.stringify({ deviceId: 'ffffffffnewphone0000000000000001', event: 'system:ping', id: 'PingEvent00000000000001', payload: { health: { status: 'warn' } }, webhookId: 'wh_ping' });
    const response = await withClock(at, () => postGateway(rawBody));
    expect(response).toMatchObject({ status: 200, body: { data: { event: 'system:ping', status: 'heartbeat' } } });
    expect(await countEvents()).toBe(before);
    const health = await staffCall(t, 'GET', '/admin-api/v1/feed-sources/health');
    expect((health.body.data as Array<Record<string, unknown>>).find((source) => source.sourceId === GATEWAY_SOURCE)).toMatchObject({
      lastHeartbeatAt: at.toISOString(),
      lastHeartbeatStatus: 'warn',
      lastDeviceId: 'ffffffffnewphone0000000000000001',
      protocol: 'sms_gateway',
      isSilenceMonitored: true,
    });
  });
});

describe('sandbox bank in the SMS Gateway format', () => {
  const sandboxCall = (method: 'GET' | 'POST', path: string, body?: unknown) =>
    fetch(`${t.sandboxUrl}${path}`, {
      method,
      headers: { 'x-sandbox-key': 'test-sandbox-key', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }).then(async (response) => ({ status: response.status, body: (await response.json()) as Record<string, any> }));

  it('delivers a KBank transfer as the app’s signed webhook to the gateway source once the source is switched, and pings', async () => {
    const member = await t.signUp({ bankCode: '004' });
    const token = await t.logIn(member.phoneNumber, member.password);
    const switched = await sandboxCall('POST', '/sandbox/v1/sms-delivery', { sourceId: 'src_sms_kbank', format: 'sms-gateway' });
    try {
      expect(switched.body).toMatchObject({ sourceId: 'src_sms_kbank', format: 'sms-gateway', gatewaySourceId: GATEWAY_SOURCE, ping: { status: 'delivered', sabaiStatus: 'heartbeat' } });
      const transfer = await fetch(`${t.sandboxUrl}/bank/v1/transfers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ destination: 'bank', fromBankCode: '004', fromAccountNumber: member.accountNumber, toBankCode: '004', toAccountNumber: '0011535946', amount: '250.00' }),
      }).then((response) => response.json() as Promise<{ transferId: string; delivered: Record<string, any> }>);
      expect(transfer.delivered).toMatchObject({ kind: 'sms', format: 'sms-gateway', sourceId: GATEWAY_SOURCE, status: 'delivered', sabaiStatus: 'credited' });
      expect(transfer.delivered.url).toMatch(/\/bank-feed\/v1\/sms-gateway\/src_gw_kbank$/);
      expect(transfer.delivered.body).toMatchObject({ event: 'sms:received', payload: { phoneNumber: 'KBank', simNumber: 1 } });
      expect(transfer.delivered.body.payload.receivedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000\+07:00$/);
      expect(await mainBalance(t, token)).toBe(250);

      // The sandbox's "send again" is the app's retry: same event id, re-signed; credited once.
      const again = await fetch(`${t.sandboxUrl}/bank/v1/transfers/${transfer.transferId}/redeliver`, { method: 'POST' }).then((response) => response.json() as Promise<{ delivered: Record<string, any> }>);
      expect(again.delivered).toMatchObject({ format: 'sms-gateway', status: 'delivered', sabaiStatus: 'duplicate' });
      expect(await mainBalance(t, token)).toBe(250);
      const { rows } = await t.db.query<{ body_format: string }>(`SELECT body_format FROM bank_feed_events WHERE source_id = $1 AND raw_body LIKE $2`, [GATEWAY_SOURCE, `%${member.accountNumber.slice(3, 9)}%`]);
      expect(rows).toEqual([{ body_format: 'sms_gateway' }]);
    } finally {
      await sandboxCall('POST', '/sandbox/v1/sms-delivery', { sourceId: 'src_sms_kbank', format: 'sabai' });
    }
    const back = await sandboxCall('GET', '/sandbox/v1/sms-delivery');
    expect(back.body.sources).toContainEqual(expect.objectContaining({ sourceId: 'src_sms_kbank', format: 'sabai' }));
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_FEED_SECRET, type TestApp } from '../../../test/test-app.ts';
import { postFeed, staffCall } from '../../../test/money-helpers.ts';
import { signSmsGatewayBody } from '../receive-sms-gateway-delivery.ts';
import { authenticateFeedSource } from './authenticate-feed-source.ts';
import { startSilenceAlarms } from './start-silence-alarms.ts';

/**
 * Feed sources (docs/adr/0013): the health call and its silence alarm, the recovery round's alarm
 * start, secret rotation with an overlap window, monitoring settings, and the public default secret.
 */

let t: TestApp;
let pinnedNow: Date | null = null;
const now = () => pinnedNow ?? new Date();
const bangkok = (text: string) => new Date(`${text}+07:00`);
const MINUTE = 60_000;

const ALARM_SOURCE = 'src_gw_alarm'; // active 09:00–18:00 Bangkok, 30-minute threshold (the default)
const ROTATE_SOURCE = 'src_gw_rotate';
const ROTATE_SECRET = 'rotate-test-secret-0000000001';

beforeAll(async () => {
  t = await createTestApp({ now });
  await t.db.query(
    `INSERT INTO bank_feed_sources (id, kind, protocol, channel_id, secret, active_from_minute, active_to_minute, created_at)
     VALUES ($1, 'sms', 'sms_gateway', 'chn_kbank_main', $2, 540, 1080, '2026-03-01T00:00:00Z'),
            ($3, 'sms', 'sms_gateway', 'chn_scb_main', $4, 0, 1440, now())`,
    [ALARM_SOURCE, TEST_FEED_SECRET, ROTATE_SOURCE, ROTATE_SECRET],
  );
});
afterAll(async () => {
  await t.close();
});

async function at<T>(instant: Date, run: () => Promise<T>): Promise<T> {
  pinnedNow = instant;
  try {
    return await run();
  } finally {
    pinnedNow = null;
  }
}

/** A system:ping from the source's phone, signed with `key` at the API's current clock. */
async function ping(sourceId: string, key: string) {
  const rawBody = JSON.stringify({ deviceId: 'ffffffffceb0b1db0000019a3c2e71d4', event: 'system:ping', id: `Ping${Math.random().toString(36).slice(2, 14)}`, payload: { health: { status: 'pass' } }, webhookId: 'wh_ping' });
  const timestamp = String(Math.floor(now().getTime() / 1_000));
  const response = await t.app.inject({
    method: 'POST',
    url: `/bank-feed/v1/sms-gateway/${sourceId}`,
    headers: { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-signature': signSmsGatewayBody(key, rawBody, timestamp) },
    payload: rawBody,
  });
  return response.statusCode;
}

async function healthOf(sourceId: string): Promise<Record<string, unknown>> {
  const response = await staffCall(t, 'GET', '/admin-api/v1/feed-sources/health');
  expect(response.status).toBe(200);
  const source = (response.body.data as Array<Record<string, unknown>>).find((row) => row.sourceId === sourceId);
  if (!source) throw new Error(`${sourceId} not in the health list`);
  return source;
}

describe('GET /admin-api/v1/feed-sources/health', () => {
  it('shows the alarm when a phone is silent too long during its active hours, and not outside them', async () => {
    expect(await at(bangkok('2026-03-02T10:00:00'), () => ping(ALARM_SOURCE, TEST_FEED_SECRET))).toBe(200);

    const quiet = await at(bangkok('2026-03-02T10:20:00'), () => healthOf(ALARM_SOURCE));
    expect(quiet).toMatchObject({ isAlarm: false, isActiveNow: true, silentForMs: 20 * MINUTE, maxSilenceMs: 30 * MINUTE, lastHeartbeatAt: '2026-03-02T03:00:00.000Z', activeHours: { from: '09:00', to: '18:00', timeZone: 'Asia/Bangkok' } });
    const silent = await at(bangkok('2026-03-02T10:45:00'), () => healthOf(ALARM_SOURCE));
    expect(silent).toMatchObject({ isAlarm: true, isActiveNow: true, silentForMs: 45 * MINUTE, activeSilenceMs: 45 * MINUTE });
    const evening = await at(bangkok('2026-03-02T19:00:00'), () => healthOf(ALARM_SOURCE));
    expect(evening).toMatchObject({ isAlarm: false, isActiveNow: false, silentForMs: 9 * 60 * MINUTE });
  });

  it('counts only active-hours silence: the first minutes of the morning after a quiet night are not an alarm', async () => {
    expect(await at(bangkok('2026-03-04T17:50:00'), () => ping(ALARM_SOURCE, TEST_FEED_SECRET))).toBe(200);
    expect(await at(bangkok('2026-03-05T09:10:00'), () => healthOf(ALARM_SOURCE))).toMatchObject({ isAlarm: false, activeSilenceMs: 20 * MINUTE });
    expect(await at(bangkok('2026-03-05T09:25:00'), () => healthOf(ALARM_SOURCE))).toMatchObject({ isAlarm: true, activeSilenceMs: 35 * MINUTE });
  });

  it('lists provider webhooks unmonitored (never an alarm) and never shows a secret', async () => {
    const response = await staffCall(t, 'GET', '/admin-api/v1/feed-sources/health');
    const statement = (response.body.data as Array<Record<string, unknown>>).find((row) => row.sourceId === 'src_statement_bbl');
    expect(statement).toMatchObject({ protocol: 'sabai_v1', isSilenceMonitored: false, maxSilenceMs: null, isAlarm: false });
    expect(JSON.stringify(response.body)).not.toContain(TEST_FEED_SECRET);
  });

  it('answers 401 without the staff token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/admin-api/v1/feed-sources/health' });
    expect(response.statusCode).toBe(401);
  });
});

describe('the recovery round’s silence alarm', () => {
  it('marks an alarm once when it starts (for the warning), and clears it when the phone is heard again', async () => {
    await at(bangkok('2026-03-06T10:00:00'), () => ping(ALARM_SOURCE, TEST_FEED_SECRET));
    const firstLook = await at(bangkok('2026-03-06T10:40:00'), () => startSilenceAlarms(t.context));
    expect(firstLook.map((source) => source.sourceId)).toContain(ALARM_SOURCE);
    const secondLook = await at(bangkok('2026-03-06T10:41:00'), () => startSilenceAlarms(t.context));
    expect(secondLook.map((source) => source.sourceId)).not.toContain(ALARM_SOURCE);
    expect(await at(bangkok('2026-03-06T10:41:00'), () => healthOf(ALARM_SOURCE))).toMatchObject({ isAlarm: true, alarmStartedAt: '2026-03-06T03:40:00.000Z' });

    await at(bangkok('2026-03-06T10:42:00'), () => ping(ALARM_SOURCE, TEST_FEED_SECRET));
    await at(bangkok('2026-03-06T10:43:00'), () => startSilenceAlarms(t.context));
    expect(await at(bangkok('2026-03-06T10:43:00'), () => healthOf(ALARM_SOURCE))).toMatchObject({ isAlarm: false, alarmStartedAt: null });
  });
});

describe('POST /admin-api/v1/feed-sources/:sourceId/monitoring', () => {
  it('sets active hours and the threshold (audited), and refuses hours that are not HH:MM', async () => {
    const set = await staffCall(t, 'POST', `/admin-api/v1/feed-sources/${ROTATE_SOURCE}/monitoring`, { isSilenceMonitored: true, maxSilenceMinutes: 90, activeFrom: '22:00', activeTo: '06:00' });
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({ isSilenceMonitored: true, maxSilenceMs: 90 * MINUTE, activeHours: { from: '22:00', to: '06:00' } });
    const audit = await t.db.query('SELECT 1 FROM audit_log WHERE action = $1 AND subject_id = $2', ['feed_source.set_monitoring', ROTATE_SOURCE]);
    expect(audit.rowCount).toBe(1);
    const bad = await staffCall(t, 'POST', `/admin-api/v1/feed-sources/${ROTATE_SOURCE}/monitoring`, { isSilenceMonitored: true, activeFrom: '25:00', activeTo: '06:00' });
    expect(bad.status).toBe(400);
    const unknown = await staffCall(t, 'POST', '/admin-api/v1/feed-sources/src_nobody/monitoring', { isSilenceMonitored: false });
    expect(unknown.status).toBe(404);
  });
});

describe('POST /admin-api/v1/feed-sources/:sourceId/rotate-secret', () => {
  it('authenticates staff before looking at the body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/admin-api/v1/feed-sources/${ROTATE_SOURCE}/rotate-secret`,
      headers: { 'content-type': 'application/json', authorization: 'Bearer wrong' },
      payload: '{"overlapMinutes": "not a number"',
    });
    expect(response.statusCode).toBe(401);
    const invalid = await staffCall(t, 'POST', `/admin-api/v1/feed-sources/${ROTATE_SOURCE}/rotate-secret`, { overlapMinutes: -1 });
    expect(invalid.status).toBe(400);
  });

  it('returns a new secret once; the old one works until overlapUntil, then is refused', async () => {
    const rotatedAt = new Date(Math.floor(Date.now() / 1_000) * 1_000);
    const rotated = await at(rotatedAt, () => staffCall(t, 'POST', `/admin-api/v1/feed-sources/${ROTATE_SOURCE}/rotate-secret`, { overlapMinutes: 60 }));
    expect(rotated.status).toBe(200);
    const { secret, overlapUntil } = rotated.body.data as { secret: string; overlapUntil: string };
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(overlapUntil).toBe(new Date(rotatedAt.getTime() + 60 * MINUTE).toISOString());

    expect(await at(new Date(rotatedAt.getTime() + 30 * MINUTE), () => ping(ROTATE_SOURCE, ROTATE_SECRET))).toBe(200);
    expect(await at(new Date(rotatedAt.getTime() + 30 * MINUTE), () => ping(ROTATE_SOURCE, secret))).toBe(200);
    expect(await at(new Date(rotatedAt.getTime() + 61 * MINUTE), () => ping(ROTATE_SOURCE, ROTATE_SECRET))).toBe(401);
    expect(await at(new Date(rotatedAt.getTime() + 61 * MINUTE), () => ping(ROTATE_SOURCE, secret))).toBe(200);

    const audit = await t.db.query<{ actor: string; details: unknown }>('SELECT actor, details FROM audit_log WHERE action = $1 AND subject_id = $2', ['feed_source.rotate_secret', ROTATE_SOURCE]);
    expect(audit.rows).toEqual([{ actor: 'staff:test-owner', details: { overlapUntil } }]);
    expect(JSON.stringify(await healthOf(ROTATE_SOURCE))).not.toContain(secret);
    expect(await healthOf(ROTATE_SOURCE)).toMatchObject({ previousSecretValidUntil: overlapUntil, secretRotatedAt: rotatedAt.toISOString() });
  });

  it('ends the old secret at once with overlap 0, on our own JSON feed too', async () => {
    const before = await postFeed(t, 'truemoney', { transactionId: 'tm-rotate-0', amount: '1.00', occurredAt: new Date().toISOString(), senderPhone: '0899999990' }, { sourceId: 'src_truemoney' });
    expect(before.status).toBe(200);
    const rotated = await staffCall(t, 'POST', '/admin-api/v1/feed-sources/src_truemoney/rotate-secret', { overlapMinutes: 0 });
    expect(rotated.body.data.overlapUntil).toBeNull();
    const old = await postFeed(t, 'truemoney', { transactionId: 'tm-rotate-1', amount: '1.00', occurredAt: new Date().toISOString(), senderPhone: '0899999990' }, { sourceId: 'src_truemoney' });
    expect(old.status).toBe(401);
    const fresh = await postFeed(t, 'truemoney', { transactionId: 'tm-rotate-1', amount: '1.00', occurredAt: new Date().toISOString(), senderPhone: '0899999990' }, { sourceId: 'src_truemoney', secret: rotated.body.data.secret });
    expect(fresh.status).toBe(200);
  });

  it('answers 404 for an unknown source', async () => {
    expect((await staffCall(t, 'POST', '/admin-api/v1/feed-sources/src_nobody/rotate-secret', {})).status).toBe(404);
  });
});

describe('the public default secret', () => {
  it('is refused by the database for any source that is not a demo source', async () => {
    await expect(
      t.db.query(`INSERT INTO bank_feed_sources (id, kind, channel_id, secret) VALUES ('src_real_phone', 'sms', 'chn_kbank_main', 'sandbox-feed-secret-change-me')`),
    ).rejects.toThrow(/bank_feed_sources_no_public_secret/);
  });

  it('never authenticates a demo source in production', async () => {
    const production = { ...t.context, config: { ...t.context.config, NODE_ENV: 'production' as const } };
    const input = { sourceId: 'src_gw_kbank', protocol: 'sms_gateway' as const, signature: signSmsGatewayBody(TEST_FEED_SECRET, '{}', '1'), sign: (secret: string) => signSmsGatewayBody(secret, '{}', '1') };
    await expect(authenticateFeedSource(t.context, input)).resolves.toMatchObject({ id: 'src_gw_kbank' });
    await expect(authenticateFeedSource(production, input)).rejects.toMatchObject({ code: 'FEED_AUTH_FAILED' });
  });
});

import { createHash, createHmac } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { authenticateFeedSource, type AuthenticatedFeedSource } from './feed-sources/index.ts';
import { recordFeedSourceContact } from './feed-sources/index.ts';
import { acceptFeedEvent } from './accept-feed-event.ts';
import { buildSmsContentKey } from './build-sms-content-key.ts';
import type { FeedEventOutcome } from './process-feed-event.ts';
import { smsGatewayEnvelope, smsReceivedPayload, systemPingPayload } from '@sabai/contracts';

/** X-Timestamp: Unix seconds (ten digits until the year 2286). */
const UNIX_SECONDS = /^\d{9,11}$/;

export type SmsGatewayDeliveryResult =
  /** `sms:received` (or an unreadable body, stored to be rejected): the feed event and its outcome. */
  | ({ event: 'sms:received'; eventId: string; duplicate: boolean } & FeedEventOutcome)
  /** `system:ping`: the heartbeat was recorded, nothing stored. */
  | { event: 'system:ping'; status: 'heartbeat' }
  /** Any other event the app may send (sms:sent, sms:delivered, …): acknowledged, not stored. */
  | { event: string; status: 'ignored' };

/**
 * Receives one SMS Gateway for Android webhook on `/bank-feed/v1/sms-gateway/{sourceId}`
 * (docs/adr/0013, docs/operations/sms-gateway.md):
 *
 * 1. authenticates it as the app signs: `X-Signature` = lowercase hex HMAC-SHA256, keyed with the
 *    source's signing key (or the previous one during a rotation's overlap), of the raw body bytes
 *    followed directly by the `X-Timestamp` value (Unix seconds), which must be within
 *    FEED_TIMESTAMP_WINDOW_MS (5 minutes) of now; constant-time compare. Nothing is stored or
 *    touched before this passes;
 * 2. `system:ping` records the phone's heartbeat; any other delivery records a sign of life;
 * 3. `sms:received` is stored and processed once (accept-feed-event.ts) under the SMS's content
 *    key (build-sms-content-key.ts) and the app's event id: the app's retries (same id, re-signed)
 *    and the same SMS under a new id credit once; `messageId` is never used. A body that is not a
 *    readable webhook is stored as it came and rejected for staff to see;
 * 4. other events are acknowledged (2xx, so the app does not retry them for two days) and dropped.
 *
 * @param input.rawBody the body bytes exactly as received (the signature covers them).
 * @throws AppError FEED_AUTH_FAILED (401) for any authentication failure (never says which);
 *   VALIDATION_FAILED (400) for a signed body PostgreSQL cannot store as text (a NUL character).
 */
export async function receiveSmsGatewayDelivery(
  context: AppContext,
  input: { sourceId: string; timestamp: string | undefined; signature: string | undefined; rawBody: Buffer },
): Promise<SmsGatewayDeliveryResult> {
  const source = await authenticate(context, input);
  const rawBody = input.rawBody.toString('utf8');
  if (rawBody.includes('\u0000')) throw new AppError('VALIDATION_FAILED');

  const envelope = smsGatewayEnvelope.safeParse(parseJson(rawBody));
  if (!envelope.success) {
    await recordFeedSourceContact(context, { sourceId: source.id, contact: 'event' });
    const accepted = await acceptFeedEvent(context, { sourceId: source.id, dedupeKey: `raw:${sha256(rawBody)}`, rawBody, bodyFormat: 'sms_gateway' });
    return { event: 'sms:received', ...accepted };
  }
  const { event, id: gatewayEventId, deviceId = null, payload } = envelope.data;
  if (event === 'system:ping') {
    const ping = systemPingPayload.safeParse(payload);
    const heartbeatStatus = ping.success ? (ping.data.health?.status ?? null) : null;
    await recordFeedSourceContact(context, { sourceId: source.id, contact: 'heartbeat', deviceId, heartbeatStatus });
    return { event, status: 'heartbeat' };
  }
  await recordFeedSourceContact(context, { sourceId: source.id, contact: 'event', deviceId });
  if (event !== 'sms:received') return { event, status: 'ignored' };

  const sms = smsReceivedPayload.safeParse(payload);
  const dedupeKey = sms.success
    ? buildSmsContentKey({ bankCode: source.bankCode, text: sms.data.message, receivedAt: new Date(sms.data.receivedAt) })
    : `raw:${sha256(rawBody)}`;
  const accepted = await acceptFeedEvent(context, { sourceId: source.id, dedupeKey, rawBody, bodyFormat: 'sms_gateway', gatewayEventId });
  return { event: 'sms:received', ...accepted };
}

/** The signature the app sends for these bytes and timestamp with this key (exported for tests and the sandbox's mirror). */
export function signSmsGatewayBody(signingKey: string, rawBody: Buffer | string, timestamp: string): string {
  return createHmac('sha256', signingKey).update(rawBody).update(timestamp, 'utf8').digest('hex');
}

async function authenticate(
  context: AppContext,
  input: { sourceId: string; timestamp: string | undefined; signature: string | undefined; rawBody: Buffer },
): Promise<AuthenticatedFeedSource> {
  const refuse = () => new AppError('FEED_AUTH_FAILED');
  const { timestamp, signature } = input;
  if (!timestamp || !signature || !UNIX_SECONDS.test(timestamp)) throw refuse();
  const skewMs = Math.abs(context.now().getTime() - Number(timestamp) * 1_000);
  if (skewMs > context.config.FEED_TIMESTAMP_WINDOW_MS) throw refuse();
  return authenticateFeedSource(context, {
    sourceId: input.sourceId,
    protocol: 'sms_gateway',
    kind: 'sms',
    signature,
    sign: (secret) => signSmsGatewayBody(secret, input.rawBody, timestamp),
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

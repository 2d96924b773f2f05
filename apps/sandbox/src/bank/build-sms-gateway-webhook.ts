import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * What SMS Gateway for Android (capcom6/android-sms-gateway, docs.sms-gate.app "Features ›
 * Webhooks") sends when the operator's house phone receives an SMS or pings, byte for byte in the
 * app's field order:
 *
 * `{"deviceId":…,"event":"sms:received","id":…,"payload":{"messageId":…,"message":…,"phoneNumber":…,"simNumber":1,"receivedAt":"2024-06-22T15:46:11.000+07:00"},"webhookId":…}`
 *
 * - `id`: the event id, 21 characters of [A-Za-z0-9_-] like the app's NanoIds; kept across the
 *   retries of one webhook call;
 * - `messageId`: a short hash of the content, as the app's (not unique);
 * - `receivedAt`: the SMS centre's timestamp (whole seconds) in the phone's local time, Bangkok.
 *
 * Signature (signSmsGatewayBody): `X-Signature` = lowercase hex HMAC-SHA256(signing key, raw body
 * bytes followed directly by `X-Timestamp`), `X-Timestamp` = Unix seconds.
 */

/** The sandbox's "house phone" (the app's device id is 32 hex digits). */
export const SANDBOX_GATEWAY_DEVICE_ID = 'ffffffff5a8d0b0b0000019a3c2e71d4';

const BANGKOK_OFFSET_MS = 7 * 60 * 60 * 1000;

export const signSmsGatewayBody = (signingKey: string, rawBody: string, timestamp: string): string =>
  createHmac('sha256', signingKey).update(rawBody, 'utf8').update(timestamp, 'utf8').digest('hex');

/** A new event id in the app's shape. */
export const newSmsGatewayEventId = (): string => randomBytes(16).toString('base64url').slice(0, 21);

/** `2024-06-22T15:46:11.000+07:00`: the instant, to the second, on a Bangkok phone's clock. */
export function formatPhoneLocalTime(instant: Date): string {
  const local = new Date(Math.floor(instant.getTime() / 1_000) * 1_000 + BANGKOK_OFFSET_MS);
  return `${local.toISOString().slice(0, 19)}.000+07:00`;
}

/** The webhook id the app gave each registration (one per event type and source). */
const webhookIdOf = (sourceId: string, event: string): string => `wh_${event === 'system:ping' ? 'ping' : 'sms'}_${sourceId}`.slice(0, 64);

export function buildSmsReceivedWebhook(input: { sourceId: string; text: string; sender: string; receivedAt: Date }): Record<string, unknown> {
  const receivedAt = formatPhoneLocalTime(input.receivedAt);
  const messageId = createHash('sha256').update(`${input.sender}\n${input.text}\n${receivedAt}`, 'utf8').digest('hex').slice(0, 8);
  return {
    deviceId: SANDBOX_GATEWAY_DEVICE_ID,
    event: 'sms:received',
    id: newSmsGatewayEventId(),
    payload: { messageId, message: input.text, phoneNumber: input.sender, simNumber: 1, receivedAt },
    webhookId: webhookIdOf(input.sourceId, 'sms:received'),
  };
}

/** The app's `system:ping` (Settings › Ping): its health check, always passing in the sandbox. */
export function buildSystemPingWebhook(input: { sourceId: string }): Record<string, unknown> {
  return {
    deviceId: SANDBOX_GATEWAY_DEVICE_ID,
    event: 'system:ping',
    id: newSmsGatewayEventId(),
    payload: { health: { status: 'pass', checks: { 'battery:level': { status: 'pass', observedUnit: 'percent', observedValue: 87 } } } },
    webhookId: webhookIdOf(input.sourceId, 'system:ping'),
  };
}

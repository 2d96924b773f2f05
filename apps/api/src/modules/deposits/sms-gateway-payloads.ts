import { z } from 'zod';

/**
 * Bodies of SMS Gateway for Android webhooks (capcom6/android-sms-gateway, docs.sms-gate.app
 * "Features › Webhooks"), exactly as the app sends them:
 *
 * ```json
 * { "deviceId": "ffffffffceb0b1db0000018e937c815b", "event": "sms:received", "id": "Ey6ECgOkVVFjz3CL48B8C",
 *   "payload": { "messageId": "abc123", "message": "…", "phoneNumber": "KBank", "simNumber": 1,
 *                "receivedAt": "2024-06-22T15:46:11.000+07:00" },
 *   "webhookId": "…" }
 * ```
 *
 * `id` is the app's event id: one per webhook call, kept across that call's retries (an attempt
 * series). `payload.messageId` is a hash of the content and NOT unique; we never key on it.
 * `receivedAt` is the SMS centre's timestamp in the phone's local time with offset. Newer app
 * versions add `sender` / `recipient` and deprecate `phoneNumber`; either names the SMS sender.
 * Unknown fields are ignored, never refused.
 */
export const SMS_GATEWAY_EVENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

export const smsGatewayEnvelope = z.object({
  deviceId: z.string().max(100).nullish(),
  event: z.string().min(1).max(40),
  id: z.string().regex(SMS_GATEWAY_EVENT_ID),
  payload: z.unknown(),
  webhookId: z.string().max(100).nullish(),
});

/** `sms:received` payload. The text is bounded like every bank notification (MAX_NOTIFICATION_TEXT_LENGTH). */
export const smsReceivedPayload = z.object({
  messageId: z.string().max(100).nullish(),
  message: z.string().min(1).max(1_000),
  phoneNumber: z.string().max(64).nullish(),
  sender: z.string().max(64).nullish(),
  simNumber: z.number().int().nullish(),
  receivedAt: z.string().datetime({ offset: true }),
});

/** `system:ping` payload: the app's health check (`{ health: { status: 'pass' | 'warn' | 'fail', checks } }`). */
export const systemPingPayload = z.object({
  health: z.object({ status: z.string().max(20).nullish() }).nullish(),
});

export type SmsGatewayEnvelope = z.infer<typeof smsGatewayEnvelope>;
export type SmsReceivedPayload = z.infer<typeof smsReceivedPayload>;

/** Who sent the SMS, as the app names it (`sender`, else the deprecated `phoneNumber`). */
export const smsSenderOf = (payload: SmsReceivedPayload): string | null => payload.sender ?? payload.phoneNumber ?? null;

/**
 * Reads an `sms:received` body (the raw text of a stored event).
 * @returns the envelope and its payload, or null when the body is not a well-formed `sms:received`.
 */
export function readSmsReceivedBody(rawBody: string): { envelope: SmsGatewayEnvelope; payload: SmsReceivedPayload } | null {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return null;
  }
  const envelope = smsGatewayEnvelope.safeParse(json);
  if (!envelope.success || envelope.data.event !== 'sms:received') return null;
  const payload = smsReceivedPayload.safeParse(envelope.data.payload);
  return payload.success ? { envelope: envelope.data, payload: payload.data } : null;
}

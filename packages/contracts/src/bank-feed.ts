import { z } from 'zod';
import { envelope } from './envelope.ts';

/**
 * The bank feed's wire (issue 10 "contracts own every wire schema"): the bodies `/bank-feed/v1/…`
 * accepts from the operator's feed sources (our own JSON per source kind) and from SMS Gateway for
 * Android, and what the SMS Gateway webhook answers. The API reads them in
 * apps/api/src/modules/deposits (receive-feed-delivery.ts, receive-sms-gateway-delivery.ts).
 */

/**
 * Bodies the bank feed accepts (`/bank-feed/v1/…`), one per source kind. Money is a decimal
 * string of baht ("500.00"), read with parseBahtToSatang.
 */
const isoTime = z.string().datetime({ offset: true });
const decimalBaht = z.string().regex(/^\d{1,12}(\.\d{1,2})?$/);

/** A bank SMS / notification forwarded from the operator's own house-account phone. */
export const smsFeedBody = z.object({
  text: z.string().min(1).max(1_000),
  sender: z.string().max(40).optional(),
  receivedAt: isoTime,
});

/** A statement line from a bank-API connector. */
export const statementFeedBody = z.object({
  providerRef: z.string().min(1).max(120),
  accountNumber: z.string().regex(/^\d{10,12}$/),
  direction: z.enum(['credit', 'debit']),
  amount: decimalBaht,
  occurredAt: isoTime,
  senderBankCode: z.string().regex(/^\d{3}$/).nullish(),
  senderAccountNumber: z.string().max(32).nullish(),
  senderName: z.string().max(120).nullish(),
  promptPayId: z.string().max(20).nullish(),
  /** A debit line: the account the money went to, full or masked as the bank prints it (manual payouts match it, docs/adr/0039). */
  recipientAccountNumber: z.string().max(32).nullish(),
});

/** A TrueMoney wallet incoming-transfer event. */
export const trueMoneyFeedBody = z.object({
  transactionId: z.string().min(1).max(120),
  amount: decimalBaht,
  occurredAt: isoTime,
  senderPhone: z.string().max(20),
  senderName: z.string().max(120).nullish(),
});

/** Shape of a stored raw body (migration 0012): our own JSON above, or an SMS Gateway webhook (below). */
export type FeedBodyFormat = 'sabai_v1' | 'sms_gateway';

// --- SMS Gateway for Android ---


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
  const parsed = smsGatewayEnvelope.safeParse(json);
  if (!parsed.success || parsed.data.event !== 'sms:received') return null;
  const payload = smsReceivedPayload.safeParse(parsed.data.payload);
  return payload.success ? { envelope: parsed.data, payload: payload.data } : null;
}

/** What `POST /bank-feed/v1/sms-gateway/{sourceId}` answers the app. */
export const smsGatewayDeliveryAnswer = envelope(
  z.object({
    event: z.string(),
    /** The stored feed event (sms:received only). */
    eventId: z.string().optional(),
    /** `duplicate` for a retry / the same SMS again, else the event's status; `heartbeat`; `ignored`. */
    status: z.string(),
    eventStatus: z.string().optional(),
    reason: z.string().nullable().optional(),
  }),
);

import { createHmac, timingSafeEqual } from 'node:crypto';
import { smsDeliveryWebhook } from '@sabai/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { advanceSmsState } from './advance-sms-state.ts';
import type { SmsState } from './sms-states.ts';

const UNIX_SECONDS = /^\d{9,11}$/;
const EVENT_STATES: Record<string, SmsState> = { 'sms:sent': 'sent', 'sms:delivered': 'delivered', 'sms:failed': 'failed' };

/**
 * One delivery webhook of SMS Gateway for Android on `POST /sms-gateway/v1/events` (issue 27 §2):
 * authenticated as the app signs (`X-Signature` = hex HMAC-SHA256 of the raw body followed by
 * `X-Timestamp`, keyed with SMS_GATEWAY_SIGNING_KEY; the timestamp within FEED_TIMESTAMP_WINDOW_MS;
 * constant-time compare; the scheme of deposits/receive-sms-gateway-delivery.ts), stored raw, then
 * `sms:sent` / `sms:delivered` / `sms:failed` move our SMS (named by `payload.messageId`, our id)
 * forward. Other events and unknown ids are acknowledged and dropped (2xx: the app would retry).
 * @throws AppError FEED_AUTH_FAILED (401) on any authentication failure.
 */
export async function receiveSmsDeliveryReport(
  context: AppContext,
  input: { timestamp: string | undefined; signature: string | undefined; rawBody: Buffer },
): Promise<{ event: string; applied: boolean }> {
  const now = context.now();
  const timestamp = input.timestamp ?? '';
  if (!UNIX_SECONDS.test(timestamp) || Math.abs(now.getTime() - Number(timestamp) * 1000) > context.config.FEED_TIMESTAMP_WINDOW_MS) throw new AppError('FEED_AUTH_FAILED');
  const expected = Buffer.from(createHmac('sha256', context.config.SMS_GATEWAY_SIGNING_KEY).update(input.rawBody).update(timestamp, 'utf8').digest('hex'), 'utf8');
  const given = Buffer.from(String(input.signature ?? '').toLowerCase(), 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new AppError('FEED_AUTH_FAILED');

  const rawBody = input.rawBody.toString('utf8').replaceAll('\u0000', '');
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody);
  } catch {
    parsed = undefined;
  }
  const report = smsDeliveryWebhook.safeParse(parsed);
  const event = report.success ? report.data.event : 'unreadable';
  const messageId = report.success ? (report.data.payload.messageId ?? null) : null;
  await context.db.query('INSERT INTO sms_delivery_reports (event, message_id, raw_body, received_at) VALUES ($1, $2, $3, $4)', [event.slice(0, 40), messageId?.slice(0, 200) ?? null, rawBody, now]);
  const state = EVENT_STATES[event];
  if (!report.success || !state || !messageId) return { event, applied: false };
  const error = state === 'failed' ? (report.data.payload.reason ?? report.data.payload.error ?? 'failed') : null;
  const applied = await advanceSmsState(context.db, { smsId: messageId, state, at: now, error });
  return { event, applied };
}

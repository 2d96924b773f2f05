import { z } from 'zod';
import { envelope } from './envelope.ts';

/**
 * SMS Gateway for Android's delivery webhooks for the SMS Sabai sends (issue 27 §2): `sms:sent`,
 * `sms:delivered`, `sms:failed`, posted to `POST /sms-gateway/v1/events`. `payload.messageId` is
 * the id Sabai gave the message (`sms_…`). A failure says why in `reason` (older apps: `error`).
 */
export const smsDeliveryWebhook = z.object({
  deviceId: z.string().max(100).nullish(),
  event: z.string().min(1).max(40),
  id: z.string().max(100).nullish(),
  webhookId: z.string().max(100).nullish(),
  payload: z
    .object({
      messageId: z.string().max(200).nullish(),
      phoneNumber: z.string().max(64).nullish(),
      reason: z.string().max(1000).nullish(),
      error: z.string().max(1000).nullish(),
    })
    .passthrough(),
});
export const smsDeliveryAnswer = envelope(z.object({ event: z.string(), applied: z.boolean() }));

/** An SMS's state: queued (waiting for the worker), accepted (the phone has it), sent, delivered, failed. */
export const SMS_MESSAGE_STATES = ['queued', 'accepted', 'sent', 'delivered', 'failed'] as const;

/** `GET /admin-api/v1/sms/messages?state=&phone=&limit=`: the SMS Sabai sent, for staff. */
export const smsMessagesQuery = z.object({
  state: z.enum(SMS_MESSAGE_STATES).optional(),
  phone: z.string().regex(/^0\d{9}$/).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type SmsMessagesQuery = z.infer<typeof smsMessagesQuery>;
export const smsMessageView = z.object({
  id: z.string(),
  toPhone: z.string(),
  /** `code_registration`, `code_password_reset`, `notice_phone_changed`, … */
  purpose: z.string(),
  memberId: z.string().nullable(),
  /** The text as sent, a one-time code replaced by dots. */
  text: z.string(),
  state: z.enum(SMS_MESSAGE_STATES),
  attempts: z.number().int(),
  error: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SmsMessageView = z.infer<typeof smsMessageView>;
export const smsMessagesResponse = envelope(z.object({ counts: z.record(z.string(), z.number().int()), messages: z.array(smsMessageView) }));

/** `POST /user-profile-composite/v1/phone/change/start` (issue 27 §3): codes go to the old and the new number. */
export const phoneChangeStartRequest = z.object({ newPhoneNumber: z.string().max(32) });
/** `POST /user-profile-composite/v1/phone/change/finish`: both codes. */
export const phoneChangeFinishRequest = z.object({ oldCode: z.string().max(16), newCode: z.string().max(16) });
export const phoneChangeFinishResponse = envelope(z.object({ phoneNumber: z.string() }));

/** `POST /admin-api/v1/members/:memberId/phone-change`: staff ask to change a member's lost phone (another staff member approves). */
export const staffPhoneChangeRequest = z.object({ newPhoneNumber: z.string().regex(/^0\d{9}$/), reason: z.string().trim().min(1).max(500) });
export const phoneChangeRequestView = z.object({
  id: z.string(),
  memberId: z.string(),
  oldPhone: z.string(),
  newPhone: z.string(),
  reason: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  requestedBy: z.string(),
  requestedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type PhoneChangeRequestView = z.infer<typeof phoneChangeRequestView>;
export const phoneChangeRequestResponse = envelope(phoneChangeRequestView);
/** `GET /admin-api/v1/phone-changes?status=pending`. */
export const phoneChangesQuery = z.object({ status: z.enum(['pending', 'approved', 'rejected']).optional() });
export const phoneChangesResponse = envelope(z.array(phoneChangeRequestView));
/** `POST /admin-api/v1/phone-changes/:changeId/decide`: approve (the number changes, the member is told) or reject. */
export const phoneChangeDecisionRequest = z.object({ approve: z.boolean(), note: z.string().trim().max(500).optional() });
export const phoneChangeParams = z.object({ changeId: z.string().regex(/^mpc_[a-z0-9]{20,40}$/) });

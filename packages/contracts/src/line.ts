import { z } from 'zod';
import { envelope } from './envelope.ts';

/**
 * LINE notifications (issue 12, LINE part; docs/line.md): the kinds of message a member can turn
 * off, the member's LINE status, the account-link start and the back office's view.
 */
export const LINE_NOTIFICATION_KINDS = [
  'deposit_credited',
  'deposit_held',
  'withdrawal_requested',
  'withdrawal_paid',
  'withdrawal_rejected',
  'bonus_granted',
  'cashback_available',
  'affiliate_income_available',
] as const;
export type LineNotificationKind = (typeof LINE_NOTIFICATION_KINDS)[number];

/** Marketing kinds: not sent while the member is in a time-out or self-exclusion (money messages still are). */
export const LINE_MARKETING_KINDS: readonly LineNotificationKind[] = ['bonus_granted', 'cashback_available', 'affiliate_income_available'];

/** Thai label of each kind (profile toggles, back office). */
export const LINE_KIND_LABELS: Record<LineNotificationKind, string> = {
  deposit_credited: 'ฝากเงินเข้าแล้ว',
  deposit_held: 'ยอดฝากรอตรวจสอบ',
  withdrawal_requested: 'แจ้งถอนเงิน',
  withdrawal_paid: 'ถอนเงินสำเร็จ',
  withdrawal_rejected: 'ถอนเงินไม่สำเร็จ',
  bonus_granted: 'ได้รับโบนัส',
  cashback_available: 'คืนยอดเสีย',
  affiliate_income_available: 'รายได้แนะนำเพื่อน',
};

export const linePreferences = z.object(Object.fromEntries(LINE_NOTIFICATION_KINDS.map((kind) => [kind, z.boolean()])) as Record<LineNotificationKind, z.ZodBoolean>).meta({ id: 'LinePreferences' });

/** `GET /user-profile-composite/v1/line`: is the member linked, since when, and which kinds are on. */
export const lineStatus = z
  .object({
    linked: z.boolean(),
    linkedAt: z.string().nullable().describe('ISO time of the link'),
    preferences: linePreferences,
  })
  .meta({ id: 'LineStatus' });
export const lineStatusResponse = envelope(lineStatus);

/** `POST /user-profile-composite/v1/line/link`: the link token LINE issued for the LINE user (from the link the bot sent). */
export const lineLinkRequest = z.object({ linkToken: z.string().min(1).max(200).regex(/^[A-Za-z0-9_-]+$/) });
/** Where to send the browser next: LINE's account-link dialog with our nonce. */
export const lineLinkResponse = envelope(z.object({ redirectUrl: z.string() }));

/** `PUT /user-profile-composite/v1/line/preferences`: the kinds to turn on or off (absent = unchanged). */
export const linePreferencesRequest = linePreferences.partial();

/** One LINE message as staff see it (back office member page). */
export const lineMessageView = z.object({
  id: z.string(),
  eventId: z.string(),
  kind: z.string(),
  status: z.enum(['pending', 'sent', 'retrying', 'failed', 'skipped']),
  httpStatus: z.number().nullable(),
  attempts: z.number(),
  text: z.string(),
  error: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type LineMessageView = z.infer<typeof lineMessageView>;

/** `GET /admin-api/v1/members/:memberId/line`. */
export const staffLineView = z.object({
  linked: z.boolean(),
  linkedAt: z.string().nullable(),
  following: z.boolean().nullable(),
  preferences: linePreferences,
  messages: z.array(lineMessageView),
});
export type StaffLineView = z.infer<typeof staffLineView>;
/** `GET /admin-api/v1/members/:memberId/line`, in the envelope (the back office parses it with this). */
export const staffLineViewResponse = envelope(staffLineView);

/**
 * `POST /line/v1/webhook`: the body LINE sends (Messaging API reference, "Webhook Event Objects"),
 * read only after its `X-Line-Signature` checked out (apps/api/src/modules/line/handle-line-webhook.ts).
 * Events stay unknown here: each one is read on its own with `lineWebhookEvent`, so an event of a
 * kind or shape we do not know is skipped and the others are still handled.
 */
export const lineWebhookBody = z.object({ destination: z.string().optional(), events: z.array(z.unknown()).max(100) });
export type LineWebhookBody = z.infer<typeof lineWebhookBody>;

/**
 * The parts of one LINE webhook event we read (other fields pass through): its type (follow,
 * unfollow, accountLink, message…), the id LINE redelivers it with, the reply token, the LINE
 * user, a text message, and the account-link result with our nonce.
 */
export const lineWebhookEvent = z.looseObject({
  type: z.string().max(40),
  webhookEventId: z.string().min(1).max(100),
  timestamp: z.number().optional(),
  replyToken: z.string().max(200).optional(),
  source: z.looseObject({ type: z.string(), userId: z.string().max(100).optional() }).optional(),
  message: z.looseObject({ type: z.string(), text: z.string().max(5_000).optional() }).optional(),
  link: z.object({ result: z.string(), nonce: z.string().max(200).optional() }).optional(),
});
export type LineWebhookEvent = z.infer<typeof lineWebhookEvent>;

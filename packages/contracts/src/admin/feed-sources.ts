import { z } from 'zod';
import { envelope } from '../envelope.ts';
import { FEED_KINDS } from '../deposit-kinds.ts';

/**
 * Back-office wire for bank-feed sources (`/admin-api/v1/feed-sources/…`, docs/adr/0013;
 * apps/api/src/modules/deposits/feed-sources/routes.ts).
 */
const isoTime = z.string().nullable().describe('ISO-8601 UTC');

export const feedSourceHealth = z.object({
  sourceId: z.string(),
  kind: z.enum(FEED_KINDS),
  protocol: z.enum(['sabai_v1', 'sms_gateway']),
  channelId: z.string(),
  isActive: z.boolean(),
  lastEventAt: isoTime,
  lastHeartbeatAt: isoTime,
  lastHeartbeatStatus: z.string().nullable(),
  lastDeviceId: z.string().nullable(),
  silentForMs: z.number().int(),
  activeSilenceMs: z.number().int(),
  isSilenceMonitored: z.boolean(),
  maxSilenceMs: z.number().int().nullable(),
  activeHours: z.object({ from: z.string(), to: z.string(), timeZone: z.literal('Asia/Bangkok') }),
  isActiveNow: z.boolean(),
  isAlarm: z.boolean(),
  alarmStartedAt: isoTime,
  secretRotatedAt: isoTime,
  previousSecretValidUntil: isoTime,
});
export type FeedSourceHealthWire = z.infer<typeof feedSourceHealth>;
/** `GET /admin-api/v1/feed-sources/health`. */
export const feedSourceHealthResponse = envelope(z.array(feedSourceHealth));

export const feedSourceParams = z.object({ sourceId: z.string().max(44) });

/** The longest overlap of an old feed-source secret after a rotation: 7 days, in minutes. */
export const FEED_SECRET_MAX_OVERLAP_MINUTES = 7 * 1_440;
/** `POST /admin-api/v1/feed-sources/:sourceId/rotate-secret` `{ overlapMinutes? }`. */
export const rotateFeedSecretBody = z.object({ overlapMinutes: z.number().int().min(0).max(FEED_SECRET_MAX_OVERLAP_MINUTES).optional() }).optional();
/** The new secret, in this answer only. */
export const rotateFeedSecretResponse = envelope(z.object({ sourceId: z.string(), secret: z.string(), rotatedAt: z.string(), overlapUntil: isoTime }));

/**
 * `POST /admin-api/v1/feed-sources/:sourceId/monitoring`: how silence is watched. The API adds
 * the check that the active hours are `HH:MM` (to may be `24:00`) and differ.
 */
export const feedSourceMonitoringBody = z.object({
  isSilenceMonitored: z.boolean(),
  /** null / absent: FEED_SILENCE_ALARM_MS. */
  maxSilenceMinutes: z.number().int().min(1).max(7 * 1_440).nullable().optional(),
  /** Asia/Bangkok `'HH:MM'`; `activeTo` may be `'24:00'`; from > to wraps past midnight. */
  activeFrom: z.string().default('00:00'),
  activeTo: z.string().default('24:00'),
});

/** What the monitoring change answers: the source's health after it. */
export const feedSourceMonitoringResponse = envelope(feedSourceHealth);

import type { AppContext } from '../../../context.ts';
import type { FeedProtocol, FeedSourceKind } from './authenticate-feed-source.ts';
import { assessSilence, formatClockMinutes, type ActiveHours } from './silence-rules.ts';

/** Most sources one call lists (an operator has a handful; style.md: a limit on everything). */
export const MAX_LISTED_FEED_SOURCES = 500;

export interface FeedSourceHealth {
  sourceId: string;
  kind: FeedSourceKind;
  protocol: FeedProtocol;
  channelId: string;
  isActive: boolean;
  lastEventAt: Date | null;
  lastHeartbeatAt: Date | null;
  /** The app's own health status from its last `system:ping` (`pass`, `warn`, `fail`). */
  lastHeartbeatStatus: string | null;
  lastDeviceId: string | null;
  /** Since the later of the last delivery and the last heartbeat (or since creation when never heard). */
  silentForMs: number;
  /** The part of that silence inside active hours (compared with maxSilenceMs). */
  activeSilenceMs: number;
  isSilenceMonitored: boolean;
  /** Effective threshold (the source's own or FEED_SILENCE_ALARM_MS); null when not monitored. */
  maxSilenceMs: number | null;
  /** Asia/Bangkok wall clock, `'HH:MM'`, end exclusive (`'24:00'` = midnight). */
  activeHours: { from: string; to: string; timeZone: 'Asia/Bangkok' };
  isActiveNow: boolean;
  isAlarm: boolean;
  /** When the recovery round first saw the current alarm (null until it has, or when none). */
  alarmStartedAt: Date | null;
  secretRotatedAt: Date | null;
  /** Until when the previous secret still works after a rotation (null: no previous secret). */
  previousSecretValidUntil: Date | null;
}

interface SourceRow {
  id: string;
  kind: FeedSourceKind;
  protocol: FeedProtocol;
  channel_id: string;
  is_active: boolean;
  created_at: Date;
  last_event_at: Date | null;
  last_heartbeat_at: Date | null;
  last_heartbeat_status: string | null;
  last_device_id: string | null;
  is_silence_monitored: boolean | null;
  max_silence_ms: number | null;
  active_from_minute: number;
  active_to_minute: number;
  silence_alarm_started_at: Date | null;
  secret_rotated_at: Date | null;
  previous_secret_valid_until: Date | null;
}

/**
 * Every feed source with its signs of life and whether its silence is an alarm now
 * (docs/adr/0013): monitored (the source's setting; by default SMS Gateway phones are, provider
 * webhooks are not), active, inside its active hours, and silent there longer than its threshold.
 * Inactive sources are listed, never alarming. Ordered by id; at most MAX_LISTED_FEED_SOURCES.
 */
export async function listFeedSourceHealth(context: AppContext): Promise<FeedSourceHealth[]> {
  const { rows } = await context.db.query<SourceRow>(
    `SELECT id, kind, protocol, channel_id, is_active, created_at, last_event_at, last_heartbeat_at, last_heartbeat_status,
            last_device_id, is_silence_monitored, max_silence_ms, active_from_minute, active_to_minute,
            silence_alarm_started_at, secret_rotated_at, previous_secret_valid_until
     FROM bank_feed_sources ORDER BY id LIMIT $1`,
    [MAX_LISTED_FEED_SOURCES],
  );
  const now = context.now();
  return rows.map((row) => toHealth(row, now, context.config.FEED_SILENCE_ALARM_MS));
}

function toHealth(row: SourceRow, now: Date, defaultMaxSilenceMs: number): FeedSourceHealth {
  const isSilenceMonitored = row.is_silence_monitored ?? row.protocol === 'sms_gateway';
  const maxSilenceMs = isSilenceMonitored ? (row.max_silence_ms ?? defaultMaxSilenceMs) : null;
  const hours: ActiveHours = { fromMinute: row.active_from_minute, toMinute: row.active_to_minute };
  const seen = [row.last_event_at, row.last_heartbeat_at].filter((at): at is Date => at !== null);
  const lastSeenAt = seen.length === 0 ? null : new Date(Math.max(...seen.map((at) => at.getTime())));
  const silence = assessSilence({ now, lastSeenAt, watchedSince: row.created_at, hours, maxSilenceMs: row.is_active ? maxSilenceMs : null });
  return {
    sourceId: row.id,
    kind: row.kind,
    protocol: row.protocol,
    channelId: row.channel_id,
    isActive: row.is_active,
    lastEventAt: row.last_event_at,
    lastHeartbeatAt: row.last_heartbeat_at,
    lastHeartbeatStatus: row.last_heartbeat_status,
    lastDeviceId: row.last_device_id,
    silentForMs: silence.silentForMs,
    activeSilenceMs: silence.activeSilenceMs,
    isSilenceMonitored,
    maxSilenceMs,
    activeHours: { from: formatClockMinutes(row.active_from_minute), to: formatClockMinutes(row.active_to_minute), timeZone: 'Asia/Bangkok' },
    isActiveNow: silence.isActiveNow,
    isAlarm: silence.isAlarm,
    alarmStartedAt: row.silence_alarm_started_at,
    secretRotatedAt: row.secret_rotated_at,
    previousSecretValidUntil: row.previous_secret_valid_until,
  };
}

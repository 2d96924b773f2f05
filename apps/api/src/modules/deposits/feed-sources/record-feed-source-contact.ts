import type { AppContext } from '../../../context.ts';

/**
 * Coarseness of `last_event_at`: a delivery within this long of the recorded one does not write
 * again (a burst of 50 deliveries makes one write, not 50 on the same row). Far below any alarm
 * threshold (≥ 1 minute).
 */
const EVENT_TOUCH_GRANULARITY_MS = 10_000;

/**
 * Records a sign of life from an authenticated feed source (docs/adr/0013): a delivery
 * (`last_event_at`) or an SMS Gateway `system:ping` (`last_heartbeat_at` with the app's health
 * status, e.g. `pass`). Both feed the silence alarm; the device id shows which phone spoke last.
 * Times are `context.now()`. Never moves a time backwards. `knownLastEventAt` (the source row's
 * `last_event_at` as just read, e.g. by authenticateFeedSource): a delivery within
 * EVENT_TOUCH_GRANULARITY_MS of it sends no statement at all, since the UPDATE's own condition
 * would write nothing (issue 29 §1: a burst of deliveries makes one write and one statement).
 */
export async function recordFeedSourceContact(
  context: AppContext,
  input: { sourceId: string; contact: 'event' | 'heartbeat'; deviceId?: string | null; heartbeatStatus?: string | null; knownLastEventAt?: Date | null },
): Promise<void> {
  const now = context.now();
  const deviceId = input.deviceId?.slice(0, 100) ?? null;
  if (input.contact === 'heartbeat') {
    await context.db.query(
      `UPDATE bank_feed_sources
       SET last_heartbeat_at = GREATEST(last_heartbeat_at, $2::timestamptz), last_heartbeat_status = $3, last_device_id = COALESCE($4, last_device_id)
       WHERE id = $1`,
      [input.sourceId, now, input.heartbeatStatus?.slice(0, 20) ?? null, deviceId],
    );
    return;
  }
  const recentSince = new Date(now.getTime() - EVENT_TOUCH_GRANULARITY_MS);
  if (input.knownLastEventAt && input.knownLastEventAt >= recentSince) return;
  await context.db.query(
    `UPDATE bank_feed_sources SET last_event_at = $2, last_device_id = COALESCE($3, last_device_id)
     WHERE id = $1 AND (last_event_at IS NULL OR last_event_at < $4)`,
    [input.sourceId, now, deviceId, recentSince],
  );
}

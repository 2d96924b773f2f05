import type { AppContext } from '../../context.ts';
import { listFeedSourceHealth, type FeedSourceHealth } from './list-feed-source-health.ts';

/**
 * The recovery round's look at feed-source silence (docs/adr/0013): marks the start of each alarm
 * (`silence_alarm_started_at`) and clears the mark of each alarm that ended. The mark is set with
 * `WHERE silence_alarm_started_at IS NULL`, so with several API processes exactly one of them sees
 * an alarm start.
 * @returns the sources whose alarm started in this call (the caller logs a warning for each).
 */
export async function startSilenceAlarms(context: AppContext): Promise<FeedSourceHealth[]> {
  const now = context.now();
  const started: FeedSourceHealth[] = [];
  for (const source of await listFeedSourceHealth(context)) {
    if (source.isAlarm && source.alarmStartedAt === null) {
      const marked = await context.db.query(
        'UPDATE bank_feed_sources SET silence_alarm_started_at = $2 WHERE id = $1 AND silence_alarm_started_at IS NULL',
        [source.sourceId, now],
      );
      if (marked.rowCount > 0) started.push({ ...source, alarmStartedAt: now });
    } else if (!source.isAlarm && source.alarmStartedAt !== null) {
      await context.db.query('UPDATE bank_feed_sources SET silence_alarm_started_at = NULL WHERE id = $1', [source.sourceId]);
    }
  }
  return started;
}

import type { AppContext } from '../../../context.ts';
import { recordOutboxEvent } from '../../outbox/index.ts';
import { listFeedSourceHealth, type FeedSourceHealth } from './list-feed-source-health.ts';

/**
 * The recovery round's look at feed-source silence (docs/adr/0013): marks the start of each alarm
 * (`silence_alarm_started_at`) and clears the mark of each alarm that ended. The mark is set with
 * `WHERE silence_alarm_started_at IS NULL`, so with several API processes exactly one of them sees
 * an alarm start. In the same transaction it records `feed-source.silent` (the outbox): the staff
 * LINE group hears of it once per alarm (issue 25 §4).
 * @returns the sources whose alarm started in this call (the caller logs a warning for each).
 */
export async function startSilenceAlarms(context: AppContext): Promise<FeedSourceHealth[]> {
  const now = context.now();
  const started: FeedSourceHealth[] = [];
  for (const source of await listFeedSourceHealth(context)) {
    if (source.isAlarm && source.alarmStartedAt === null) {
      const marked = await context.db.transaction(async (tx) => {
        const updated = await tx.query(
          'UPDATE bank_feed_sources SET silence_alarm_started_at = $2 WHERE id = $1 AND silence_alarm_started_at IS NULL',
          [source.sourceId, now],
        );
        if (updated.rowCount === 0) return false;
        await recordOutboxEvent(tx, {
          kind: 'feed-source.silent', eventKey: `feed-source.silent:${source.sourceId}:${now.toISOString()}`, memberId: null,
          payload: { sourceId: source.sourceId, kind: source.kind, silentForMs: Math.max(0, Math.round(source.silentForMs)), lastHeartbeatAt: source.lastHeartbeatAt?.toISOString() ?? null, alarmStartedAt: now.toISOString() },
        });
        return true;
      });
      if (marked) started.push({ ...source, alarmStartedAt: now });
    } else if (!source.isAlarm && source.alarmStartedAt !== null) {
      await context.db.query('UPDATE bank_feed_sources SET silence_alarm_started_at = NULL WHERE id = $1', [source.sourceId]);
    }
  }
  return started;
}

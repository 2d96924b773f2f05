import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../lib/app-error.ts';
import { recordStaffAction } from '../../../lib/audit.ts';
import { assertActiveHours, type ActiveHours } from './silence-rules.ts';

/**
 * Staff set how a feed source's silence is watched (docs/adr/0013): whether it is monitored,
 * its own threshold (null = FEED_SILENCE_ALARM_MS) and its active hours (Asia/Bangkok minutes,
 * see silence-rules.ts). A running alarm is re-evaluated by the next recovery round. Audited.
 * @throws AppError NOT_FOUND for an unknown source.
 */
export async function setFeedSourceMonitoring(
  context: AppContext,
  input: { sourceId: string; actor: string; actorRole: string | null; address: string | null; isSilenceMonitored: boolean; maxSilenceMs: number | null; activeHours: ActiveHours },
): Promise<void> {
  assertActiveHours(input.activeHours);
  await context.db.transaction(async (tx) => {
    const updated = await tx.query(
      `UPDATE bank_feed_sources SET is_silence_monitored = $2, max_silence_ms = $3, active_from_minute = $4, active_to_minute = $5 WHERE id = $1`,
      [input.sourceId, input.isSilenceMonitored, input.maxSilenceMs, input.activeHours.fromMinute, input.activeHours.toMinute],
    );
    if (updated.rowCount === 0) throw new AppError('NOT_FOUND');
    await recordStaffAction(tx, {
      actor: input.actor,
      actorRole: input.actorRole,
      address: input.address,
      action: 'feed_source.set_monitoring',
      subjectType: 'bank_feed_source',
      subjectId: input.sourceId,
      details: { isSilenceMonitored: input.isSilenceMonitored, maxSilenceMs: input.maxSilenceMs, ...input.activeHours },
    });
  });
}

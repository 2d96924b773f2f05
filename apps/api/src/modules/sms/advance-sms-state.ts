import type { Queryable } from '@sabai/db';
import { STATE_TIME_COLUMN, stateRankSql, type SmsState } from './sms-states.ts';

/**
 * Moves one SMS forward to `state` (never back: the phone's reports may arrive out of order, or
 * before the send call returned), with the provider's id and error when given.
 * @returns whether the row moved.
 */
export async function advanceSmsState(db: Queryable, input: { smsId: string; state: SmsState; at: Date; error?: string | null; providerMessageId?: string | null }): Promise<boolean> {
  const timeColumn = STATE_TIME_COLUMN[input.state];
  const result = await db.query(
    `UPDATE sms_messages SET state = $2, updated_at = $3,
       error = COALESCE($4, error), provider_message_id = COALESCE($5, provider_message_id)
       ${timeColumn ? `, ${timeColumn} = COALESCE(${timeColumn}, $3)` : ''}
     WHERE id = $1 AND ${stateRankSql('state')} < ${stateRankSql('$2::text')}`,
    [input.smsId, input.state, input.at, input.error?.slice(0, 1000) ?? null, input.providerMessageId ?? null],
  );
  return result.rowCount > 0;
}

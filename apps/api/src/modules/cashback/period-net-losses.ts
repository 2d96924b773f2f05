import type { Queryable } from '@sabai/db';

/**
 * Each member's net loss (stakes − payouts of settled rounds, satang) in the reward period
 * [from, to), members with a net loss only. Reaches the period's rounds by
 * `bet_rounds (settled_at) WHERE status = 'settled'` (migration 0025): a period costs its own
 * rounds, not every round ever played (docs/adr/0023).
 */
export async function readPeriodNetLosses(db: Queryable, from: Date, to: Date): Promise<Array<{ member_id: string; net_loss: bigint }>> {
  const { rows } = await db.query<{ member_id: string; net_loss: bigint }>(PERIOD_NET_LOSSES_SQL, [from, to]);
  return rows;
}

/** The query of readPeriodNetLosses ($1 from, $2 to), exported for the plan test and the scale bench. */
export const PERIOD_NET_LOSSES_SQL = `SELECT member_id, sum(stake_satang - payout_satang)::int8 AS net_loss FROM bet_rounds
     WHERE status = 'settled' AND settled_at >= $1 AND settled_at < $2
     GROUP BY member_id HAVING sum(stake_satang - payout_satang) > 0`;

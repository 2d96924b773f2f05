import type { Queryable } from '@sabai/db';

/** All turnover the member ever made: stakes of settled rounds won or lost (spec §2). */
export async function totalTurnoverSatang(db: Queryable, memberId: string): Promise<{ totalSatang: bigint; rounds: number }> {
  const { rows } = await db.query<{ total: bigint; rounds: bigint }>(
    `SELECT coalesce(sum(stake_satang), 0)::int8 AS total, count(*) AS rounds FROM bet_rounds
     WHERE member_id = $1 AND status = 'settled' AND result IN ('win', 'loss')`,
    [memberId],
  );
  return { totalSatang: rows[0]?.total ?? 0n, rounds: Number(rows[0]?.rounds ?? 0n) };
}

/**
 * The member's turnover as the member card and withdrawal rules see it (spec §2): with an active
 * bonus grant, `now` counts from the grant (total − the total when it was granted) towards its
 * target; without one, `now` is the whole total and nothing is needed.
 */
export async function getTurnover(db: Queryable, memberId: string): Promise<{ nowSatang: bigint; neededSatang: bigint; countedRounds: number }> {
  const total = await totalTurnoverSatang(db, memberId);
  const { rows } = await db.query<{ turnover_start_satang: bigint; turnover_needed_satang: bigint }>(
    `SELECT turnover_start_satang, turnover_needed_satang FROM bonus_grants WHERE member_id = $1 AND status = 'active'`,
    [memberId],
  );
  const grant = rows[0];
  if (!grant) return { nowSatang: total.totalSatang, neededSatang: 0n, countedRounds: total.rounds };
  const sinceGrant = total.totalSatang - grant.turnover_start_satang;
  return { nowSatang: sinceGrant > 0n ? sinceGrant : 0n, neededSatang: grant.turnover_needed_satang, countedRounds: total.rounds };
}

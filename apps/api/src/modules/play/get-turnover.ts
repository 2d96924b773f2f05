import type { Queryable } from '@sabai/db';

/**
 * The member's turnover (spec §2): the stakes of settled rounds won or lost. `needed` comes from
 * an active bonus grant (promotions, a later issue); without one nothing is needed.
 */
export async function getTurnover(db: Queryable, memberId: string): Promise<{ nowSatang: bigint; neededSatang: bigint; countedRounds: number }> {
  const { rows } = await db.query<{ total: bigint; rounds: bigint }>(
    `SELECT coalesce(sum(stake_satang), 0)::int8 AS total, count(*) AS rounds FROM bet_rounds
     WHERE member_id = $1 AND status = 'settled' AND result IN ('win', 'loss')`,
    [memberId],
  );
  return { nowSatang: rows[0]?.total ?? 0n, neededSatang: 0n, countedRounds: Number(rows[0]?.rounds ?? 0n) };
}

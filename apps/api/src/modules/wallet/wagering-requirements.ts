import type { Queryable } from '@sabai/db';
import { newPrefixedId } from '../../lib/ids.ts';
import { totalTurnoverSatang } from './get-turnover.ts';

/** Why active wagering requirements end (docs/adr/0011). */
export type WageringEndReason = 'WITHDRAWN' | 'BALANCE_EXHAUSTED';

/**
 * Inside the transaction that credits reward money to play money: records that `creditedSatang`
 * must be turned over `turnoverMultiple` times, counted from the member's turnover now, before a
 * bank withdrawal (settings Affiliate.turnover, an item code's turnover_multiple; docs/adr/0011).
 * A multiple of 0 records nothing.
 * @param turnoverMultiple integer 0..100 (site_settings CHECK).
 * @returns the requirement id, or null when none is needed.
 */
export async function addWageringRequirement(
  tx: Queryable,
  input: { memberId: string; sourceType: 'affiliate_income' | 'item_code'; sourceTransferId: bigint; creditedSatang: bigint; turnoverMultiple: number; now: Date },
): Promise<string | null> {
  if (!Number.isInteger(input.turnoverMultiple) || input.turnoverMultiple < 0 || input.turnoverMultiple > 100) {
    throw new Error(`turnover multiple ${input.turnoverMultiple} is outside 0..100`);
  }
  if (input.turnoverMultiple === 0 || input.creditedSatang <= 0n) return null;
  const start = await totalTurnoverSatang(tx, input.memberId);
  const id = newPrefixedId('wgr');
  await tx.query(
    `INSERT INTO wagering_requirements (id, member_id, source_type, source_transfer_id, credited_satang, turnover_multiple, required_satang, turnover_start_satang, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [id, input.memberId, input.sourceType, input.sourceTransferId, input.creditedSatang, input.turnoverMultiple,
      input.creditedSatang * BigInt(input.turnoverMultiple), start.totalSatang, input.now],
  );
  return id;
}

/**
 * Ends every active wagering requirement of the member: at a withdrawal (whose turnover check
 * found them met) or when a deposit finds the money they were on played out.
 * @returns how many ended.
 */
export async function endWageringRequirements(tx: Queryable, input: { memberId: string; reason: WageringEndReason; now: Date }): Promise<number> {
  const result = await tx.query(
    `UPDATE wagering_requirements SET status = 'completed', end_reason = $2, ended_at = $3 WHERE member_id = $1 AND status = 'active'`,
    [input.memberId, input.reason, input.now],
  );
  return result.rowCount;
}

/**
 * endWageringRequirements as one CTE (`wagering_ended AS (UPDATE …)`) of the caller's statement,
 * e.g. a withdrawal's reservation (issue 29 §1): the same update, made only when `onlyWhenFrom`
 * (optional, fixed text, e.g. `posting WHERE posting.outcome = 'created'`) yields a row. Parameters are
 * numbered from `firstParam`: the member id, the reason, the time.
 */
export function endWageringRequirementsCte(
  input: { memberId: string; reason: WageringEndReason; now: Date },
  firstParam: number,
  onlyWhenFrom?: string,
): { cte: string; params: unknown[] } {
  const n = (offset: number) => `$${firstParam + offset}`;
  return {
    cte: `wagering_ended AS (
       UPDATE wagering_requirements SET status = 'completed', end_reason = ${n(1)}::text, ended_at = ${n(2)}::timestamptz
        WHERE member_id = ${n(0)}::text AND status = 'active'${onlyWhenFrom ? ` AND EXISTS (SELECT 1 FROM ${onlyWhenFrom})` : ''}
     )`,
    params: [input.memberId, input.reason, input.now],
  };
}

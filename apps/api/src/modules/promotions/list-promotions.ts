import type { Queryable } from '@sabai/db';
import type { Promotion } from '@sabai/contracts';
import { satangToBahtNumber } from '@sabai/money';
import type { PromotionTerms } from './bonus-rules.ts';
import { bangkokDayStart, type EligibilityFacts, type PromotionEligibilityRules } from './promotion-eligibility.ts';

export interface PromotionRow {
  id: string;
  title: string;
  image_url: string | null;
  description: string | null;
  minimum_deposit_satang: bigint;
  deposit_type: number;
  bonus_value: bigint;
  max_bonus_type: number;
  max_bonus: bigint;
  turnover_type: number;
  turnover_amount: bigint;
  max_withdraw_type: number;
  max_withdraw_amount: bigint;
  starts_at: Date;
  ends_at: Date | null;
  eligibility: 'any' | 'first_deposit';
  once_per_member: boolean;
  once_per_day: boolean;
  max_grants_total: number | null;
}

/** Promotions open at `now`, in display order. */
export async function listActivePromotions(db: Queryable, now: Date): Promise<PromotionRow[]> {
  const { rows } = await db.query<PromotionRow>(
    `SELECT id, title, image_url, description, minimum_deposit_satang, deposit_type, bonus_value, max_bonus_type, max_bonus,
            turnover_type, turnover_amount, max_withdraw_type, max_withdraw_amount, starts_at, ends_at,
            eligibility, once_per_member, once_per_day, max_grants_total
     FROM promotions WHERE is_active AND starts_at <= $1 AND (ends_at IS NULL OR ends_at > $1) ORDER BY sort_order, id LIMIT 50`,
    [now],
  );
  return rows;
}

/** Hundredths → a multiple (150 → 1.5); satang → baht. */
const amountOnWire = (type: number, value: bigint) => (type === 1 ? Number(value) / 100 : satangToBahtNumber(value));

export function toWirePromotion(row: PromotionRow): Promotion {
  return {
    _id: row.id,
    title: row.title,
    ImageUrl: row.image_url,
    description: row.description,
    minimumDeposit: satangToBahtNumber(row.minimum_deposit_satang),
    DepositType: row.deposit_type,
    BonusAmount: amountOnWire(row.deposit_type, row.bonus_value),
    MaxBonus: amountOnWire(row.max_bonus_type, row.max_bonus),
    MaxBonusType: row.max_bonus_type,
    TurnoverType: row.turnover_type,
    TurnoverAmount: amountOnWire(row.turnover_type, row.turnover_amount),
    MaxWithdrawAmount: amountOnWire(row.max_withdraw_type, row.max_withdraw_amount),
    MaxWithdrawType: row.max_withdraw_type,
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at?.toISOString() ?? null,
  };
}

export const termsOf = (row: PromotionRow): PromotionTerms => ({
  minimumDepositSatang: row.minimum_deposit_satang,
  depositType: row.deposit_type,
  bonusValue: row.bonus_value,
  maxBonusType: row.max_bonus_type,
  maxBonus: row.max_bonus,
  turnoverType: row.turnover_type,
  turnoverAmount: row.turnover_amount,
  maxWithdrawType: row.max_withdraw_type,
  maxWithdrawAmount: row.max_withdraw_amount,
});

/** A promotion row's eligibility rules (promotion-eligibility.ts). */
export const eligibilityRulesOf = (row: PromotionRow): PromotionEligibilityRules => ({
  eligibility: row.eligibility,
  oncePerMember: row.once_per_member,
  oncePerDay: row.once_per_day,
  maxGrantsTotal: row.max_grants_total,
});

/**
 * The facts a promotion's eligibility is decided on, for one member and deposit (null: no deposit,
 * as when listing what a member may still get: their next deposit would not be the first when
 * they have one credited already).
 */
export async function readEligibilityFacts(db: Queryable, input: { promotionId: string; memberId: string; depositId: string | null; now: Date }): Promise<EligibilityFacts> {
  const { rows } = await db.query<{ earlier: bigint; member_grants: bigint; member_today: bigint; total: bigint }>(
    `SELECT
       (SELECT count(*) FROM deposits d WHERE d.member_id = $2 AND d.status = 'credited' AND ($3::text IS NULL OR (d.id <> $3
          AND d.created_at <= (SELECT created_at FROM deposits WHERE id = $3)))) AS earlier,
       (SELECT count(*) FROM bonus_grants WHERE promotion_id = $1 AND member_id = $2) AS member_grants,
       (SELECT count(*) FROM bonus_grants WHERE promotion_id = $1 AND member_id = $2 AND created_at >= $4) AS member_today,
       (SELECT count(*) FROM bonus_grants WHERE promotion_id = $1) AS total`,
    [input.promotionId, input.memberId, input.depositId, bangkokDayStart(input.now)],
  );
  const row = rows[0];
  return {
    earlierCreditedDeposits: Number(row?.earlier ?? 0n),
    memberGrants: Number(row?.member_grants ?? 0n),
    memberGrantsToday: Number(row?.member_today ?? 0n),
    totalGrants: Number(row?.total ?? 0n),
  };
}

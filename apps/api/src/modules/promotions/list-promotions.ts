import type { Queryable } from '@sabai/db';
import type { Promotion } from '@sabai/contracts';
import { satangToBahtNumber } from '@sabai/money';
import type { PromotionTerms } from './bonus-rules.ts';

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
}

/** Promotions open at `now`, in display order. */
export async function listActivePromotions(db: Queryable, now: Date): Promise<PromotionRow[]> {
  const { rows } = await db.query<PromotionRow>(
    `SELECT id, title, image_url, description, minimum_deposit_satang, deposit_type, bonus_value, max_bonus_type, max_bonus,
            turnover_type, turnover_amount, max_withdraw_type, max_withdraw_amount, starts_at, ends_at
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

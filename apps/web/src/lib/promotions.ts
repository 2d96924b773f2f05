import type { Promotion } from '@sabai/contracts';
import { formatCount } from './format.ts';

/**
 * Promotions (spec §3 "Promotion", §9 units): what the landing page, the promotion page and the
 * profile show. Type 1 amounts are multiples (BonusAmount 1 = 100 %, TurnoverAmount 5 = 5×);
 * any other type is baht; MaxBonus or MaxWithdrawAmount of 0 means no cap.
 */
export const MULTIPLE_TYPE = 1;

/** Settings carry the contract's promotions; the cards keep those with an id and a title. */
export interface PromotionCard {
  id: string;
  title: string;
  imageUrl: string | null;
}

export function readPromotions(entries: unknown[]): PromotionCard[] {
  const cards: PromotionCard[] = [];
  for (const entry of entries) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { _id, title, ImageUrl } = entry as Record<string, unknown>;
    if ((typeof _id !== 'string' && typeof _id !== 'number') || typeof title !== 'string' || title.trim() === '') continue;
    cards.push({ id: String(_id), title, imageUrl: typeof ImageUrl === 'string' && ImageUrl !== '' ? ImageUrl : null });
  }
  return cards;
}

/** Spec dialog 11: the title of the promotion whose id is the member's bonusId, else null (a dash). */
export function bonusTitle(promotions: Pick<Promotion, '_id' | 'title'>[], bonusId: string | null | undefined): string | null {
  if (!bonusId) return null;
  return promotions.find((promotion) => promotion._id === bonusId)?.title ?? null;
}

/** 1000 → "1,000"; 12.5 → "12.5"; amounts as Thai readers write them in terms (no `Intl`: lib/format.ts). */
export const formatTermAmount = (value: number): string => formatCount(value);

/** Thai templates of the terms (locales/th.json `promotion.terms`), passed in so this stays pure. */
export type Translate = (key: string, values?: Record<string, string>) => string;

type TermsFields = Pick<
  Promotion,
  'DepositType' | 'BonusAmount' | 'MaxBonus' | 'MaxBonusType' | 'TurnoverType' | 'TurnoverAmount' | 'MaxWithdrawAmount' | 'MaxWithdrawType'
>;

const amountWithUnit = (t: Translate, type: number, amount: number): string =>
  type === MULTIPLE_TYPE ? t('promotion.terms.times', { value: formatTermAmount(amount) }) : t('promotion.terms.baht', { value: formatTermAmount(amount) });

/**
 * The terms line of a promotion card, e.g. "โบนัส 100% สูงสุด 1,000 บาท · เทิร์น 5 เท่า · ถอนสูงสุด 10 เท่า".
 */
export function describePromotionTerms(promotion: TermsFields, t: Translate): string {
  const bonus =
    promotion.DepositType === MULTIPLE_TYPE
      ? t('promotion.terms.bonusPercent', { value: formatTermAmount(Math.round(promotion.BonusAmount * 10_000) / 100) })
      : t('promotion.terms.bonusBaht', { value: formatTermAmount(promotion.BonusAmount) });
  const bonusCap =
    promotion.MaxBonus > 0
      ? t('promotion.terms.bonusCap', { value: amountWithUnit(t, promotion.MaxBonusType, promotion.MaxBonus) })
      : t('promotion.terms.bonusNoCap');
  const turnover =
    promotion.TurnoverAmount > 0
      ? t('promotion.terms.turnover', { value: amountWithUnit(t, promotion.TurnoverType, promotion.TurnoverAmount) })
      : t('promotion.terms.noTurnover');
  const maxWithdraw =
    promotion.MaxWithdrawAmount > 0
      ? t('promotion.terms.maxWithdraw', { value: amountWithUnit(t, promotion.MaxWithdrawType, promotion.MaxWithdrawAmount) })
      : t('promotion.terms.maxWithdrawUnlimited');
  return [`${bonus} ${bonusCap}`, turnover, maxWithdraw].join(' · ');
}

/**
 * Spec §4 "Promotion preference": the toggle shows what the member asked for while the dialog and
 * the call are pending; on success the choice is kept, on failure or cancel the control reverts
 * to the opposite of what was asked (the value it had before).
 */
export type PreferenceOutcome = 'success' | 'failure' | 'cancel';
export function settledPreference(requested: boolean, outcome: PreferenceOutcome): boolean {
  return outcome === 'success' ? requested : !requested;
}

import type { Promotion } from '@sabai/contracts';
import { useTranslation } from '../../../lib/translate.ts';
import { formatBaht } from '../../../lib/format.ts';
import { describePromotionTerms } from '../../../lib/promotions.ts';

interface BonusLockTermsProps {
  /** The member's own money now (main + game wallet, baht); null while it is being read. */
  ownMoney: number | null;
  /** The open promotions in display order: the first one a deposit qualifies for is granted. */
  promotions: Promotion[];
}

/**
 * What accepting a bonus locks, said before the member confirms (issue 14 §4; ADR 0010): once a
 * deposit is granted a bonus, every baht in the main and game wallets — the member's own money
 * included — cannot be withdrawn until the grant's turnover is met, and at withdrawal whatever is
 * above the grant's max-withdraw is forfeited. The figures are the member's balance now and each
 * open promotion's terms.
 */
export function BonusLockTerms({ ownMoney, promotions }: BonusLockTermsProps) {
  const { t } = useTranslation();
  return (
    <div className="mt-3 rounded-xl border border-amber-400/40 bg-amber-500/10 p-3 text-left text-xs leading-relaxed" role="note" data-testid="bonus-lock-terms">
      <p className="font-bold text-amber-200">{t('promotion.lock.title')}</p>
      <ul className="mt-1.5 list-disc space-y-1 pl-4 text-ink/85">
        <li data-testid="bonus-lock-own-money">
          {ownMoney === null ? t('promotion.lock.allMoneyUnknown') : t('promotion.lock.allMoney', { amount: formatBaht(ownMoney) })}
        </li>
        <li>{t('promotion.lock.forfeit')}</li>
        <li>{t('promotion.lock.when')}</li>
      </ul>
      {promotions.length > 0 && (
        <ul className="mt-2 space-y-1.5" data-testid="bonus-lock-promotions">
          {promotions.map((promotion) => (
            <li key={promotion._id} className="rounded-lg bg-black/30 px-2.5 py-1.5">
              <span className="font-semibold text-primary">{promotion.title}</span>
              <span className="block text-ink/80">{describePromotionTerms(promotion, (key, values) => t(key, values ?? {}))}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

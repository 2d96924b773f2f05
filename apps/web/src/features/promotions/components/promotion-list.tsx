import type { Promotion } from '@sabai/contracts';
import { useTranslation } from '../../../lib/translate.ts';
import { PromotionCard } from '../../../components/ui/promotion-card.tsx';

/** Spec dialog 6: a card for each promotion. */
export function PromotionList({ promotions }: { promotions: Promotion[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="promotion-list-title" className="space-y-3">
      <h2 id="promotion-list-title" className="text-sm font-bold text-primary">
        {t('promotion.listTitle')}
      </h2>
      {promotions.length === 0 ? (
        <p className="card px-4 py-6 text-center text-sm text-ink/60" data-testid="promotion-list-empty">
          {t('promotion.empty')}
        </p>
      ) : (
        <ul className="space-y-3" data-testid="promotion-list">
          {promotions.map((promotion) => (
            <li key={promotion._id}>
              <PromotionCard promotion={promotion} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

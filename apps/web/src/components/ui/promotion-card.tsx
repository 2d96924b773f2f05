import type { Promotion } from '@sabai/contracts';
import { useTranslation } from '../../lib/translate.ts';
import { describePromotionTerms, formatTermAmount } from '../../lib/promotions.ts';
import { GiftIcon } from './icons.tsx';

/** A promotion as a card (spec dialog 6, landing promotions): image, title, description and the terms in Thai. */
export function PromotionCard({ promotion, className = '' }: { promotion: Promotion; className?: string }) {
  const { t } = useTranslation();
  const terms = describePromotionTerms(promotion, (key, values) => t(key, values ?? {}));
  return (
    <article
      className={`card overflow-hidden ${promotion.isAvailable === false ? 'opacity-70' : ''} ${className}`}
      data-testid="promotion-card"
      data-promotion-id={promotion._id}
      data-available={promotion.isAvailable === false ? 'false' : undefined}
    >
      {promotion.ImageUrl ? (
        // The operator's banner at its own shape (a fixed 16:9 box cut the text off a wide banner);
        // only a very tall one is cropped.
        <img src={promotion.ImageUrl} alt="" className="max-h-72 w-full object-cover" loading="lazy" data-testid="promotion-image" />
      ) : (
        <div className="flex aspect-[16/9] items-center justify-center bg-gradient-to-br from-primary/40 to-secondary/40" aria-hidden="true">
          <GiftIcon className="size-12 text-primary" />
        </div>
      )}
      <div className="space-y-1.5 px-3 py-3">
        <h3 className="text-sm font-bold text-primary" data-testid="promotion-title">
          {promotion.title}
        </h3>
        {promotion.description && (
          <p className="text-xs leading-relaxed text-ink/75" data-testid="promotion-description">
            {promotion.description}
          </p>
        )}
        <p className="rounded-lg bg-black/30 px-2.5 py-2 text-xs font-semibold leading-relaxed text-ink" data-testid="promotion-terms">
          {terms}
        </p>
        {promotion.isAvailable === false && promotion.unavailableReason && (
          <p className="rounded-lg bg-amber-500/10 px-2.5 py-1.5 text-xs text-amber-200" data-testid="promotion-unavailable">
            {promotion.unavailableReason}
          </p>
        )}
        {promotion.minimumDeposit > 0 && (
          <p className="text-xs text-ink/60" data-testid="promotion-minimum-deposit">
            {t('promotion.minimumDeposit', { value: formatTermAmount(promotion.minimumDeposit) })}
          </p>
        )}
      </div>
    </article>
  );
}

import { translateList, useTranslation } from '../../../lib/translate.ts';
import { ChatIcon } from '../../../components/ui/icons.tsx';

/** Spec dialogs 8 and 9: the chat-bot link, a promotion banner and the deposit rules. */
export function LineNotifyLink({ lineUrl, lineId }: { lineUrl: string | null; lineId: string }) {
  const { t } = useTranslation();
  if (!lineUrl) return null;
  return (
    <a href={lineUrl} target="_blank" rel="noopener noreferrer" className="flex items-center gap-3 rounded-xl border border-[#06c755]/40 bg-[#06c755]/10 p-3" data-testid="deposit-line-link">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-[#06c755] text-white">
        <ChatIcon className="size-5" />
      </span>
      <span className="min-w-0">
        <span className="block text-sm font-semibold">{t('deposit.lineTitle')}</span>
        <span className="block truncate text-xs text-ink/70">{t('deposit.lineButton', { lineId })}</span>
      </span>
    </a>
  );
}

export interface PromotionBannerItem {
  id: string;
  title: string;
  imageUrl: string | null;
}

export function PromotionBanner({ promotions }: { promotions: PromotionBannerItem[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="deposit-promotions-title" data-testid="deposit-promotions">
      <h3 id="deposit-promotions-title" className="mb-2 text-sm font-bold text-primary">
        {t('deposit.promotionTitle')}
      </h3>
      {promotions.length === 0 ? (
        <p className="rounded-xl border border-dashed border-white/15 px-3 py-4 text-center text-xs text-ink/60" data-testid="deposit-promotions-empty">
          {t('deposit.promotionEmpty')}
        </p>
      ) : (
        <ul className="-mx-1 flex snap-x gap-2 overflow-x-auto px-1 pb-1">
          {promotions.map((promotion) => (
            <li key={promotion.id} className="w-64 shrink-0 snap-start overflow-hidden rounded-xl border border-primary/25 bg-black/30">
              {promotion.imageUrl && <img src={promotion.imageUrl} alt="" className="aspect-[16/7] w-full object-cover" loading="lazy" />}
              <p className="truncate px-3 py-2 text-sm font-semibold">{promotion.title}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function DepositRules() {
  const { t } = useTranslation();
  const list = translateList('deposit.rules');
  return (
    <section aria-labelledby="deposit-rules-title" className="rounded-xl border border-white/10 bg-black/20 p-3" data-testid="deposit-rules">
      <h3 id="deposit-rules-title" className="mb-2 text-sm font-bold text-primary">
        {t('deposit.rulesTitle')}
      </h3>
      <ol className="list-decimal space-y-1.5 pl-5 text-xs leading-relaxed text-ink/80">
        {list.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ol>
    </section>
  );
}

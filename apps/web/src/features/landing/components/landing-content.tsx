import type { Promotion, SiteSettings } from '@sabai/contracts';
import type { ComponentType, ReactNode, SVGProps } from 'react';
import { useTranslation } from '../../../lib/translate.ts';
import { joinThaiList } from '../../../lib/format.ts';
import { BankLogo } from '../../../components/ui/bank-logo.tsx';
import {
  BoltIcon,
  CardsIcon,
  ChartIcon,
  ChatIcon,
  DepositIcon,
  GameIcon,
  ShieldIcon,
  SlotIcon,
  WithdrawIcon,
} from '../../../components/ui/icons.tsx';
import { PromotionCard } from '../../../components/ui/promotion-card.tsx';

/** Anchor of the promotions section, the target of the menu's "promotion" entry. */
export const PROMOTIONS_ANCHOR = 'promotions';

interface LandingContentProps {
  settings: SiteSettings | null;
  referralCode: string | null;
  onRegister: () => void;
  onLogin: () => void;
}

/** The public landing page (spec §2 Index): hero, why-us tiles, categories, promotions, banks. */
export function LandingContent({ settings, referralCode, onRegister, onLogin }: LandingContentProps) {
  const { t } = useTranslation();
  const siteName = settings?.siteName ?? 'Sabai';
  return (
    <div className="space-y-8 pb-10">
      <Hero siteName={siteName} categories={categoriesOf(settings?.Product ?? [])} referralCode={referralCode} onRegister={onRegister} onLogin={onLogin} />
      <Section title={t('landing.featuresTitle')}>
        <div className="grid grid-cols-2 gap-3">
          <Tile Icon={DepositIcon} title={t('landing.featureDepositTitle')} text={t('landing.featureDepositText')} accent />
          <Tile Icon={WithdrawIcon} title={t('landing.featureWithdrawTitle')} text={t('landing.featureWithdrawText')} accent />
          <Tile Icon={ShieldIcon} title={t('landing.featureSafeTitle')} text={t('landing.featureSafeText')} />
          <Tile Icon={ChatIcon} title={t('landing.featureSupportTitle')} text={t('landing.featureSupportText')} />
        </div>
      </Section>
      <Categories products={settings?.Product ?? []} onSelect={onRegister} />
      <Promotions promotions={settings?.Promotion ?? []} />
      <Section title={t('landing.stepsTitle')}>
        <ol className="card divide-y divide-white/10">
          {[t('landing.step1'), t('landing.step2'), t('landing.step3')].map((text, index) => (
            <li key={text} className="flex items-center gap-3 px-4 py-3">
              <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-bold text-page">{index + 1}</span>
              <span className="text-sm">{text}</span>
            </li>
          ))}
        </ol>
        <button type="button" className="btn-primary mt-4 w-full" onClick={onRegister}>
          {t('landing.ctaRegister')}
        </button>
      </Section>
      {settings && settings.getNameBank.length > 0 && (
        <Section title={t('landing.banksTitle')}>
          <ul className="flex flex-wrap justify-center gap-2.5" data-testid="landing-banks">
            {settings.getNameBank.map((bank) => (
              <li key={bank.code} title={bank.officialName}>
                <BankLogo logoUrl={bank.logo} shortName={bank.shortName} color={bank.color} className="size-9" />
              </li>
            ))}
          </ul>
        </Section>
      )}
      <footer className="space-y-1 border-t border-white/10 pt-6 text-center text-xs text-ink/50">
        <p>{t('landing.footerNotice')}</p>
        <p>{t('landing.copyright', { year: new Date().getFullYear(), siteName })}</p>
      </footer>
    </div>
  );
}

interface HeroProps {
  siteName: string;
  /** The categories the site offers (settings Product), named in the subtitle. */
  categories: string[];
  referralCode: string | null;
  onRegister: () => void;
  onLogin: () => void;
}

function Hero({ siteName, categories, referralCode, onRegister, onLogin }: HeroProps) {
  const { t } = useTranslation();
  const offered = joinThaiList(categories.map((category) => t(`categories.${category.toUpperCase()}`, { defaultValue: category })));
  return (
    <section className="card-gold relative overflow-hidden px-5 pb-6 pt-7 text-center" data-testid="landing-hero">
      <div className="pointer-events-none absolute -right-10 -top-10 size-40 rounded-full bg-primary/20 blur-3xl" aria-hidden="true" />
      <div className="pointer-events-none absolute -bottom-12 -left-10 size-40 rounded-full bg-secondary/30 blur-3xl" aria-hidden="true" />
      <HeroArt />
      <span className="relative inline-flex items-center gap-1 rounded-full border border-primary/50 bg-black/30 px-3 py-1 text-xs font-semibold text-primary">
        <BoltIcon className="size-3.5" />
        {t('landing.heroBadge')}
      </span>
      <h1 className="text-gold-gradient relative mt-3 text-4xl font-extrabold leading-tight">{t('landing.heroTitle', { siteName })}</h1>
      <p className="relative mt-2 text-base font-semibold" data-testid="landing-subtitle">
        {t('landing.heroSubtitle', { categories: offered })}
      </p>
      <p className="relative mt-2 text-sm leading-relaxed text-ink/70">{t('landing.heroText')}</p>
      {referralCode && (
        <p className="relative mt-3 rounded-lg bg-black/30 px-3 py-2 text-xs text-primary" data-testid="landing-referral">
          {t('landing.referralNotice', { code: referralCode })}
        </p>
      )}
      <div className="relative mt-5 grid gap-3">
        <button type="button" className="btn-primary w-full text-lg" onClick={onRegister} data-testid="hero-register">
          {t('landing.ctaRegister')}
        </button>
        <button type="button" className="btn-outline w-full" onClick={onLogin} data-testid="hero-login">
          {t('landing.ctaLogin')}
        </button>
      </div>
    </section>
  );
}

/** Decorative chips and cards drawn in CSS/SVG: no image download on the landing page. */
function HeroArt() {
  return (
    <div className="relative mx-auto mb-4 flex h-24 items-end justify-center" aria-hidden="true">
      <div className="absolute left-1/2 top-2 h-20 w-14 -translate-x-[115%] -rotate-12 rounded-lg border border-white/40 bg-gradient-to-b from-white to-slate-200 shadow-xl">
        <span className="absolute left-1.5 top-1 text-sm font-black text-red-600">A</span>
        <span className="absolute inset-0 flex items-center justify-center text-3xl text-red-600">♥</span>
      </div>
      <div className="absolute left-1/2 top-0 h-20 w-14 -translate-x-1/2 rounded-lg border border-white/40 bg-gradient-to-b from-white to-slate-200 shadow-xl">
        <span className="absolute left-1.5 top-1 text-sm font-black text-slate-900">K</span>
        <span className="absolute inset-0 flex items-center justify-center text-3xl text-slate-900">♠</span>
      </div>
      <div className="absolute left-1/2 top-2 h-20 w-14 translate-x-[15%] rotate-12 rounded-lg border border-white/40 bg-gradient-to-b from-white to-slate-200 shadow-xl">
        <span className="absolute left-1.5 top-1 text-sm font-black text-red-600">Q</span>
        <span className="absolute inset-0 flex items-center justify-center text-3xl text-red-600">♦</span>
      </div>
      <Chip className="left-[12%] top-10" color="bg-secondary" />
      <Chip className="right-[12%] top-8" color="bg-primary" />
    </div>
  );
}

function Chip({ className, color }: { className: string; color: string }) {
  return (
    <span className={`absolute ${className} size-10 rounded-full ${color} border-4 border-dashed border-white/80 shadow-lg`}>
      <span className="absolute inset-1.5 rounded-full border-2 border-white/60" />
    </span>
  );
}

function Section({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  return (
    // Below the sticky header (logo row, announcement strip, maintenance banner) when a link scrolls here.
    <section id={id} className="scroll-mt-36">
      <h2 className="mb-3 flex items-center gap-2 text-lg font-bold">
        <span className="h-5 w-1.5 rounded-full bg-primary" aria-hidden="true" />
        {title}
      </h2>
      {children}
    </section>
  );
}

function Tile({ Icon, title, text, accent = false }: { Icon: ComponentType<SVGProps<SVGSVGElement>>; title: string; text: string; accent?: boolean }) {
  return (
    <div className={`rounded-2xl border p-4 ${accent ? 'border-primary/40 bg-gradient-to-b from-primary/15 to-transparent' : 'border-white/10 bg-surface/70'}`}>
      <Icon className="size-8 text-primary" />
      <p className="mt-2 font-bold">{title}</p>
      <p className="mt-0.5 text-xs leading-relaxed text-ink/65">{text}</p>
    </div>
  );
}

/** When settings name no category: the two every partner we know offers (never one that leads nowhere). */
const DEFAULT_CATEGORIES = ['LIVECASINO', 'EGAMES'];
const categoriesOf = (products: string[]) => (products.length > 0 ? products : DEFAULT_CATEGORIES);
const CATEGORY_ICONS: Record<string, ComponentType<SVGProps<SVGSVGElement>>> = {
  LIVECASINO: CardsIcon,
  EGAMES: SlotIcon,
  SLOT: SlotIcon,
  POKER: CardsIcon,
  TRADING: ChartIcon,
};
const CATEGORY_GRADIENTS = [
  'from-rose-600/70 to-rose-950/60',
  'from-amber-500/70 to-amber-950/60',
  'from-emerald-600/70 to-emerald-950/60',
  'from-sky-600/70 to-sky-950/60',
];

function Categories({ products, onSelect }: { products: string[]; onSelect: () => void }) {
  const { t } = useTranslation();
  const categories = categoriesOf(products);
  return (
    <Section title={t('landing.categoriesTitle')}>
      <ul className="grid grid-cols-2 gap-3" data-testid="landing-categories">
        {categories.map((category, index) => {
          const Icon = CATEGORY_ICONS[category.toUpperCase()] ?? GameIcon;
          return (
            <li key={category}>
              <button
                type="button"
                onClick={onSelect}
                className={`relative flex h-24 w-full items-end overflow-hidden rounded-2xl border border-white/10 bg-gradient-to-br p-3 text-left ${CATEGORY_GRADIENTS[index % CATEGORY_GRADIENTS.length]}`}
              >
                <Icon className="absolute -right-2 -top-2 size-20 text-white/20" />
                <span className="relative text-base font-bold text-white drop-shadow">
                  {t(`categories.${category.toUpperCase()}`, { defaultValue: category })}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

function Promotions({ promotions }: { promotions: Promotion[] }) {
  const { t } = useTranslation();
  return (
    <Section title={t('landing.promotionsTitle')} id={PROMOTIONS_ANCHOR}>
      {promotions.length === 0 ? (
        <p className="card px-4 py-6 text-center text-sm text-ink/60" data-testid="landing-promotions-empty">
          {t('landing.promotionsEmpty')}
        </p>
      ) : (
        // scroll-px-4: cards snap to the page's 16 px margin, not to the screen's edge.
        <ul className="-mx-4 flex snap-x scroll-px-4 gap-3 overflow-x-auto px-4 pb-2" data-testid="landing-promotions">
          {promotions.map((promotion) => (
            <li key={promotion._id} className="w-72 shrink-0 snap-start">
              <PromotionCard promotion={promotion} className="h-full" />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

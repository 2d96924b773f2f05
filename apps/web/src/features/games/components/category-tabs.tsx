import { useTranslation } from '../../../lib/translate.ts';
import { Link } from 'react-router';
import type { GameCategory } from '../catalogues/types.ts';
import { categoryPath } from '../lobby-route.ts';
import { CategoryIcon } from './category-icon.tsx';

/**
 * The lobby's category tabs (คาสิโน, สล็อต, โป๊กเกอร์, เทรด), only those the partner can launch:
 * links, so each category has its URL.
 */
export function CategoryTabs({ active, categories }: { active: GameCategory | null; categories: readonly GameCategory[] }) {
  const { t } = useTranslation();
  if (categories.length === 0) return null;
  return (
    <nav aria-label={t('games.tabsLabel')} className="-mx-1" data-testid="lobby-tabs">
      <ul className="grid gap-1.5 rounded-2xl border border-white/10 bg-black/30 p-1.5" style={{ gridTemplateColumns: `repeat(${categories.length}, minmax(0, 1fr))` }}>
        {categories.map((category) => {
          const isActive = category === active;
          return (
            <li key={category}>
              <Link
                to={categoryPath(category)}
                aria-current={isActive ? 'page' : undefined}
                className={`flex flex-col items-center gap-0.5 rounded-xl px-1 py-2 text-xs font-semibold transition ${
                  isActive ? 'bg-gradient-to-b from-primary to-primary/70 text-page shadow-lg shadow-primary/20' : 'text-ink/75 active:bg-white/5'
                }`}
                data-testid={`lobby-tab-${category}`}
              >
                <CategoryIcon category={category} className="size-6" />
                {t(`games.tabs.${category}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

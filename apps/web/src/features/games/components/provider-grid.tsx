import { useTranslation } from '../../../lib/translate.ts';
import { Link } from 'react-router';
import type { ProviderEntry } from '../catalogues/types.ts';
import { providerPath } from '../lobby-route.ts';

/** The providers of one category as logo tiles, three across on a phone. */
export function ProviderGrid({ providers }: { providers: readonly ProviderEntry[] }) {
  const { t } = useTranslation();
  if (providers.length === 0) {
    return (
      <p className="card p-6 text-center text-sm text-ink/65" data-testid="providers-empty">
        {t('games.noProviders')}
      </p>
    );
  }
  return (
    <ul className="grid grid-cols-3 gap-2.5" data-testid="provider-grid">
      {providers.map((provider) => (
        <li key={`${provider.category}-${provider.ch}-${provider.gameType}`}>
          <Link
            to={providerPath(provider)}
            className="group block overflow-hidden rounded-2xl shadow-lg shadow-black/40 ring-1 ring-white/10 transition active:scale-[0.97]"
            data-testid="provider-tile"
            data-ch={provider.ch}
            data-category={provider.category}
          >
            <img src={provider.img} alt={provider.name} width={240} height={240} loading="lazy" className="block aspect-square w-full" />
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The chosen provider among its neighbours: a strip to switch providers without going back. */
export function ProviderStrip({ providers, chosen }: { providers: readonly ProviderEntry[]; chosen: ProviderEntry }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('games.chooseProvider')} className="-mx-4 overflow-x-auto px-4 py-1.5 [scrollbar-width:none]" data-testid="provider-strip">
      <ul className="flex w-max gap-2">
        {providers.map((provider) => {
          const isChosen = provider === chosen;
          return (
            <li key={`${provider.ch}-${provider.gameType}`}>
              <Link
                to={providerPath(provider)}
                replace
                aria-current={isChosen ? 'page' : undefined}
                className={`block w-[4.5rem] overflow-hidden rounded-xl transition ${isChosen ? 'ring-2 ring-primary' : 'opacity-70 ring-1 ring-white/10'}`}
                data-testid="provider-strip-item"
                data-ch={provider.ch}
              >
                <img src={provider.img} alt={provider.name} width={240} height={240} loading="lazy" className="block aspect-square w-full" />
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

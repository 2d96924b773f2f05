import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/translate.ts';
import { Link } from 'react-router';
import { useDialogs } from '../../../components/ui/dialogs.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useLaunchGame } from '../api/launch-game.ts';
import { gameReturnUrl } from './game-frame.tsx';
import type { PartnerGame } from '../api/schemas.ts';
import { categoriesWithProviders, findProvider, providersOf } from '../catalogues/select-catalogue.ts';
import type { Catalogue, GameCategory } from '../catalogues/types.ts';
import { LOBBY_CATEGORIES, categoryPath, type LobbyRoute } from '../lobby-route.ts';
import { CategoryTabs } from './category-tabs.tsx';
import { GameGrid } from './game-grid.tsx';
import { ProviderGrid, ProviderStrip } from './provider-grid.tsx';

const bannerOf = (category: GameCategory) => `/games/categories/${category.toLowerCase()}.svg`;

interface GameLobbyProps {
  /** The catalogue cut to what the partner can launch (launchableCatalogue): no tile leads nowhere. */
  catalogue: Catalogue;
  route: LobbyRoute;
  /** Opens the partner's launch URL in the site's game frame (GameFrame); the lobby stays underneath. */
  openUrl: (url: string) => void;
}

/**
 * The game lobby (spec §2 /play): category tabs; a category's providers from the catalogue; a
 * provider's games from the partner; a game tile launches it into the site's game frame and the
 * game's "กลับสู่เว็บไซต์" link closes the frame, back on this page (issue 26 §2). Only categories with a provider the
 * partner can launch are offered; a category link with none (e.g. /user/poker) says so.
 */
export function GameLobby({ catalogue, route, openUrl }: GameLobbyProps) {
  const { t } = useTranslation();
  const categories = categoriesWithProviders(catalogue, LOBBY_CATEGORIES);
  return (
    <div className="space-y-4" data-testid="game-lobby" data-catalogue={catalogue.id}>
      <CategoryTabs active={route.category} categories={categories} />
      {route.category ? (
        <CategoryView catalogue={catalogue} category={route.category} route={route} openUrl={openUrl} />
      ) : (
        <CategoryBanners categories={categories} />
      )}
      <p className="px-1 text-center text-xs leading-relaxed text-ink/55" data-testid="lobby-wallet-note">
        {t('games.walletNote')}
      </p>
    </div>
  );
}

function CategoryBanners({ categories }: { categories: readonly GameCategory[] }) {
  const { t } = useTranslation();
  if (categories.length === 0) {
    return (
      <p className="card p-6 text-center text-sm leading-relaxed text-ink/70" data-testid="lobby-empty">
        {t('games.noGames')}
      </p>
    );
  }
  return (
    <section aria-label={t('games.chooseCategory')} className="space-y-3" data-testid="category-banners">
      <h2 className="px-1 text-sm font-bold text-primary">{t('games.chooseCategory')}</h2>
      <ul className="space-y-3">
        {categories.map((category) => (
          <li key={category}>
            <Link
              to={categoryPath(category)}
              className="block overflow-hidden rounded-2xl shadow-xl shadow-black/40 transition active:scale-[0.98]"
              data-testid={`category-banner-${category}`}
            >
              <img src={bannerOf(category)} alt={t(`games.categoryTitle.${category}`)} width={720} height={300} className="block aspect-[12/5] w-full" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function CategoryView({ catalogue, category, route, openUrl }: { catalogue: Catalogue; category: GameCategory; route: LobbyRoute; openUrl: (url: string) => void }) {
  const { t } = useTranslation();
  const providers = providersOf(catalogue, category);
  const chosen = route.ch ? findProvider(catalogue, category, route.ch, route.gameType ?? undefined) : undefined;
  const categoryName = t(`games.categoryTitle.${category}`);

  if (providers.length === 0) {
    return (
      <p className="card p-6 text-center text-sm leading-relaxed text-ink/70" data-testid="category-empty" data-category={category}>
        {t('games.noProviders', { category: categoryName })}
      </p>
    );
  }

  if (!route.ch) {
    return (
      <section aria-label={t('games.providersLabel', { category: categoryName })} className="space-y-3" data-testid="category-providers" data-category={category}>
        <img src={bannerOf(category)} alt={categoryName} width={720} height={300} className="block aspect-[12/5] w-full rounded-2xl shadow-xl shadow-black/40" />
        <div className="flex items-baseline justify-between px-1">
          <h2 className="text-sm font-bold text-primary">{t('games.chooseProvider')}</h2>
          <span className="text-xs text-ink/55">{t('games.providerCount', { count: providers.length })}</span>
        </div>
        <ProviderGrid providers={providers} />
      </section>
    );
  }

  if (!chosen) {
    return (
      <section className="space-y-3" data-testid="provider-unknown">
        <p className="card p-5 text-center text-sm text-ink/70">{t('games.unknownProvider')}</p>
        <ProviderGrid providers={providers} />
      </section>
    );
  }

  return (
    <section aria-label={t('games.gamesOf', { provider: chosen.name })} className="space-y-3" data-testid="provider-games" data-ch={chosen.ch}>
      {providers.length > 1 && <ProviderStrip providers={providers} chosen={chosen} />}
      <div className="card-gold flex items-center gap-3 p-3">
        <img src={chosen.img} alt="" width={240} height={240} className="size-14 rounded-xl" />
        <div className="min-w-0 flex-1">
          <p className="text-xs text-ink/60">{categoryName}</p>
          <h2 className="truncate text-lg font-bold" data-testid="provider-name">
            {chosen.name}
          </h2>
        </div>
        <Link to={categoryPath(category)} className="btn-outline shrink-0 px-3 py-1.5 text-xs" data-testid="change-provider">
          {t('games.changeProvider')}
        </Link>
      </div>
      <LaunchableGames provider={chosen} openUrl={openUrl} />
    </section>
  );
}

function LaunchableGames({ provider, openUrl }: { provider: NonNullable<ReturnType<typeof findProvider>>; openUrl: (url: string) => void }) {
  const { showError } = useDialogs();
  const launch = useLaunchGame();
  const [launchingCode, setLaunchingCode] = useState<string | null>(null);

  // Back from the game through the browser's back button: the page may come from the back-forward
  // cache with the tile still "launching".
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setLaunchingCode(null);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const start = (game: PartnerGame) => {
    if (launchingCode !== null) return;
    setLaunchingCode(game.code);
    // The game's "กลับสู่เว็บไซต์" loads GAME_CLOSED_PATH, which closes the game frame (this page stays).
    launch.mutate(
      { gameCode: game.code, returnUrl: gameReturnUrl() },
      {
        onSuccess: (url) => {
          setLaunchingCode(null);
          openUrl(url);
        },
        onError: (error) => {
          setLaunchingCode(null);
          showError(errorMessage(error));
        },
      },
    );
  };

  return <GameGrid provider={provider} launchingCode={launchingCode} onLaunch={start} />;
}

import { useState } from 'react';
import { useTranslation } from '../../../lib/translate.ts';
import { errorMessage } from '../../../lib/api.ts';
import { useGames } from '../api/get-games.ts';
import type { PartnerGame } from '../api/schemas.ts';
import type { ProviderEntry } from '../catalogues/types.ts';

const PLACEHOLDER_IMAGE = '/games/game-placeholder.svg';

interface GameGridProps {
  provider: ProviderEntry;
  /** The game being opened, if any: its tile shows progress and the others wait. */
  launchingCode: string | null;
  onLaunch: (game: PartnerGame) => void;
}

/** The chosen provider's games from the partner (`GET /game-composite/v1/games`), two across. */
export function GameGrid({ provider, launchingCode, onLaunch }: GameGridProps) {
  const { t } = useTranslation();
  const games = useGames(provider.category, provider.ch);

  if (games.isPending) {
    return (
      <div role="status" aria-label={t('games.loadingGames')} className="grid grid-cols-2 gap-3" data-testid="games-loading">
        {[0, 1, 2, 3].map((index) => (
          <div key={index} className="aspect-[4/5] animate-pulse rounded-2xl bg-white/5" />
        ))}
      </div>
    );
  }
  if (games.isError) {
    return (
      <div className="card p-6 text-center" role="alert" data-testid="games-error">
        <p className="text-sm text-red-300">{t('games.loadError')}</p>
        <p className="mt-1 text-xs text-ink/60">{errorMessage(games.error)}</p>
        <button type="button" className="btn-outline mt-4 px-4 py-2 text-sm" onClick={() => void games.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (games.data.length === 0) {
    return (
      <div className="card flex flex-col items-center px-6 py-8 text-center" data-testid="games-empty">
        <img src={provider.img} alt="" width={240} height={240} className="size-20 rounded-2xl opacity-60 grayscale" />
        <p className="mt-4 text-sm font-semibold text-ink/85">{t('games.emptyProvider')}</p>
        <p className="mt-1 text-xs text-ink/55">{t('games.emptyProviderHint')}</p>
      </div>
    );
  }
  return (
    <ul className="grid grid-cols-2 gap-3" data-testid="game-grid">
      {games.data.map((game) => (
        <li key={game.code}>
          <GameTile game={game} isLaunching={launchingCode === game.code} isDisabled={launchingCode !== null} onLaunch={onLaunch} />
        </li>
      ))}
    </ul>
  );
}

function GameTile({ game, isLaunching, isDisabled, onLaunch }: { game: PartnerGame; isLaunching: boolean; isDisabled: boolean; onLaunch: (game: PartnerGame) => void }) {
  const { t } = useTranslation();
  const [imageFailed, setImageFailed] = useState(false);
  return (
    <button
      type="button"
      onClick={() => onLaunch(game)}
      disabled={isDisabled}
      aria-busy={isLaunching}
      className="group relative block w-full overflow-hidden rounded-2xl bg-surface text-left shadow-lg shadow-black/40 ring-1 ring-white/10 transition active:scale-[0.97] disabled:cursor-wait"
      data-testid="game-tile"
      data-code={game.code}
    >
      <img
        src={imageFailed || !game.imageUrl ? PLACEHOLDER_IMAGE : game.imageUrl}
        alt=""
        width={240}
        height={240}
        loading="lazy"
        referrerPolicy="no-referrer"
        onError={() => setImageFailed(true)}
        className="block aspect-square w-full object-cover"
      />
      <span className="block px-2.5 pb-2.5 pt-2">
        <span className="block truncate text-sm font-bold text-ink" data-testid="game-name">
          {game.name}
        </span>
        <span className="mt-1.5 flex h-8 items-center justify-center rounded-lg bg-gradient-to-b from-primary to-primary/75 text-xs font-bold text-page">
          {isLaunching ? t('games.launching') : t('games.play')}
        </span>
      </span>
      {isLaunching && (
        <span className="absolute inset-0 flex items-center justify-center bg-black/55" role="status" aria-label={t('games.launching')}>
          <span className="size-9 animate-spin rounded-full border-4 border-primary/30 border-t-primary" />
        </span>
      )}
    </button>
  );
}

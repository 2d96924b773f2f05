import { useTranslation } from '../../../lib/translate.ts';
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { touchPlaySession } from '../../../features/responsible-gaming/api/responsible-gaming.ts';
import { RealityCheck } from '../../../features/responsible-gaming/components/reality-check.tsx';
import { usePartnerGames } from '../../../features/games/api/get-games.ts';
import { useCatalogue } from '../../../features/games/catalogue-store.ts';
import { launchableCatalogue } from '../../../features/games/catalogues/select-catalogue.ts';
import { GameFrame } from '../../../features/games/components/game-frame.tsx';
import { GameLobby } from '../../../features/games/components/game-lobby.tsx';
import { parseLobbyRoute } from '../../../features/games/lobby-route.ts';
import { errorMessage } from '../../../lib/api.ts';
import { MemberPage } from './member-page.tsx';


/**
 * `/user/play/:category?/:gameType?/:ch?` and the category shortcuts `/user/slot`,
 * `/user/baccarat`, `/user/poker`, `/user/trading` (spec §2): the game lobby of the catalogue
 * chosen from the site settings (spec §1), cut to the providers the partner lists games for, so
 * no tile ends in "not open yet" (issue 14 §3; docs/adr/0015). A launched game plays in the
 * site's game frame over the lobby, so the reality check of this page shows during play, not only
 * back in the lobby (issue 26 §2, docs/adr/0044).
 */
export function Component() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const params = useParams();
  const catalogue = useCatalogue();
  const partnerGames = usePartnerGames();
  const navigate = useNavigate();
  const [gameUrl, setGameUrl] = useState<string | null>(null);

  const route = parseLobbyRoute(pathname, params);
  const title = route.category ? t(`games.categoryTitle.${route.category}`) : t('games.title');
  return (
    <MemberPage title={title} testId="play-page">
      <RealityCheck loadSession={touchPlaySession} onLeave={() => void navigate(paths.user.home)} />
      {gameUrl && <GameFrame url={gameUrl} onClose={() => setGameUrl(null)} />}
      {partnerGames.data ? (
        <GameLobby catalogue={launchableCatalogue(catalogue, partnerGames.data)} route={route} openUrl={setGameUrl} />
      ) : partnerGames.error ? (
        <div className="card p-6 text-center" role="alert" data-testid="lobby-error">
          <p className="text-sm text-red-300">{t('games.loadError')}</p>
          <p className="mt-1 text-xs text-ink/60">{errorMessage(partnerGames.error)}</p>
          <button type="button" className="btn-outline mt-4 px-4 py-2 text-sm" onClick={() => void partnerGames.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : (
        <p className="card p-6 text-center text-sm text-ink/60" role="status" data-testid="lobby-loading">
          {t('games.loadingGames')}
        </p>
      )}
    </MemberPage>
  );
}

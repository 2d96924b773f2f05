import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useCatalogue } from '../../../features/games/catalogue-store.ts';
import { GameLobby } from '../../../features/games/components/game-lobby.tsx';
import { parseLobbyRoute } from '../../../features/games/lobby-route.ts';
import { useSession } from '../../../lib/session.ts';
import { MemberPage } from './member-page.tsx';

/** Phones and desktops alike: the partner's page replaces ours, and its back link returns here. */
const openInThisTab = (url: string) => window.location.assign(url);

/**
 * `/user/play/:category?/:gameType?/:ch?` and the category shortcuts `/user/slot`,
 * `/user/baccarat`, `/user/poker`, `/user/trading` (spec §2): the game lobby of the catalogue
 * chosen from the site settings (spec §1).
 */
export function Component() {
  const { t } = useTranslation();
  const { token } = useSession();
  const { pathname } = useLocation();
  const params = useParams();
  const catalogue = useCatalogue();
  if (!token) return <Navigate to={paths.index} replace />;

  const route = parseLobbyRoute(pathname, params);
  const title = route.category ? t(`games.categoryTitle.${route.category}`) : t('games.title');
  return (
    <MemberPage title={title} testId="play-page">
      <GameLobby catalogue={catalogue} route={route} openUrl={openInThisTab} />
    </MemberPage>
  );
}

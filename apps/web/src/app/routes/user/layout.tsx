import { Outlet, useMatches } from 'react-router';
import { MemberShell } from '../../../components/layouts/member-shell.tsx';
import { ROUTES_WITHOUT_CHROME } from '../../../config/route-names.ts';
import { useGameWallet } from '../../../features/games/api/get-game-wallet.ts';
import { useSession } from '../../../lib/session.ts';
import { useSiteSettings } from '../../../lib/site-settings.ts';
import { LiveBalanceUpdates } from '../../live-balance-updates.tsx';
import { routeNameOf } from '../../route-name.ts';

/** Frame of the member app under /user/ (spec §2). */
export function Component() {
  const routeName = routeNameOf(useMatches());
  const { token, user } = useSession();
  const { settings } = useSiteSettings();
  // The header shows main + the partner's live game wallet, like the member card.
  const gameWallet = useGameWallet();
  return (
    <>
      {/* Outside the shell: pages with and without chrome must not restart the event stream. */}
      <LiveBalanceUpdates />
      <MemberShell settings={settings} user={token ? user : null} showChrome={!ROUTES_WITHOUT_CHROME.has(routeName)} liveWallet={token ? gameWallet.data : null}>
        <Outlet />
      </MemberShell>
    </>
  );
}

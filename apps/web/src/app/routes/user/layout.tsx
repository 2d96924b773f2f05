import { Outlet, useLocation, useMatches } from 'react-router';
import { MemberShell } from '../../../components/layouts/member-shell.tsx';
import { ROUTES_WITHOUT_CHROME } from '../../../config/route-names.ts';
import { useGameWallet } from '../../../features/games/api/get-game-wallet.ts';
import { useSession } from '../../../lib/session.ts';
import { useSiteSettings } from '../../../lib/site-settings.ts';
import { dialogShownByPage } from '../../footer-dialogs/footer-dialog-store.ts';
import { FooterDialogs, FooterDialogsProvider, useFooterDialogs } from '../../footer-dialogs/footer-dialogs.tsx';
import { LiveBalanceUpdates } from '../../../features/member/components/live-balance-updates.tsx';
import { routeNameOf } from '../../route-name.ts';

/** Frame of the member app under /user/ (spec §2). */
export function Component() {
  const { token } = useSession();
  return (
    <>
      {/* Outside the shell: pages with and without chrome must not restart the event stream. */}
      <LiveBalanceUpdates />
      <FooterDialogsProvider isSignedIn={token !== null}>
        <MemberFrame />
      </FooterDialogsProvider>
    </>
  );
}

/** The shell with the signed-in footer's dialogs wired in (spec §2 "The footer hosts…"). */
function MemberFrame() {
  const routeName = routeNameOf(useMatches());
  const { pathname } = useLocation();
  const { token, user } = useSession();
  const { settings } = useSiteSettings();
  // The header shows main + the partner's live game wallet, like the member card.
  const gameWallet = useGameWallet();
  const footerDialogs = useFooterDialogs();
  const showing = footerDialogs.current ?? dialogShownByPage(pathname);
  return (
    <MemberShell
      settings={settings}
      user={token ? user : null}
      showChrome={!ROUTES_WITHOUT_CHROME.has(routeName)}
      liveWallet={token ? gameWallet.data : null}
      footerDialogs={{
        openPromotion: () => footerDialogs.open('promotion'),
        openMemberCard: () => footerDialogs.open('member-card'),
        showing: showing === 'promotion' || showing === 'member-card' ? showing : null,
        host: <FooterDialogs />,
      }}
    >
      <Outlet />
    </MemberShell>
  );
}

import type { SiteSettings, UserInfo } from '@sabai/contracts';
import { useEffect, useMemo } from 'react';
import { MemberShell, type FooterDialogControls } from '../../components/layouts/member-shell.tsx';
import { AppLinksProvider, plainLinks } from '../../components/ui/app-link.tsx';
import { DialogProvider } from '../../components/ui/dialogs.tsx';
import { BonusChoiceButton, MemberCard } from '../../features/member/components/member-card.tsx';
import { MemberHome } from '../../features/member/components/member-home.tsx';
import { shownTurnover } from '../../features/member/shown-turnover.ts';
import { bonusTitle } from '../../lib/promotions.ts';
import { usePublicSiteSettings } from '../../lib/use-public-site-settings.ts';
import { MENU_TILE_DIALOGS } from '../member-panels/menu-tile-dialog-list.ts';
import { OpeningSoonGate } from '../opening-soon/opening-soon-gate.tsx';
import { afterFirstContentfulPaint } from './after-first-paint.ts';
import type { FirstLoadCard } from './first-load-card.ts';

interface FirstLoadHomeProps {
  /** The stored session's member (local storage, spec §3): the last known figures, not current ones. */
  user: UserInfo;
  /**
   * The figures the server answered on this visit (app/home/first-load-live.ts), once it has: drawn
   * as current, no longer dimmed. Null until then.
   */
  card?: FirstLoadCard | null;
  /** The settings to draw first (stored, or the server's if it answered in time) and the server's answer. */
  initialSettings: SiteSettings | null;
  settingsRequest: Promise<SiteSettings | null>;
  /** A link was followed before the member app took over: it goes there (app-main.tsx). */
  onLeave: (to: string) => void;
  /** After the first paint: the card's calls are asked for then, not before (docs/adr/0030, 0045). */
  onPainted: () => void;
}

/**
 * The footer dialogs and the refresh buttons need the member app: their buttons do nothing here,
 * but pressing one (any touch, click or key on the page) is what wakes the app (app-main.tsx).
 */
const nothing = () => undefined;
const NO_FOOTER_DIALOGS: FooterDialogControls = { openPromotion: nothing, openMemberCard: nothing, showing: null, host: null };
/** The menu tiles that open dialogs are the same buttons as in the member app. */
const NO_TILE_DIALOGS = Object.fromEntries(MENU_TILE_DIALOGS.map(([tile]) => [tile, nothing]));

/**
 * `/user/home` on a signed-in first load, before the member app has loaded (app-main.tsx,
 * docs/adr/0030): the member shell (header, bottom bar) and the home page drawn with React alone
 * from the stored session and the public settings, with the member app's own components
 * (MemberShell, MemberHome, MemberCard) so nothing moves when it takes over. Until `card` comes
 * the balance and the card's figures are the stored ones, drawn dimmed and marked busy as last
 * known, and the refresh buttons spin; `card` (the refresh, game wallet and turnover calls, asked
 * without the member app: docs/adr/0045) replaces them as current. Links hand over to the member
 * app; the dialog buttons wait for it. The opening-soon page instead while the server says the
 * site is not set up (issue 24 §1); app-main.tsx then does not take over.
 */
export function FirstLoadHome({ user: storedUser, card = null, initialSettings, settingsRequest, onLeave, onPainted }: FirstLoadHomeProps) {
  const settings = usePublicSiteSettings(initialSettings, settingsRequest);
  const links = useMemo(() => plainLinks(onLeave), [onLeave]);
  useEffect(() => afterFirstContentfulPaint(onPainted), [onPainted]);
  const user = card?.user ?? storedUser;
  const isLastKnown = card === null;
  const bonus = user.BonusInfo;
  return (
    <OpeningSoonGate>
      <AppLinksProvider value={links}>
        <DialogProvider>
          <MemberShell settings={settings} user={user} showChrome liveWallet={card?.liveWallet ?? null} isBalanceLastKnown={isLastKnown} footerDialogs={NO_FOOTER_DIALOGS}>
            <MemberHome
              user={user}
              settings={settings}
              dialogOpeners={NO_TILE_DIALOGS}
              memberCard={
                <MemberCard
                  user={user}
                  liveWallet={card?.liveWallet ?? null}
                  liveWalletReadAt={card?.liveWalletReadAt ?? null}
                  turnover={card?.turnover ?? shownTurnover({ bonus, rolling: undefined, gameWallet: undefined })}
                  onRefresh={nothing}
                  isRefreshing={isLastKnown}
                  isLastKnown={isLastKnown}
                  activeBonusTitle={bonusTitle(settings?.Promotion ?? [], bonus.bonusId)}
                  bonusAction={<BonusChoiceButton onClick={nothing} />}
                />
              }
            />
          </MemberShell>
        </DialogProvider>
      </AppLinksProvider>
    </OpeningSoonGate>
  );
}

export { isFirstLoadHomePath } from './first-load-path.ts';

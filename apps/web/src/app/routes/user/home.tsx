import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { AnnouncementPopup } from '../../../components/layouts/announcement.tsx';
import { paths } from '../../../config/paths.ts';
import { MemberMenu, type MenuKey } from '../../../features/member/components/member-menu.tsx';
import { useMember } from '../../../lib/auth.ts';
import { useSession } from '../../../lib/session.ts';
import { useSiteSettings } from '../../../lib/site-settings.ts';
import type { FooterDialogName } from '../../footer-dialogs/footer-dialog-store.ts';
import { useFooterDialogs } from '../../footer-dialogs/footer-dialogs.tsx';
import { MemberCardSection } from '../../member-panels/member-card-section.tsx';

/**
 * Menu tiles that open their footer dialog over the home page instead of going to their page
 * (the pages stay, for links and the back button). Deposit, games, cashback, free credit and the
 * profile still navigate.
 */
const MENU_TILE_DIALOGS: readonly (readonly [tile: MenuKey, dialog: FooterDialogName])[] = [
  ['promotion', 'promotion'],
  ['spinner', 'wheel'],
  ['affiliate', 'affiliate'],
  ['withdraw', 'withdraw'],
  ['history', 'history'],
];

/** `/user/home/:shareToken?` (route name Home): the member card and the member's features. */
export function Component() {
  const { t } = useTranslation();
  const { token } = useSession();
  const member = useMember();
  const { settings } = useSiteSettings();
  const { open } = useFooterDialogs();

  if (!token) return <Navigate to={paths.index} replace />;

  const user = member.data;
  const dialogOpeners: Partial<Record<MenuKey, () => void>> = {};
  for (const [tile, dialog] of MENU_TILE_DIALOGS) dialogOpeners[tile] = () => open(dialog);
  return (
    <div className="space-y-4 pb-6">
      <AnnouncementPopup image={settings?.alertyImage} message={settings?.alertyMessage} />
      {user && <p className="text-sm text-ink/70">{t('member.greeting', { name: user.userName.firstName || user.PhoneNumber })}</p>}
      <MemberCardSection />
      <MemberMenu
        useCashback={settings?.cashBack.usecashBack ?? false}
        useAffiliate={settings?.Affiliate.useAffiliate ?? false}
        dialogOpeners={dialogOpeners}
      />
    </div>
  );
}

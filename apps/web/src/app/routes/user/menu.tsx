import { useTranslation } from '../../../lib/translate.ts';
import { ChatIcon, LogoutIcon } from '../../../components/ui/icons.tsx';
import { LinkList, type LinkListItem } from '../../../components/ui/link-list.tsx';
import { lineContactUrl } from '../../../config/paths.ts';
import { MemberMenu } from '../../../features/member/components/member-menu.tsx';
import { useSiteSettings } from '../../../lib/site-settings.ts';
import { useMenuDialogOpeners } from '../../member-panels/menu-tile-dialogs.ts';
import { useSignOut } from '../../member-panels/use-sign-out.ts';
import { MemberPage } from './member-page.tsx';

/**
 * `/user/menu` (spec §2): every member feature as tiles (the same tiles and dialogs as home, the
 * account and the profile included), then the LINE contact and sign-out.
 */
export function Component() {
  const { t } = useTranslation();
  const { settings } = useSiteSettings();
  const dialogOpeners = useMenuDialogOpeners();
  const signOut = useSignOut();

  // The tiles already lead to the account, profile, history and games: the list holds the rest.
  const items: LinkListItem[] = [
    ...(settings?.LineId ? [{ key: 'contact', label: t('nav.contactLine'), Icon: ChatIcon, href: lineContactUrl(settings.LineId) }] : []),
    { key: 'logout', label: t('nav.logout'), Icon: LogoutIcon, onClick: () => void signOut(), tone: 'danger' as const },
  ];
  return (
    <MemberPage title={t('features.menu')} testId="menu-page">
      <MemberMenu useCashback={settings?.cashBack.usecashBack ?? false} useAffiliate={settings?.Affiliate.useAffiliate ?? false} dialogOpeners={dialogOpeners} />
      <LinkList items={items} label={t('menu.placesLabel')} testId="menu-links" />
    </MemberPage>
  );
}

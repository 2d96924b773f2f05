import type { SiteSettings, UserInfo } from '@sabai/contracts';
import type { ReactNode } from 'react';
import { AppLink } from '../../../components/ui/app-link.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../lib/translate.ts';
import { MemberMenu, type MenuKey } from './member-menu.tsx';

interface MemberHomeProps {
  /** The member (the stored session's until the refresh call answers); undefined while unknown. */
  user: UserInfo | undefined;
  settings: SiteSettings | null;
  /** The member card: the member app's (MemberCardSection) or the first load's drawn from the stored session. */
  memberCard: ReactNode;
  /** Menu tiles that open a footer dialog (app/member-panels/menu-tile-dialogs.ts). */
  dialogOpeners?: Partial<Record<MenuKey, () => void>>;
  /** The announcement popup (the member app only: it is a dialog over the page). */
  popup?: ReactNode;
}

/**
 * The content of `/user/home` (route name Home): greeting, member card, the member's features and
 * the player-protection link. Router-free: the member app's Home route draws it, and so does the
 * first load of /user/home before the member app has loaded (app/home/first-load-home.tsx,
 * docs/adr/0030), so nothing moves when the app takes over.
 */
export function MemberHome({ user, settings, memberCard, dialogOpeners, popup }: MemberHomeProps) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4 pb-6">
      {popup}
      {user && <p className="text-sm text-ink/70">{t('member.greeting', { name: user.userName.firstName || user.PhoneNumber })}</p>}
      {memberCard}
      <MemberMenu
        useCashback={settings?.cashBack.usecashBack ?? false}
        useAffiliate={settings?.Affiliate.useAffiliate ?? false}
        dialogOpeners={dialogOpeners}
        allHref={paths.user.feature('menu')}
      />
      <AppLink to={paths.user.responsibleGaming} className="card flex items-center justify-between px-4 py-3 text-sm font-semibold" data-testid="home-responsible-gaming">
        {t('responsibleGaming.homeLink')}
        <span aria-hidden="true">›</span>
      </AppLink>
    </div>
  );
}

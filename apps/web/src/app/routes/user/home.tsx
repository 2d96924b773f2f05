import { useTranslation } from '../../../lib/translate.ts';
import { Link } from 'react-router';
import { AnnouncementPopup } from '../../../components/layouts/announcement.tsx';
import { paths } from '../../../config/paths.ts';
import { MemberMenu } from '../../../features/member/components/member-menu.tsx';
import { useMember } from '../../../lib/auth.ts';
import { useSiteSettings } from '../../../lib/site-settings.ts';
import { MemberCardSection } from '../../../features/member/components/member-card-section.tsx';
import { useMenuDialogOpeners } from '../../member-panels/menu-tile-dialogs.ts';

/** `/user/home/:shareToken?` (route name Home): the member card and the member's features. */
export function Component() {
  const { t } = useTranslation();
  const member = useMember();
  const { settings } = useSiteSettings();
  const dialogOpeners = useMenuDialogOpeners();


  const user = member.data;
  return (
    <div className="space-y-4 pb-6">
      <AnnouncementPopup image={settings?.alertyImage} message={settings?.alertyMessage} />
      {user && <p className="text-sm text-ink/70">{t('member.greeting', { name: user.userName.firstName || user.PhoneNumber })}</p>}
      <MemberCardSection />
      <MemberMenu
        useCashback={settings?.cashBack.usecashBack ?? false}
        useAffiliate={settings?.Affiliate.useAffiliate ?? false}
        dialogOpeners={dialogOpeners}
        allHref={paths.user.feature('menu')}
      />
      <Link to={paths.user.responsibleGaming} className="card flex items-center justify-between px-4 py-3 text-sm font-semibold" data-testid="home-responsible-gaming">
        {t('responsibleGaming.homeLink')}
        <span aria-hidden="true">›</span>
      </Link>
    </div>
  );
}

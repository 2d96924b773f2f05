import { AnnouncementPopup } from '../../../components/layouts/announcement.tsx';
import { MemberCardSection } from '../../../features/member/components/member-card-section.tsx';
import { MemberHome } from '../../../features/member/components/member-home.tsx';
import { useMember } from '../../../lib/auth.ts';
import { useSiteSettings } from '../../../lib/site-settings.ts';
import { useMenuDialogOpeners } from '../../member-panels/menu-tile-dialogs.ts';

/** `/user/home/:shareToken?` (route name Home): the member card and the member's features. */
export function Component() {
  const member = useMember();
  const { settings } = useSiteSettings();
  const dialogOpeners = useMenuDialogOpeners();
  return (
    <MemberHome
      user={member.data}
      settings={settings}
      popup={<AnnouncementPopup image={settings?.alertyImage} message={settings?.alertyMessage} />}
      memberCard={<MemberCardSection />}
      dialogOpeners={dialogOpeners}
    />
  );
}

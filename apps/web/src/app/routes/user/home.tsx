import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { AnnouncementPopup } from '../../../components/layouts/announcement.tsx';
import { useDialogs } from '../../../components/ui/dialogs.tsx';
import { paths } from '../../../config/paths.ts';
import { MemberCard } from '../../../features/member/components/member-card.tsx';
import { MemberMenu } from '../../../features/member/components/member-menu.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useMember } from '../../../lib/auth.ts';
import { useSession } from '../../../lib/session.ts';
import { useSiteSettings } from '../../../lib/site-settings.ts';

/** `/user/home/:shareToken?` (route name Home): the member card and the member's features. */
export function Component() {
  const { t } = useTranslation();
  const { token } = useSession();
  const member = useMember();
  const { settings } = useSiteSettings();
  const { showError } = useDialogs();

  if (!token) return <Navigate to={paths.index} replace />;

  const refresh = async () => {
    const result = await member.refetch();
    if (result.error) showError(errorMessage(result.error), { messageAsTitle: true });
  };

  const user = member.data;
  return (
    <div className="space-y-4 pb-6">
      <AnnouncementPopup image={settings?.alertyImage} message={settings?.alertyMessage} />
      {user ? (
        <>
          <p className="text-sm text-ink/70">{t('member.greeting', { name: user.userName.firstName || user.PhoneNumber })}</p>
          <MemberCard user={user} onRefresh={() => void refresh()} isRefreshing={member.isFetching} />
        </>
      ) : (
        <div className="card flex h-64 items-center justify-center text-sm text-ink/60" role="status">
          {t('member.sessionChecking')}
        </div>
      )}
      <MemberMenu useCashback={settings?.cashBack.usecashBack ?? false} useAffiliate={settings?.Affiliate.useAffiliate ?? false} />
    </div>
  );
}

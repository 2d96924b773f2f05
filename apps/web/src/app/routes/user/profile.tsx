import { useTranslation } from '../../../lib/translate.ts';
import { Link } from 'react-router';
import { BackIcon, LogoutIcon } from '../../../components/ui/icons.tsx';
import { paths } from '../../../config/paths.ts';
import { updateRememberedPassword } from '../../../features/auth/api/remembered-credentials.ts';
import { ChangePhoneCard } from '../../../features/profile/components/change-phone-card.tsx';
import { ChangePasswordForm } from '../../../features/profile/components/change-password-form.tsx';
import { GameAccount } from '../../../features/profile/components/game-account.tsx';
import { ProfileDetails } from '../../../features/profile/components/profile-details.tsx';
import { LineCard } from '../../../features/profile/components/line-card.tsx';
import { useMember } from '../../../lib/auth.ts';
import { usePromotions } from '../../../features/promotions/api/promotions.ts';
import { bonusTitle } from '../../../lib/promotions.ts';
import { useSiteSettings } from '../../../lib/site-settings.ts';
import { useSignOut } from '../../member-panels/use-sign-out.ts';

/**
 * `/user/profile` (route name Profile): spec dialogs 11 and 13, the LINE card (issue 12), the
 * member's own phone-number change (issue 27 §3), and sign-out.
 */
export function Component() {
  const { t } = useTranslation();
  const logout = useSignOut();
  const member = useMember();
  const { settings } = useSiteSettings();
  const promotions = usePromotions();

  const user = member.data;
  // Spec dialog 11: the title of the promotion whose id is the member's bonusId, otherwise a dash.
  const activeBonusTitle = bonusTitle([...(promotions.data ?? []), ...(settings?.Promotion ?? [])], user?.BonusInfo.bonusId);

  return (
    <div className="px-4 pb-10">
      <header className="sticky top-0 z-20 -mx-4 mb-4 flex items-center gap-2 border-b border-white/10 bg-page/90 px-2 py-3 backdrop-blur">
        <Link to={paths.user.home} className="rounded-full p-2 text-ink" aria-label={t('common.back')} data-testid="profile-back">
          <BackIcon className="size-6" />
        </Link>
        <h1 className="text-lg font-bold">{t('profile.title')}</h1>
      </header>
      {user ? (
        <div className="space-y-4">
          <ProfileDetails user={user} banks={settings?.getNameBank} bonusTitle={activeBonusTitle} />
          <GameAccount gameInfo={user.GameInfo} />
          <LineCard />
          <ChangePhoneCard phoneNumber={user.PhoneNumber} />
          <ChangePasswordForm phoneNumber={user.PhoneNumber} onChanged={(newPassword) => updateRememberedPassword(user.PhoneNumber, newPassword)} />
          <button type="button" className="btn-secondary w-full" onClick={() => void logout()} data-testid="logout">
            <LogoutIcon className="size-5" />
            {t('profile.logout')}
          </button>
        </div>
      ) : (
        <p className="card p-6 text-center text-sm text-ink/60" role="status">
          {t('common.loading')}
        </p>
      )}
    </div>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { AnnouncementPopup } from '../../../components/layouts/announcement.tsx';
import { useDialogs } from '../../../components/ui/dialogs.tsx';
import { paths } from '../../../config/paths.ts';
import { useGameWallet } from '../../../features/games/api/get-game-wallet.ts';
import { useRolling } from '../../../features/member/api/get-rolling.ts';
import { MemberCard } from '../../../features/member/components/member-card.tsx';
import { MemberMenu } from '../../../features/member/components/member-menu.tsx';
import { usePromotions } from '../../../features/promotions/api/promotions.ts';
import { BonusChoiceDialog } from '../../../features/promotions/components/bonus-preference.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useMember } from '../../../lib/auth.ts';
import { bonusTitle } from '../../../lib/promotions.ts';
import { useSession } from '../../../lib/session.ts';
import { useSiteSettings } from '../../../lib/site-settings.ts';

/** `/user/home/:shareToken?` (route name Home): the member card and the member's features. */
export function Component() {
  const { t } = useTranslation();
  const { token } = useSession();
  const member = useMember();
  const gameWallet = useGameWallet();
  const rolling = useRolling();
  const { settings } = useSiteSettings();
  const { showError } = useDialogs();
  const promotions = usePromotions();
  const [choosingBonus, setChoosingBonus] = useState(false);

  if (!token) return <Navigate to={paths.index} replace />;

  // Spec dialog 1 / §4: refreshing the member card re-checks the session (refresh call) and asks
  // the partner for the live game wallet and the turnover again.
  const refresh = async () => {
    const [memberResult, walletResult] = await Promise.all([member.refetch(), gameWallet.refetch(), rolling.refetch()]);
    if (memberResult.error) showError(errorMessage(memberResult.error), { messageAsTitle: true });
    else if (walletResult.error) showError(errorMessage(walletResult.error));
  };
  const bonus = member.data?.BonusInfo;
  // A promotion grant is active: its turnover (BonusInfo) is what a withdrawal waits for.
  const grantActive = Boolean(bonus?.bonusId) && (bonus?.needTurnover ?? 0) > 0;
  const turnover = bonus && grantActive
    ? { now: bonus.nowTurnover, needed: bonus.needTurnover }
    : rolling.data
    ? { now: rolling.data.nowTurnover, needed: rolling.data.needTurnover }
    : gameWallet.data
      ? gameWallet.data.turnover
      : null;

  const user = member.data;
  return (
    <div className="space-y-4 pb-6">
      <AnnouncementPopup image={settings?.alertyImage} message={settings?.alertyMessage} />
      {user ? (
        <>
          <p className="text-sm text-ink/70">{t('member.greeting', { name: user.userName.firstName || user.PhoneNumber })}</p>
          <MemberCard
            user={user}
            liveWallet={gameWallet.data ?? null}
            turnover={turnover}
            onRefresh={() => void refresh()}
            isRefreshing={member.isFetching || gameWallet.isFetching || rolling.isFetching}
            activeBonusTitle={bonusTitle([...(promotions.data ?? []), ...(settings?.Promotion ?? [])], user.BonusInfo.bonusId)}
            bonusAction={
              <button type="button" className="btn-outline shrink-0 px-3 py-1.5 text-xs" onClick={() => setChoosingBonus(true)} data-testid="open-bonus-choice">
                {t('promotion.choiceOpen')}
              </button>
            }
          />
          {choosingBonus && <BonusChoiceDialog isBonus={user.BonusInfo.isBonus} onClose={() => setChoosingBonus(false)} />}
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

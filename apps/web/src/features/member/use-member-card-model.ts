import { useDialogs } from '../../components/ui/dialogs.tsx';
import { useGameWallet } from '../games/api/get-game-wallet.ts';
import { useRolling } from './api/get-rolling.ts';
import { shownTurnover } from './shown-turnover.ts';
import { usePromotions } from '../promotions/api/promotions.ts';
import { errorMessage } from '../../lib/api.ts';
import { useMember } from '../../lib/auth.ts';
import { bonusTitle } from '../../lib/promotions.ts';
import { useSiteSettings } from '../../lib/site-settings.ts';

/**
 * What the member card (spec dialog 1) shows, from the member, the partner's live game wallet,
 * turnover and the promotions. One copy for /user/home and the member-card footer dialog.
 * `user` is undefined until the session check answers.
 */
export function useMemberCardModel() {
  const member = useMember();
  const gameWallet = useGameWallet();
  const rolling = useRolling();
  const promotions = usePromotions();
  const { settings } = useSiteSettings();
  const { showError } = useDialogs();

  // Spec dialog 1 / §4: refreshing the member card re-checks the session (refresh call) and asks
  // the partner for the live game wallet and the turnover again.
  const refresh = async () => {
    const [memberResult, walletResult] = await Promise.all([member.refetch(), gameWallet.refetch(), rolling.refetch()]);
    if (memberResult.error) showError(errorMessage(memberResult.error), { messageAsTitle: true });
    else if (walletResult.error) showError(errorMessage(walletResult.error));
  };

  const user = member.data;
  return {
    user,
    liveWallet: gameWallet.data ?? null,
    liveWalletReadAt: gameWallet.data ? gameWallet.dataUpdatedAt : null,
    turnover: shownTurnover({ bonus: user?.BonusInfo, rolling: rolling.data, gameWallet: gameWallet.data?.turnover }),
    onRefresh: () => void refresh(),
    isRefreshing: member.isFetching || gameWallet.isFetching || rolling.isFetching,
    /** The refresh call has not answered on this visit: `user` is the stored session's (useMember's placeholder). */
    isLastKnown: member.isPlaceholderData,
    activeBonusTitle: user ? bonusTitle([...(promotions.data ?? []), ...(settings?.Promotion ?? [])], user.BonusInfo.bonusId) : null,
  };
}

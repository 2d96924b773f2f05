import { useTranslation } from '../../../lib/translate.ts';
import { errorMessage } from '../../../lib/api.ts';
import { useMember } from '../../../lib/auth.ts';
import { usePromotions } from '../api/promotions.ts';
import { BonusToggle } from './bonus-preference.tsx';
import { PromotionList } from './promotion-list.tsx';

/**
 * Spec dialog 6: the switch for receiving promotions and a card for each promotion, with the
 * list's loading and error states. Shown by `/user/promotion` and by the promotion footer dialog.
 */
export function PromotionPanel() {
  const { t } = useTranslation();
  const member = useMember();
  const promotions = usePromotions();
  const user = member.data;
  return (
    <>
      {user && <BonusToggle isBonus={user.BonusInfo.isBonus} />}
      {promotions.data ? (
        <PromotionList promotions={promotions.data} />
      ) : promotions.error ? (
        <p className="card p-6 text-center text-sm text-red-300" role="alert" data-testid="promotion-list-error">
          {errorMessage(promotions.error)}
        </p>
      ) : (
        <p className="card p-6 text-center text-sm text-ink/60" role="status">
          {t('common.loading')}
        </p>
      )}
    </>
  );
}

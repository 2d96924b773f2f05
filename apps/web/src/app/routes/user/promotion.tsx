import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { usePromotions } from '../../../features/promotions/api/promotions.ts';
import { BonusToggle } from '../../../features/promotions/components/bonus-preference.tsx';
import { PromotionList } from '../../../features/promotions/components/promotion-list.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useMember } from '../../../lib/auth.ts';
import { useSession } from '../../../lib/session.ts';
import { MemberPage } from './member-page.tsx';

/** `/user/promotion`: spec dialog 6, the promotion switch and the promotion cards. */
export function Component() {
  const { t } = useTranslation();
  const { token } = useSession();
  const member = useMember();
  const promotions = usePromotions();
  if (!token) return <Navigate to={paths.index} replace />;
  const user = member.data;

  return (
    <MemberPage title={t('promotion.title')} testId="promotion-page">
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
    </MemberPage>
  );
}

import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { PromotionPanel } from '../../../features/promotions/components/promotion-panel.tsx';
import { useSession } from '../../../lib/session.ts';
import { MemberPage } from './member-page.tsx';

/** `/user/promotion`: spec dialog 6, the promotion switch and the promotion cards. */
export function Component() {
  const { t } = useTranslation();
  const { token } = useSession();
  if (!token) return <Navigate to={paths.index} replace />;
  return (
    <MemberPage title={t('promotion.title')} testId="promotion-page">
      <PromotionPanel />
    </MemberPage>
  );
}

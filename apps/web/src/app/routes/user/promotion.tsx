import { useTranslation } from '../../../lib/translate.ts';
import { PromotionPanel } from '../../../features/promotions/components/promotion-panel.tsx';
import { MemberPage } from './member-page.tsx';

/** `/user/promotion`: spec dialog 6, the promotion switch and the promotion cards. */
export function Component() {
  const { t } = useTranslation();
  return (
    <MemberPage title={t('promotion.title')} testId="promotion-page">
      <PromotionPanel />
    </MemberPage>
  );
}

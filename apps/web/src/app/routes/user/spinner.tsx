import { useTranslation } from '../../../lib/translate.ts';
import { WheelPanel } from '../../../features/rewards/components/wheel-panel.tsx';
import { MemberPage } from './member-page.tsx';

/** `/user/spinner`: the prize wheel, spec dialog 5. */
export function Component() {
  const { t } = useTranslation();
  return (
    <MemberPage title={t('rewards.wheel.title')} testId="spinner-page">
      <WheelPanel />
    </MemberPage>
  );
}

import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { WheelPanel } from '../../../features/rewards/components/wheel-panel.tsx';
import { useSession } from '../../../lib/session.ts';
import { MemberPage } from './member-page.tsx';

/** `/user/spinner`: the prize wheel, spec dialog 5. */
export function Component() {
  const { t } = useTranslation();
  const { token } = useSession();
  if (!token) return <Navigate to={paths.index} replace />;
  return (
    <MemberPage title={t('rewards.wheel.title')} testId="spinner-page">
      <WheelPanel />
    </MemberPage>
  );
}

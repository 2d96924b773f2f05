import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { FreeCreditForm } from '../../../features/rewards/components/free-credit-form.tsx';
import { useSession } from '../../../lib/session.ts';
import { MemberPage } from './member-page.tsx';

/** `/user/free_credit`: redeem an item code. */
export function Component() {
  const { t } = useTranslation();
  const { token } = useSession();
  if (!token) return <Navigate to={paths.index} replace />;
  return (
    <MemberPage title={t('rewards.freeCredit.title')} testId="free-credit-page">
      <FreeCreditForm />
    </MemberPage>
  );
}

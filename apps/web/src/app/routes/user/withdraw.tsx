import { useTranslation } from '../../../lib/translate.ts';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { WithdrawSection } from '../../../features/withdraw/components/withdraw-section.tsx';
import { MemberPage } from './member-page.tsx';

/** `/user/withdraw`: spec dialog 2, paid to the member's bound bank account. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <MemberPage title={t('withdraw.title')} testId="withdraw-page">
      <WithdrawSection onCancel={() => void navigate(paths.user.home)} />
    </MemberPage>
  );
}

import { useTranslation } from '../../../lib/translate.ts';
import { FreeCreditForm } from '../../../features/rewards/components/free-credit-form.tsx';
import { MemberPage } from './member-page.tsx';

/** `/user/free_credit`: redeem an item code. */
export function Component() {
  const { t } = useTranslation();
  return (
    <MemberPage title={t('rewards.freeCredit.title')} testId="free-credit-page">
      <FreeCreditForm />
    </MemberPage>
  );
}

import { useTranslation } from '../../../lib/translate.ts';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { TransactionHistory, type HistoryTab } from '../../../features/history/components/transaction-history.tsx';
import { MemberPage } from './member-page.tsx';

/**
 * `/user/history`, `/user/transactions` and `/user/transactions-deposit` open spec dialog 3 on the
 * deposit tab; `/user/transactions-withdraw` on the withdraw tab. Switching tabs moves between
 * those URLs so each tab can be linked to and the back button works.
 */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const tab: HistoryTab = pathname.startsWith(paths.user.feature('transactions-withdraw')) ? 'withdraw' : 'deposit';
  return (
    <MemberPage title={t('history.title')} testId="history-page">
      <TransactionHistory
        tab={tab}
        onTabChange={(next) => void navigate(paths.user.feature(next === 'withdraw' ? 'transactions-withdraw' : 'transactions-deposit'), { replace: true })}
      />
    </MemberPage>
  );
}

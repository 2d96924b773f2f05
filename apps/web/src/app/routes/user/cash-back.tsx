import { useTranslation } from '../../../lib/translate.ts';
import { Navigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { CashbackPanel } from '../../../features/rewards/components/cashback-panel.tsx';
import { useMember } from '../../../lib/auth.ts';
import { useSiteSettings } from '../../../lib/site-settings.ts';
import { MemberPage } from './member-page.tsx';

/** `/user/cash_back`: spec dialog 10; only while the site has cashback on (settings cashBack.usecashBack, spec §6). */
export function Component() {
  const { t } = useTranslation();
  const member = useMember();
  const { settings } = useSiteSettings();
  if (settings && !settings.cashBack.usecashBack) return <Navigate to={paths.user.home} replace />;

  return (
    <MemberPage title={t('rewards.cashback.title')} testId="cashback-page">
      <CashbackPanel
        balance={member.data?.internalWallet.cashbackWallet ?? null}
        payout={settings?.cashBack.Payout ?? null}
        minWithdraw={settings?.cashBack.minWithdraw ?? null}
        image={settings?.cashBack.Image ?? null}
      />
    </MemberPage>
  );
}

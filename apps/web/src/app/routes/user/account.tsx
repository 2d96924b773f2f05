import { findBankByCode, maskBankAccountNumber } from '@sabai/contracts';
import { useTranslation } from '../../../lib/translate.ts';
import { Link } from 'react-router';
import { DepositIcon, HistoryIcon, WithdrawIcon } from '../../../components/ui/icons.tsx';
import { paths } from '../../../config/paths.ts';
import { AccountTotals } from '../../../features/account/components/account-totals.tsx';
import { WalletOverview } from '../../../features/account/components/wallet-overview.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useMember } from '../../../lib/auth.ts';
import { useBalance } from '../../../lib/balance.ts';
import { useSiteSettings } from '../../../lib/site-settings.ts';
import { useFooterDialogs } from '../../footer-dialogs/footer-dialogs.tsx';
import { MemberPage } from './member-page.tsx';

/**
 * `/user/account` (spec §2, "บัญชีของฉัน"): the member's money at a glance. Every wallet from
 * profile/balance (the game wallet as the partner's live figure with the time it was read), the
 * totals deposited and withdrawn, the bank account withdrawals go to, and deposit / withdraw /
 * history one tap away.
 */
export function Component() {
  const { t } = useTranslation();
  const member = useMember();
  const balance = useBalance();
  const { settings } = useSiteSettings();
  const { open } = useFooterDialogs();

  const user = member.data;
  const bankName = user ? (settings?.getNameBank.find((bank) => bank.code === user.BankCode)?.name ?? findBankByCode(user.BankCode)?.name ?? user.BankCode) : '';
  return (
    <MemberPage title={t('features.account')} testId="account-page">
      {balance.data ? (
        <WalletOverview balance={balance.data} showAffiliate={settings?.Affiliate.useAffiliate ?? false} showCashback={settings?.cashBack.usecashBack ?? false} />
      ) : balance.error ? (
        <div className="card p-6 text-center" role="alert" data-testid="account-error">
          <p className="text-sm text-red-300">{errorMessage(balance.error)}</p>
          <button type="button" className="btn-outline mt-4 px-4 py-2 text-sm" onClick={() => void balance.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : (
        <p className="card p-6 text-center text-sm text-ink/60" role="status">
          {t('common.loading')}
        </p>
      )}
      <div className="grid grid-cols-3 gap-2">
        <Link to={paths.user.feature('deposit')} className="btn-primary px-2 py-2.5 text-sm" data-testid="account-deposit">
          <DepositIcon className="size-5" />
          {t('nav.deposit')}
        </Link>
        <button type="button" className="btn-outline px-2 py-2.5 text-sm" onClick={() => open('withdraw')} aria-haspopup="dialog" data-testid="account-withdraw">
          <WithdrawIcon className="size-5" />
          {t('nav.withdraw')}
        </button>
        <button type="button" className="btn-outline px-2 py-2.5 text-sm" onClick={() => open('history')} aria-haspopup="dialog" data-testid="account-history">
          <HistoryIcon className="size-5" />
          {t('features.history')}
        </button>
      </div>
      {user && (
        <>
          <AccountTotals user={user} />
          <section className="card p-4 text-sm" aria-label={t('account.payoutAccount')} data-testid="account-bank">
            <p className="text-xs text-ink/60">{t('account.payoutAccount')}</p>
            <p className="mt-0.5 font-semibold">
              {bankName} · <span className="tabular-nums tracking-wider">{maskBankAccountNumber(user.BankAccount)}</span>
            </p>
            <p className="mt-0.5 text-ink/75">{user.userName.fullName}</p>
          </section>
        </>
      )}
    </MemberPage>
  );
}

import { useTranslation } from '../../../lib/translate.ts';
import { BankLogo } from '../../../components/ui/bank-logo.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import type { HouseAccount } from '../channels.ts';

/** One house account: logo, bank name, account holder, account number and a copy button (spec dialogs 7–9). */
export function HouseAccountCard({ account }: { account: HouseAccount }) {
  const { t } = useTranslation();
  const isWallet = account.Channel === 'TRUEMONEY';
  return (
    <li className="rounded-xl border border-white/10 bg-black/25 p-3" data-testid="house-account" data-bank-code={account.BankCode} data-channel={account.Channel}>
      <div className="flex items-center gap-3">
        <BankLogo logoUrl={account.logoUrl} shortName={account.shortName} color={account.color} className="size-11" />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold" data-testid="house-account-bank">
            {account.BankName}
          </p>
          <p className="truncate text-xs text-ink/65">
            <span className="sr-only">{t('deposit.accountHolder')} </span>
            <span data-testid="house-account-holder">{account.fullName}</span>
          </p>
        </div>
      </div>
      <div className="mt-2 flex items-center justify-between gap-2 rounded-lg bg-white/5 px-3 py-2">
        <div className="min-w-0">
          <p className="text-[11px] text-ink/55">{isWallet ? t('deposit.walletNumber') : t('deposit.accountNumber')}</p>
          <p className="truncate text-lg font-bold tracking-wider tabular-nums text-primary" data-testid="house-account-number">
            {account.accountNumber}
          </p>
        </div>
        <CopyButton text={account.accountNumber} label={t('deposit.copyAccount')} testId="copy-house-account" />
      </div>
    </li>
  );
}

interface HouseAccountListProps {
  accounts: HouseAccount[] | undefined;
  isLoading: boolean;
  error: string | null;
  onRetry: () => void;
  emptyText: string;
}

/** The house accounts with their loading, error and empty states. */
export function HouseAccountList({ accounts, isLoading, error, onRetry, emptyText }: HouseAccountListProps) {
  const { t } = useTranslation();
  if (isLoading) {
    return (
      <p className="py-6 text-center text-sm text-ink/60" role="status">
        {t('common.loading')}
      </p>
    );
  }
  if (error !== null) {
    return (
      <div className="py-4 text-center text-sm" role="alert">
        <p className="text-red-300">{error}</p>
        <button type="button" className="btn-outline mt-3 px-4 py-2 text-sm" onClick={onRetry}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (!accounts || accounts.length === 0) {
    return (
      <p className="py-6 text-center text-sm text-ink/60" data-testid="house-accounts-empty">
        {emptyText}
      </p>
    );
  }
  return (
    <ul className="space-y-2.5" data-testid="house-accounts">
      {accounts.map((account) => (
        <HouseAccountCard key={account.id} account={account} />
      ))}
    </ul>
  );
}

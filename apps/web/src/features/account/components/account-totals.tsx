import type { UserInfo } from '@sabai/contracts';
import { useTranslation } from '../../../lib/translate.ts';
import { formatBaht } from '../../../lib/format.ts';

/** What the member has put in and taken out (user info totalDeposit / totalWithdraw, spec §3). */
export function AccountTotals({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  return (
    <dl className="grid grid-cols-2 gap-3" data-testid="account-totals">
      <Total label={t('account.totalDeposit')} value={formatBaht(user.totalDeposit)} testId="account-total-deposit" />
      <Total label={t('account.totalWithdraw')} value={formatBaht(user.totalWithdraw)} testId="account-total-withdraw" />
    </dl>
  );
}

function Total({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="card min-w-0 px-3 py-3">
      <dt className="text-xs text-ink/60">{label}</dt>
      <dd className="mt-0.5 truncate text-base font-bold tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

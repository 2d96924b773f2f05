import { useState } from 'react';
import { useTranslation } from '../../../lib/translate.ts';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { useDialogs } from '../../../components/ui/dialogs.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { formatBaht } from '../../../lib/format.ts';
import { useAffiliate, useWithdrawAffiliateIncome } from '../api/affiliate.ts';
import { AmountTable } from './amount-table.tsx';

type Tab = 'incomes' | 'withdrawals';

/**
 * Spec dialog 4 ("invite friends"): the referral link on the registration route with a copy
 * button, how many signed up, the accumulated income, a withdraw-income button and a date/time +
 * amount table with a "no data" row. Refusals show the message as the alert's title (spec §8).
 */
export function AffiliatePanel({ referralLink, image }: { referralLink: string | null; image: string | null }) {
  const { t } = useTranslation();
  const { showError, showSuccess } = useDialogs();
  const summary = useAffiliate();
  const withdraw = useWithdrawAffiliateIncome();
  const [tab, setTab] = useState<Tab>('incomes');

  const data = summary.data;
  const onWithdraw = () => {
    if (withdraw.isPending) return;
    withdraw.mutate(undefined, {
      onSuccess: ({ amount, isWaiting }) => showSuccess(t(isWaiting ? 'rewards.affiliate.waiting' : 'rewards.affiliate.withdrawn', { amount: formatBaht(amount) })),
      onError: (error) => showError(errorMessage(error), { messageAsTitle: true }),
    });
  };

  const rows = data ? (tab === 'incomes' ? data.transaction_incomes : data.transaction) : undefined;
  const levels = data ? [data.setting.level1, data.setting.level2].map((level, index) => ({ ...level, n: index + 1 })).filter((level) => level.enable) : [];

  return (
    <>
      {image && <img src={image} alt="" className="w-full rounded-2xl object-cover" />}
      <section className="card p-4" data-testid="affiliate-link-card">
        <h2 className="text-sm font-bold text-primary">{t('rewards.affiliate.linkTitle')}</h2>
        <div className="mt-2 flex items-center gap-2">
          <p className="min-w-0 flex-1 truncate rounded-lg bg-black/30 px-3 py-2 text-xs text-ink/85" data-testid="affiliate-link">
            {referralLink ?? t('common.loading')}
          </p>
          {referralLink && <CopyButton text={referralLink} label={t('common.copyLink')} testId="affiliate-copy" />}
        </div>
        {levels.length > 0 && (
          <ul className="mt-3 space-y-1 text-xs text-ink/60">
            {levels.map((level) => (
              <li key={level.n}>{t('rewards.affiliate.levelNote', { level: level.n, percent: level.percent })}</li>
            ))}
          </ul>
        )}
      </section>

      {summary.isPending ? (
        <p className="card p-6 text-center text-sm text-ink/60" role="status">
          {t('common.loading')}
        </p>
      ) : summary.isError || !data ? (
        <section className="card p-6 text-center text-sm text-ink/70" data-testid="affiliate-error">
          <p>{errorMessage(summary.error)}</p>
          <button type="button" className="btn-outline mt-4" onClick={() => void summary.refetch()}>
            {t('common.retry')}
          </button>
        </section>
      ) : (
        <>
          <section className="card-gold grid grid-cols-2 gap-3 p-4 text-center">
            <div>
              <p className="text-xs text-ink/70">{t('rewards.affiliate.signedUp')}</p>
              <p className="mt-1 text-2xl font-extrabold tabular-nums text-primary" data-testid="affiliate-count">
                {data.Users.length}
              </p>
              <p className="text-xs text-ink/60">{t('rewards.affiliate.people')}</p>
            </div>
            <div>
              <p className="text-xs text-ink/70">{t('rewards.affiliate.income')}</p>
              <p className="text-gold-gradient mt-1 text-2xl font-extrabold tabular-nums" data-testid="affiliate-income">
                {formatBaht(data.balance)}
              </p>
              <p className="text-xs text-ink/60">{t('common.baht')}</p>
            </div>
            <button
              type="button"
              className="btn-primary col-span-2 mt-1 w-full"
              onClick={onWithdraw}
              disabled={withdraw.isPending}
              data-testid="affiliate-withdraw"
            >
              {withdraw.isPending ? t('common.loading') : t('rewards.affiliate.withdraw')}
            </button>
            <p className="col-span-2 text-xs text-ink/60">
              {t('rewards.affiliate.minNote', { amount: formatBaht(data.setting.minWithdraw) })}
              {data.setting.turnover > 0 && ` · ${t('rewards.affiliate.turnoverNote', { times: data.setting.turnover })}`}
            </p>
          </section>

          <section className="card p-4">
            <div role="tablist" className="mb-3 grid grid-cols-2 gap-1 rounded-xl bg-black/30 p-1 text-sm">
              {(['incomes', 'withdrawals'] as const).map((key) => (
                <button
                  key={key}
                  type="button"
                  role="tab"
                  aria-selected={tab === key}
                  onClick={() => setTab(key)}
                  data-testid={`affiliate-tab-${key}`}
                  className={`rounded-lg py-2 font-semibold transition ${tab === key ? 'bg-primary text-page' : 'text-ink/70'}`}
                >
                  {t(`rewards.affiliate.tabs.${key}`)}
                </button>
              ))}
            </div>
            <AmountTable
              rows={rows?.map((row, index) => ({
                key: `${row.createdAt}-${index}`,
                createdAt: row.createdAt,
                amount: row.Amount,
                ...('Status' in row && (row.Status === 2 || row.Status === 3) ? { note: t(`rewards.affiliate.status.${row.Status}`) } : {}),
              }))}
              isLoading={false}
              error={null}
              onRetry={() => void summary.refetch()}
              testId="affiliate-table"
            />
          </section>
        </>
      )}
    </>
  );
}

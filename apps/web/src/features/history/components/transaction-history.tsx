import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api.ts';
import { formatBaht, formatThaiDateTime } from '../../../lib/format.ts';
import type { TransactionRow } from '../../../lib/wallet-types.ts';
import { HISTORY_PAGE_SIZE, pageCount, useHistory } from '../api/get-history.ts';
import { STATUS_TONE_CLASSES, describeStatus } from '../status.ts';

export type HistoryTab = 'deposit' | 'withdraw';

interface TransactionHistoryProps {
  tab: HistoryTab;
  onTabChange: (tab: HistoryTab) => void;
}

/** Spec dialog 3: deposit and withdraw tabs; transaction id, amount in baht, time and status; paged. */
export function TransactionHistory({ tab, onTabChange }: TransactionHistoryProps) {
  const { t } = useTranslation();
  const tabs: HistoryTab[] = ['deposit', 'withdraw'];
  return (
    <section className="card p-3" data-testid="transaction-history">
      <div role="tablist" aria-label={t('history.tabsLabel')} className="grid grid-cols-2 gap-1 rounded-xl bg-black/30 p-1">
        {tabs.map((entry) => (
          <button
            key={entry}
            type="button"
            role="tab"
            id={`history-tab-${entry}`}
            aria-selected={tab === entry}
            aria-controls={`history-panel-${entry}`}
            onClick={() => onTabChange(entry)}
            className={`rounded-lg px-3 py-2 text-sm font-semibold transition ${tab === entry ? 'bg-primary text-page' : 'text-ink/70'}`}
            data-testid={`history-tab-${entry}`}
          >
            {t(`history.tabs.${entry}`)}
          </button>
        ))}
      </div>
      {/* A new key per tab: each tab starts on its first page. */}
      <HistoryTable key={tab} kind={tab} />
    </section>
  );
}

function HistoryTable({ kind }: { kind: HistoryTab }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const history = useHistory(kind, page);
  const rows = history.data?.Transaction ?? [];
  const pages = history.data ? pageCount(history.data.total, history.data.pageSize || HISTORY_PAGE_SIZE) : 1;

  return (
    <div role="tabpanel" id={`history-panel-${kind}`} aria-labelledby={`history-tab-${kind}`} className="mt-3" data-testid={`history-panel-${kind}`}>
      <div className="overflow-hidden rounded-xl border border-white/10">
        <table className="w-full table-fixed text-left text-xs" data-testid={`history-table-${kind}`} aria-busy={history.isFetching}>
          <colgroup>
            <col className="w-[26%]" />
            <col className="w-[21%]" />
            <col className="w-[27%]" />
            <col className="w-[26%]" />
          </colgroup>
          <thead className="bg-white/5 text-[11px] text-ink/60">
            <tr>
              <th scope="col" className="px-2 py-2 font-medium">{t('history.columns.id')}</th>
              <th scope="col" className="px-2 py-2 text-right font-medium">{t('history.columns.amount')}</th>
              <th scope="col" className="px-2 py-2 font-medium">{t('history.columns.time')}</th>
              <th scope="col" className="px-2 py-2 text-center font-medium">{t('history.columns.status')}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-white/5">
            {history.isPending ? (
              <MessageRow>{t('common.loading')}</MessageRow>
            ) : history.error && !history.data ? (
              <MessageRow>
                <span className="text-red-300">{t('history.loadError')}</span> — {errorMessage(history.error)}{' '}
                <button type="button" className="font-semibold text-primary underline" onClick={() => void history.refetch()}>
                  {t('common.retry')}
                </button>
              </MessageRow>
            ) : rows.length === 0 ? (
              <MessageRow testId="history-empty">{t('history.noData')}</MessageRow>
            ) : (
              rows.map((row) => <HistoryRow key={row.id} row={row} />)
            )}
          </tbody>
        </table>
      </div>
      <nav className="mt-3 flex items-center justify-between gap-2 text-sm" aria-label={t('history.page', { page, pages })}>
        <button type="button" className="btn-ghost px-3 py-2 text-sm disabled:opacity-40" disabled={page <= 1 || history.isFetching} onClick={() => setPage((current) => current - 1)} data-testid="history-prev">
          ‹ {t('history.previous')}
        </button>
        <span className="tabular-nums text-ink/70" data-testid="history-page-number">
          {t('history.page', { page, pages })}
        </span>
        <button type="button" className="btn-ghost px-3 py-2 text-sm disabled:opacity-40" disabled={page >= pages || history.isFetching} onClick={() => setPage((current) => current + 1)} data-testid="history-next">
          {t('history.next')} ›
        </button>
      </nav>
    </div>
  );
}

function HistoryRow({ row }: { row: TransactionRow }) {
  const { t } = useTranslation();
  const status = describeStatus(row.Status);
  return (
    <tr data-testid="history-row" data-transaction-id={row.id} data-type={row.TransType} className="align-top">
      <td className="px-2 py-2">
        <span className="block break-all font-mono text-[10px] leading-snug text-ink/85" data-testid="history-id">
          {row.id}
        </span>
        <span className="mt-0.5 block text-[10px] text-ink/50">{t(`history.types.${row.TransType}`)}</span>
      </td>
      <td className="px-2 py-2 text-right font-semibold tabular-nums" data-testid="history-amount">
        {formatBaht(row.Amount)}
      </td>
      <td className="px-2 py-2 text-[10px] leading-snug text-ink/75" data-testid="history-time">
        {formatThaiDateTime(row.createdAt)}
      </td>
      <td className="px-1 py-2 text-center">
        <span className={`inline-block whitespace-nowrap rounded-full border px-1.5 py-0.5 text-[10px] font-semibold ${status ? STATUS_TONE_CLASSES[status.tone] : 'border-white/20 text-ink/70'}`} data-testid="history-status">
          {status ? t(status.labelKey) : String(row.Status)}
        </span>
      </td>
    </tr>
  );
}

function MessageRow({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <tr>
      <td colSpan={4} className="px-3 py-8 text-center text-sm text-ink/60" data-testid={testId}>
        {children}
      </td>
    </tr>
  );
}

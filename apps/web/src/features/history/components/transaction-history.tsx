import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/translate.ts';
import { errorMessage } from '../../../lib/api.ts';
import { formatBaht, formatThaiDateTimeParts } from '../../../lib/format.ts';
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
        {/*
          Spec dialog 3's four columns, laid out two by two so nothing is squeezed at 390 px: id and
          amount on the first line, time and status on the second (a rejected withdrawal adds the
          staff's reason under them). The rows are grids, so the table's roles are stated.
        */}
        <table role="table" className="block w-full text-left text-xs" data-testid={`history-table-${kind}`} aria-busy={history.isFetching}>
          <thead role="rowgroup" className="block bg-white/5 text-[11px] text-ink/60">
            <tr role="row" className={ROW_GRID}>
              <th role="columnheader" scope="col" className="font-medium [grid-area:id]">{t('history.columns.id')}</th>
              <th role="columnheader" scope="col" className="text-right font-medium [grid-area:amount]">{t('history.columns.amount')}</th>
              <th role="columnheader" scope="col" className="font-medium [grid-area:time]">{t('history.columns.time')}</th>
              <th role="columnheader" scope="col" className="text-right font-medium [grid-area:status]">{t('history.columns.status')}</th>
            </tr>
          </thead>
          <tbody role="rowgroup" className="block divide-y divide-white/5">
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

/** Two columns (the id and time take the room, amount and status fit their content), three areas deep. */
const ROW_GRID = "grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-1 px-3 py-2.5 [grid-template-areas:'id_amount'_'time_status'_'reason_reason']";

function HistoryRow({ row }: { row: TransactionRow }) {
  const { t } = useTranslation();
  const status = describeStatus(row.Status, row.isBeingPaid === true);
  const time = formatThaiDateTimeParts(row.createdAt);
  const isFailedWithdrawal = row.TransType === 'WITHDRAW' && status?.tone === 'failed';
  return (
    <tr role="row" data-testid="history-row" data-transaction-id={row.id} data-type={row.TransType} className={ROW_GRID}>
      <td role="cell" className="min-w-0 [grid-area:id]">
        <span className="block truncate font-mono text-[11px] leading-snug text-ink/85" title={row.id} data-testid="history-id">
          {row.id}
        </span>
        <span className="block text-[10px] text-ink/50">{t(`history.types.${row.TransType}`)}</span>
      </td>
      <td role="cell" className="text-right text-sm font-semibold tabular-nums [grid-area:amount]" data-testid="history-amount">
        {formatBaht(row.Amount)}
      </td>
      <td role="cell" className="min-w-0 text-[11px] leading-snug text-ink/75 [grid-area:time]" data-testid="history-time">
        {time ? (
          <>
            <span className="whitespace-nowrap">{time.date}</span> <span className="whitespace-nowrap">{time.time}</span>
          </>
        ) : (
          '-'
        )}
      </td>
      <td role="cell" className="self-start text-right [grid-area:status]">
        <span className={`inline-block whitespace-nowrap rounded-full border px-2 py-0.5 text-[10px] font-semibold ${status ? STATUS_TONE_CLASSES[status.tone] : 'border-white/20 text-ink/70'}`} data-testid="history-status">
          {status ? t(status.labelKey) : String(row.Status)}
        </span>
      </td>
      {row.TransType === 'BONUS_FORFEIT' && row.forfeitReason && (
        <td role="cell" className="rounded-lg bg-amber-500/10 px-2.5 py-1.5 text-[11px] leading-relaxed text-amber-100 [grid-area:reason]" data-testid="history-forfeit-reason">
          {row.forfeitReason}
        </td>
      )}
      {isFailedWithdrawal && (
        <td role="cell" className="rounded-lg bg-red-500/10 px-2.5 py-1.5 text-[11px] leading-relaxed text-red-200 [grid-area:reason]" data-testid="history-reason">
          {row.rejectionReason ? (
            <>
              <span className="block" data-testid="history-rejection-reason">
                {t('history.rejectedBecause', { reason: row.rejectionReason })}
              </span>
              <span className="block text-red-200/75">{t('history.refunded')}</span>
            </>
          ) : row.failureReason ? (
            <>
              <span className="block" data-testid="history-failure-reason">
                {t('history.bankRefusedBecause', { reason: row.failureReason })}
              </span>
              <span className="block text-red-200/75">{t('history.refunded')}</span>
            </>
          ) : (
            t('history.failedRefunded')
          )}
        </td>
      )}
    </tr>
  );
}

function MessageRow({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <tr role="row" className="block">
      <td role="cell" colSpan={4} className="block px-3 py-8 text-center text-sm text-ink/60" data-testid={testId}>
        {children}
      </td>
    </tr>
  );
}

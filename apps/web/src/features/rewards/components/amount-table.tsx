import { useTranslation } from '../../../lib/translate.ts';
import { formatBaht, formatThaiDateTime24 } from '../../../lib/format.ts';

export interface AmountRow {
  key: string;
  createdAt: string;
  amount: number;
  /** A short state under the amount (e.g. waiting for staff); none for a done row. */
  note?: string;
}

/** A date/time and amount table with an explicit "no data" row (spec dialogs 4 and 10). */
export function AmountTable({
  rows,
  isLoading,
  error,
  onRetry,
  testId,
}: {
  rows: AmountRow[] | undefined;
  isLoading: boolean;
  error: string | null;
  onRetry: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="overflow-hidden rounded-xl border border-white/10">
      <table className="w-full text-sm" data-testid={testId}>
        <thead className="bg-white/5 text-xs text-ink/60">
          <tr>
            <th scope="col" className="px-3 py-2 text-left font-medium">
              {t('rewards.table.dateTime')}
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              {t('rewards.table.amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {isLoading ? (
            <tr>
              <td colSpan={2} className="px-3 py-6 text-center text-ink/60" role="status">
                {t('common.loading')}
              </td>
            </tr>
          ) : error ? (
            <tr>
              <td colSpan={2} className="px-3 py-6 text-center text-ink/70">
                <p>{error}</p>
                <button type="button" className="btn-outline mt-3 px-4 py-1.5 text-sm" onClick={onRetry}>
                  {t('common.retry')}
                </button>
              </td>
            </tr>
          ) : !rows || rows.length === 0 ? (
            <tr>
              <td colSpan={2} className="px-3 py-6 text-center text-ink/50" data-testid={`${testId}-empty`}>
                {t('rewards.table.noData')}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.key} className="border-t border-white/5">
                <td className="px-3 py-2 text-xs text-ink/80">{formatThaiDateTime24(row.createdAt)}</td>
                <td className="px-3 py-2 text-right font-semibold tabular-nums text-emerald-400">
                  {formatBaht(row.amount)}
                  {row.note && (
                    <span className="block text-[11px] font-normal text-amber-300" data-testid="amount-note">
                      {row.note}
                    </span>
                  )}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

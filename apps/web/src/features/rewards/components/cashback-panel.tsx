import { useTranslation } from '../../../lib/translate.ts';
import { useDialogs } from '../../../components/ui/dialogs.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { formatBaht } from '../../../lib/format.ts';
import { useCashbackHistory, useClaimCashback } from '../api/cashback.ts';
import { checkCashbackClaim } from '../cashback-rule.ts';
import { AmountTable } from './amount-table.tsx';

interface CashbackPanelProps {
  /** internalWallet.cashbackWallet of the member (baht); null while unknown. */
  balance: number | null;
  /** Settings cashBack: payout percent, minimum claim and banner image. */
  payout: number | null;
  minWithdraw: number | null;
  image: string | null;
}

/**
 * Spec dialog 10: the accumulated cashback balance and a claim button. A balance of 0 or less is
 * refused here (spec §4/§5) with the message as the alert's title; the server's refusals (below the
 * minimum, feature off) are shown the same way (spec §8).
 */
export function CashbackPanel({ balance, payout, minWithdraw, image }: CashbackPanelProps) {
  const { t } = useTranslation();
  const { showError, showSuccess } = useDialogs();
  const claim = useClaimCashback();
  const history = useCashbackHistory();

  const onClaim = () => {
    if (claim.isPending) return;
    const check = checkCashbackClaim(balance);
    if (!check.ok) return showError(check.message, { messageAsTitle: true });
    claim.mutate(undefined, {
      onSuccess: ({ amount }) => showSuccess(t('rewards.cashback.claimed', { amount: formatBaht(amount) })),
      onError: (error) => showError(errorMessage(error), { messageAsTitle: true }),
    });
  };

  return (
    <>
      {image && <img src={image} alt="" className="w-full rounded-2xl object-cover" />}
      <section className="card-gold p-5 text-center" data-testid="cashback-panel">
        <p className="text-sm text-ink/70">{t('rewards.cashback.balance')}</p>
        <p className="text-gold-gradient mt-1 text-4xl font-extrabold tabular-nums" data-testid="cashback-balance">
          {balance === null ? t('common.dash') : formatBaht(balance)}
        </p>
        <p className="text-sm text-ink/60">{t('common.baht')}</p>
        <button type="button" className="btn-primary mt-5 w-full" onClick={onClaim} disabled={claim.isPending} data-testid="cashback-claim">
          {claim.isPending ? t('common.loading') : t('rewards.cashback.claim')}
        </button>
        {(payout !== null || minWithdraw !== null) && (
          <ul className="mt-4 space-y-1 text-left text-xs leading-relaxed text-ink/60">
            {payout !== null && <li>{t('rewards.cashback.payoutNote', { percent: payout })}</li>}
            {minWithdraw !== null && minWithdraw > 0 && <li>{t('rewards.cashback.minNote', { amount: formatBaht(minWithdraw) })}</li>}
          </ul>
        )}
      </section>

      <section className="card p-4">
        <h2 className="mb-3 text-sm font-bold text-primary">{t('rewards.cashback.historyTitle')}</h2>
        <AmountTable
          rows={history.data?.map((row) => ({ key: row.id, createdAt: row.createdAt, amount: row.Amount }))}
          isLoading={history.isPending}
          error={history.isError ? errorMessage(history.error) : null}
          onRetry={() => void history.refetch()}
          testId="cashback-history"
        />
      </section>
    </>
  );
}

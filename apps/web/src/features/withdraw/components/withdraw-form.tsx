import { TRANSACTION_STATUS } from '@sabai/contracts';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/translate.ts';
import { useDialogs } from '../../../components/ui/dialogs.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { GameWalletNote } from '../../../components/ui/game-wallet-note.tsx';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { formatBaht } from '../../../lib/format.ts';
import { newIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { useBalance } from '../../../lib/balance.ts';
import { useWithdrawalCondition } from '../api/get-withdrawal-condition.ts';
import { useRequestWithdrawal } from '../api/request-withdrawal.ts';
import { describeWithdrawReason, validateWithdrawAmount } from '../validation.ts';
import { WithdrawBonus } from './withdraw-bonus.tsx';

interface WithdrawFormProps {
  /** Settings Withdraw.minWithdraw, used until the condition call answers with the server's value. */
  settingsMinWithdraw: number;
  /** The member's bound account the money goes to, as shown to them (bank name and masked number). */
  destination: { bankName: string; maskedAccount: string };
  onCancel: () => void;
}

/**
 * Spec dialog 2: balances, an amount, cancel and confirm. "ยอดที่ถอนได้" is the server's
 * availableAmount: what it will pay (main wallet plus the game wallet at its live value, the site
 * maximum and an active bonus's cap applied; docs/adr/0043). An active bonus shows its cap, what a
 * withdrawal now forfeits (acknowledged before confirm) and its cancel. When the server says the
 * member cannot withdraw, its reasons are shown and confirm is off.
 */
export function WithdrawForm({ settingsMinWithdraw, destination, onCancel }: WithdrawFormProps) {
  const { t } = useTranslation();
  const { showError, showSuccess } = useDialogs();
  const condition = useWithdrawalCondition();
  const balance = useBalance();
  const mutation = useRequestWithdrawal();
  const [amountText, setAmountText] = useState('');
  const [acknowledgedForfeit, setAcknowledgedForfeit] = useState<number | null>(null);
  // One key per submit attempt; kept only when the last attempt never reached the server, so a
  // retry of that same attempt cannot pay twice.
  const pendingKey = useRef<{ key: string; amountText: string } | null>(null);

  const data = condition.data;
  const minWithdraw = data?.minWithdraw ?? settingsMinWithdraw;
  const canWithdraw = data?.canWithdraw ?? false;
  // A cap that would forfeit money is said, and acknowledged for that amount, before confirming.
  const forfeit = data?.bonusForfeitAmount ?? 0;
  const needsAcknowledge = forfeit > 0 && acknowledgedForfeit !== forfeit;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending || needsAcknowledge) return;
    const check = validateWithdrawAmount(amountText, {
      minWithdraw,
      maxWithdraw: data?.maxWithdraw,
      availableAmount: data?.availableAmount,
    });
    if (!check.ok) return showError(check.message);
    const reusable = pendingKey.current?.amountText === amountText ? pendingKey.current.key : null;
    const idempotencyKey = reusable ?? newIdempotencyKey();
    pendingKey.current = { key: idempotencyKey, amountText };
    mutation.mutate(
      { amount: check.amount, minWithdraw, idempotencyKey },
      {
        onSuccess: ({ message, data: result }) => {
          pendingKey.current = null;
          setAmountText('');
          if (result.Status === TRANSACTION_STATUS.FAILED) return showError(t('withdraw.failed'));
          const isPending = result.Status === TRANSACTION_STATUS.PENDING;
          showSuccess(message || t('withdraw.success'), { detail: isPending ? t('withdraw.pendingNote') : t('withdraw.paidNote') });
        },
        onError: (error) => {
          if (!(error instanceof ApiError && error.isUnreachable)) pendingKey.current = null;
          showError(errorMessage(error));
        },
      },
    );
  };

  if (condition.isPending) {
    return (
      <p className="card p-6 text-center text-sm text-ink/60" role="status">
        {t('common.loading')}
      </p>
    );
  }
  if (!data) {
    return (
      <div className="card p-6 text-center" role="alert">
        <p className="text-sm text-red-300">{t('withdraw.loadError')}</p>
        <p className="mt-1 text-xs text-ink/60">{errorMessage(condition.error)}</p>
        <button type="button" className="btn-outline mt-4 px-4 py-2 text-sm" onClick={() => void condition.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="withdraw-form">
      <section className="card-gold p-4" aria-label={t('withdraw.title')}>
        <p className="text-xs text-ink/60">{t('withdraw.available')}</p>
        <p className="text-gold-gradient text-3xl font-extrabold tabular-nums" data-testid="withdraw-available">
          ฿ {formatBaht(data.availableAmount)}
        </p>
        <dl className="mt-3 grid grid-cols-2 gap-2 text-xs">
          <Figure label={t('withdraw.balance')} testId="withdraw-balance">{formatBaht(data.balance)}</Figure>
          <Figure
            label={t('withdraw.gameWallet')}
            testId="withdraw-game-wallet"
            note={balance.data && <GameWalletNote source={balance.data.gameWalletSource} readAt={balance.data.gameWalletReadAt} testId="withdraw-game-wallet-note" />}
          >
            {balance.data ? formatBaht(balance.data.gameWallet) : '…'}
          </Figure>
          <Figure label={t('withdraw.turnover')} testId="withdraw-turnover">{`${formatBaht(data.turnover.now)}/${formatBaht(data.turnover.needed)}`}</Figure>
          <Figure label={t('withdraw.mainWallet')} testId="withdraw-main-wallet">{balance.data ? formatBaht(balance.data.mainWallet) : '…'}</Figure>
        </dl>
      </section>

      <WithdrawBonus condition={data} />

      {!canWithdraw && (
        <section className="rounded-xl border border-amber-400/40 bg-amber-500/10 p-3 text-sm" role="alert" data-testid="withdraw-reasons">
          <p className="font-semibold text-amber-200">{t('withdraw.cannotTitle')}</p>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-ink/85">
            {data.reasons.map((reason) => (
              <li key={reason.code} data-reason={reason.code}>
                {describeWithdrawReason(reason, { minWithdraw })}
              </li>
            ))}
          </ul>
        </section>
      )}

      <section className="card space-y-4 p-4">
        <div className="rounded-lg bg-white/5 px-3 py-2 text-sm">
          <p className="text-xs text-ink/60">{t('withdraw.toAccount')}</p>
          <p className="font-semibold" data-testid="withdraw-destination">
            {destination.bankName} · <span className="tabular-nums tracking-wider">{destination.maskedAccount}</span>
          </p>
        </div>
        <Field
          label={t('withdraw.amount')}
          hint={
            <>
              {t('withdraw.limits', { min: formatBaht(minWithdraw), max: formatBaht(data.maxWithdraw) })}
              <br />
              {t('withdraw.autoNote', { auto: formatBaht(data.autoWithdraw) })}
            </>
          }
        >
          <input
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            className="input text-lg tabular-nums"
            placeholder={t('withdraw.amountPlaceholder')}
            value={amountText}
            onChange={(event) => setAmountText(event.target.value)}
            disabled={!canWithdraw}
            data-testid="withdraw-amount"
          />
        </Field>
        {data.pendingWithdrawals > 0 && (
          <p className="text-xs text-amber-200" data-testid="withdraw-pending-count">
            {t('withdraw.pendingCount', { count: data.pendingWithdrawals })}
          </p>
        )}
        {forfeit > 0 && canWithdraw && (
          <label className="flex items-start gap-2 text-xs text-amber-100" data-testid="withdraw-forfeit-acknowledge">
            <input type="checkbox" className="mt-0.5" checked={!needsAcknowledge} onChange={(event) => setAcknowledgedForfeit(event.target.checked ? forfeit : null)} />
            <span>{t('withdraw.forfeitAcknowledge', { forfeit: formatBaht(forfeit) })}</span>
          </label>
        )}
        <div className="grid grid-cols-2 gap-3">
          <button type="button" className="btn-outline" onClick={onCancel} data-testid="withdraw-cancel">
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn-primary" disabled={!canWithdraw || mutation.isPending || needsAcknowledge} data-testid="withdraw-submit">
            {mutation.isPending ? t('withdraw.submitting') : t('withdraw.confirm')}
          </button>
        </div>
      </section>
    </form>
  );
}

function Figure({ label, testId, note, children }: { label: string; testId: string; note?: ReactNode; children: ReactNode }) {
  return (
    <div className="min-w-0 rounded-lg bg-black/30 px-2.5 py-2">
      <dt className="text-ink/55">{label}</dt>
      <dd className="mt-0.5 truncate font-semibold tabular-nums text-ink" data-testid={testId}>
        {children}
      </dd>
      {note}
    </div>
  );
}

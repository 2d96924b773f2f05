import { ERRORS } from '@sabai/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/translate.ts';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { useDialogs } from '../../../components/ui/dialogs.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { QRCode } from '../../../components/ui/qr-code.tsx';
import { readBahtInput } from '../../../lib/amount-input.ts';
import { errorMessage } from '../../../lib/api.ts';
import { formatBaht } from '../../../lib/format.ts';
import type { PromptPayDeposit as PromptPayRequest } from '../../../lib/wallet-types.ts';
import { useCreatePromptPayDeposit } from '../api/create-promptpay-deposit.ts';
import { usePromptPayPayment } from '../api/get-promptpay-payment.ts';
import { formatCountdown, secondsUntil } from '../countdown.ts';

/**
 * PromptPay QR deposit: the member names an amount, the server answers with a one-off QR for the
 * exact amount to pay (the amount plus a unique satang offset that identifies this member's
 * transfer) and its expiry. The payload text is shown too, for banking apps that accept a pasted
 * code. `maxAmount` (baht, what is left of the member's deposit limit) refuses a larger amount
 * before asking.
 */
export function PromptPayDeposit({ maxAmount = null }: { maxAmount?: number | null } = {}) {
  const { t } = useTranslation();
  const { showError } = useDialogs();
  const [amountText, setAmountText] = useState('');
  const [request, setRequest] = useState<{ data: PromptPayRequest; createdAtMs: number } | null>(null);
  const mutation = useCreatePromptPayDeposit();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = readBahtInput(amountText);
    if (!input.ok) return showError(input.reason === 'EMPTY' ? t('deposit.promptpay.amountRequired') : ERRORS.INVALID_AMOUNT.message);
    // What is left of the member's deposit limit: the server refuses more with the same words.
    if (maxAmount !== null && input.amount > maxAmount) return showError(ERRORS.RG_DEPOSIT_LIMIT_REACHED.message.replace('{remaining}', formatBaht(maxAmount)));
    mutation.mutate(input.amount, {
      onSuccess: (data) => setRequest({ data, createdAtMs: Date.now() }),
      onError: (error) => showError(errorMessage(error)),
    });
  };

  if (request) return <PromptPayQr request={request.data} createdAtMs={request.createdAtMs} onRestart={() => setRequest(null)} />;

  return (
    <form onSubmit={submit} noValidate className="card space-y-4 p-4" data-testid="promptpay-form">
      <div>
        <h2 className="text-base font-bold text-primary">{t('deposit.promptpay.title')}</h2>
        <p className="mt-1 text-xs leading-relaxed text-ink/70">{t('deposit.promptpay.text')}</p>
      </div>
      <Field label={t('deposit.promptpay.amount')}>
        <input
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          className="input text-lg tabular-nums"
          placeholder={t('deposit.promptpay.amountPlaceholder')}
          value={amountText}
          onChange={(event) => setAmountText(event.target.value)}
          data-testid="promptpay-amount"
        />
      </Field>
      <button type="submit" className="btn-primary w-full" disabled={mutation.isPending} data-testid="promptpay-submit">
        {mutation.isPending ? t('deposit.promptpay.creating') : t('deposit.promptpay.create')}
      </button>
    </form>
  );
}

function PromptPayQr({ request, createdAtMs, onRestart }: { request: PromptPayRequest; createdAtMs: number; onRestart: () => void }) {
  const { t } = useTranslation();
  const secondsLeft = useSecondsUntil(request.expiresAt);
  const payment = usePromptPayPayment(request, createdAtMs).data ?? null;
  const isExpired = secondsLeft === 0;
  const amountToPay = formatBaht(request.amountToPay);

  if (payment) {
    return (
      <section className="card space-y-4 p-6 text-center" role="status" data-testid="promptpay-paid" data-transaction-id={payment.id}>
        <div className="mx-auto flex size-16 items-center justify-center rounded-full border-4 border-emerald-500/80 text-emerald-400" aria-hidden="true">
          <svg viewBox="0 0 24 24" className="size-8" fill="none" stroke="currentColor" strokeWidth={2.6} strokeLinecap="round">
            <path d="m5.5 12.5 4 4 9-9" />
          </svg>
        </div>
        <h2 className="text-lg font-bold text-ink">{t('deposit.promptpay.paidTitle')}</h2>
        <p className="text-gold-gradient text-3xl font-extrabold tabular-nums">{formatBaht(payment.Amount)}</p>
        <p className="text-sm text-ink/70">{t('deposit.promptpay.paidText')}</p>
        <button type="button" className="btn-outline w-full" onClick={onRestart} data-testid="promptpay-restart">
          {t('deposit.promptpay.newQr')}
        </button>
      </section>
    );
  }

  return (
    <section className="card space-y-4 p-4 text-center" aria-labelledby="promptpay-qr-title" data-testid="promptpay-result" data-request-id={request.requestId}>
      <h2 id="promptpay-qr-title" className="text-base font-bold text-primary">
        {t('deposit.promptpay.title')}
      </h2>

      <div className="rounded-xl border border-primary/40 bg-primary/10 px-3 py-3">
        <p className="text-sm font-semibold text-primary">{t('deposit.promptpay.payExactly')}</p>
        <p className="text-gold-gradient text-4xl font-extrabold tabular-nums" data-testid="promptpay-amount-to-pay">
          {amountToPay}
        </p>
        <p className="text-sm text-ink/70">{t('common.baht')}</p>
        <p className="mt-1 text-[11px] leading-relaxed text-ink/65">{t('deposit.promptpay.exactNote')}</p>
      </div>

      {isExpired ? (
        <p className="rounded-xl border border-red-400/40 bg-red-500/10 px-3 py-6 text-sm text-red-200" role="alert" data-testid="promptpay-expired">
          {t('deposit.promptpay.expired')}
        </p>
      ) : (
        <>
          <QRCode value={request.payload} label={t('deposit.promptpay.qrAlt', { amount: amountToPay })} testId="promptpay-qr" />
          <p className="text-sm text-ink/75" role="timer" aria-live="off">
            {t('deposit.promptpay.expiresIn')}{' '}
            <span className="font-bold tabular-nums text-primary" data-testid="promptpay-countdown">
              {formatCountdown(secondsLeft)}
            </span>
          </p>
        </>
      )}

      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-left text-sm">
        <dt className="text-ink/60">{t('deposit.promptpay.receiver')}</dt>
        <dd className="text-right font-semibold" data-testid="promptpay-name">
          {request.promptPayName}
        </dd>
        <dt className="text-ink/60">{t('deposit.promptpay.requested')}</dt>
        <dd className="text-right tabular-nums">{formatBaht(request.Amount)}</dd>
      </dl>

      {!isExpired && (
        <div className="text-left">
          <p className="mb-1 text-xs text-ink/60">{t('deposit.promptpay.payloadLabel')}</p>
          <div className="flex items-start gap-2 rounded-xl bg-black/30 p-2">
            <code className="min-w-0 flex-1 break-all font-mono text-[11px] leading-snug text-ink/85" data-testid="promptpay-payload">
              {request.payload}
            </code>
            <CopyButton text={request.payload} label={t('deposit.promptpay.copyPayload')} testId="copy-promptpay-payload" />
          </div>
        </div>
      )}

      <p className="text-xs text-ink/65">{t('deposit.promptpay.arrivesNote')}</p>
      <button type="button" className="btn-outline w-full" onClick={onRestart} data-testid="promptpay-restart">
        {t('deposit.promptpay.newQr')}
      </button>
    </section>
  );
}

/** Seconds left until `expiresAt`, ticking once a second and stopping at 0. */
function useSecondsUntil(expiresAt: string): number {
  const [now, setNow] = useState(() => Date.now());
  const secondsLeft = secondsUntil(expiresAt, now);
  const isRunning = secondsLeft > 0;
  useEffect(() => {
    if (!isRunning) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1_000);
    return () => window.clearInterval(timer);
  }, [isRunning]);
  return secondsLeft;
}

import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/translate.ts';
import { Field } from '../../../components/ui/field.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { formatBaht } from '../../../lib/format.ts';
import { useSubmitSlipDeposit, type SlipDeposit as SlipDepositResult } from '../api/submit-slip-deposit.ts';
import { readSlipImage } from '../read-slip-image.ts';

/**
 * "แนบสลิป" (issue 28 §2): when an automatic deposit did not arrive, the member picks the slip's photo
 * (its QR is read here, in the browser) or pastes the slip's QR text; the server verifies it with the
 * bank and credits it once, or holds it for staff. Shows the success, held or refusal state in Thai.
 */
export function SlipDeposit() {
  const { t } = useTranslation();
  const [qrPayload, setQrPayload] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<SlipDepositResult | null>(null);
  const [isReading, setIsReading] = useState(false);
  const mutation = useSubmitSlipDeposit();

  const send = (payload: string) => {
    setProblem(null);
    mutation.mutate(payload, { onSuccess: setResult, onError: (error) => setProblem(errorMessage(error)) });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const payload = qrPayload.trim();
    if (!payload) return setProblem(t('deposit.slip.empty'));
    send(payload);
  };
  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > 2 * 1024 * 1024) return setProblem(t('deposit.slip.tooLarge'));
    setIsReading(true);
    const text = await readSlipImage(file);
    setIsReading(false);
    if (!text) return setProblem(t('deposit.slip.imageUnreadable'));
    setQrPayload(text);
    send(text);
  };

  if (result) {
    const isCredited = result.status === 'credited';
    return (
      <section className="card space-y-3 p-6 text-center" role="status" data-testid="slip-result" data-status={result.status}>
        <h2 className={`text-lg font-bold ${isCredited ? 'text-emerald-400' : 'text-amber-300'}`}>{isCredited ? t('deposit.slip.credited') : t('deposit.slip.held')}</h2>
        <p className="text-2xl font-bold tabular-nums" data-testid="slip-amount">
          {formatBaht(result.Amount)} {t('common.baht')}
        </p>
        <p className="text-xs text-ink/70">{isCredited ? t('deposit.slip.creditedText') : t('deposit.slip.heldText')}</p>
        <button type="button" className="btn-secondary w-full" onClick={() => { setResult(null); setQrPayload(''); }} data-testid="slip-again">
          {t('deposit.slip.again')}
        </button>
      </section>
    );
  }

  const isBusy = mutation.isPending || isReading;
  return (
    <form onSubmit={submit} noValidate className="card space-y-4 p-4" data-testid="slip-form">
      <div>
        <h2 className="text-base font-bold text-primary">{t('deposit.slip.title')}</h2>
        <p className="mt-1 text-xs leading-relaxed text-ink/70">{t('deposit.slip.text')}</p>
      </div>
      <label className="btn-primary block w-full cursor-pointer text-center" data-testid="slip-pick-label">
        {isReading ? t('deposit.slip.reading') : t('deposit.slip.pick')}
        <input type="file" accept="image/*" className="sr-only" onChange={(event) => void pick(event)} disabled={isBusy} data-testid="slip-file" />
      </label>
      <Field label={t('deposit.slip.pasteLabel')}>
        <textarea
          className="input min-h-20 font-mono text-xs"
          placeholder={t('deposit.slip.pastePlaceholder')}
          value={qrPayload}
          maxLength={200}
          onChange={(event) => setQrPayload(event.target.value)}
          data-testid="slip-payload"
        />
      </Field>
      {problem && (
        <p className="rounded-lg bg-red-500/15 p-3 text-sm text-red-300" role="alert" data-testid="slip-error">
          {problem}
        </p>
      )}
      <button type="submit" className="btn-secondary w-full" disabled={isBusy} data-testid="slip-submit">
        {mutation.isPending ? t('deposit.slip.submitting') : t('deposit.slip.submit')}
      </button>
    </form>
  );
}

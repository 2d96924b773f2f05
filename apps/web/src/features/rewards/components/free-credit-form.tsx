import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/translate.ts';
import { useDialogs } from '../../../components/ui/dialogs.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { formatBaht } from '../../../lib/format.ts';
import { useRedeemItemCode } from '../api/item-code.ts';

/**
 * `/user/free_credit`: redeem an item code for credit in the main wallet. The server trims and
 * upper-cases the code and answers every refusal (unknown, expired, used up, already redeemed) in
 * Thai; an empty code is refused here.
 */
export function FreeCreditForm() {
  const { t } = useTranslation();
  const { showError, showSuccess } = useDialogs();
  const redeem = useRedeemItemCode();
  const [code, setCode] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (redeem.isPending) return;
    const typed = code.trim();
    if (!typed) return showError(t('rewards.freeCredit.empty'));
    redeem.mutate(typed, {
      onSuccess: ({ data }) => {
        setCode('');
        showSuccess(t('rewards.freeCredit.redeemed', { amount: formatBaht(data.Amount) }), {
          detail: t('rewards.freeCredit.redeemedDetail', { code: data.code }),
        });
      },
      onError: (error) => showError(errorMessage(error)),
    });
  };

  return (
    <form className="card space-y-4 p-5" onSubmit={submit} noValidate data-testid="free-credit-form">
      <p className="text-sm leading-relaxed text-ink/70">{t('rewards.freeCredit.intro')}</p>
      <Field label={t('rewards.freeCredit.label')}>
        <input
          className="input font-mono uppercase tracking-widest"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          placeholder={t('rewards.freeCredit.placeholder')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          data-testid="free-credit-code"
        />
      </Field>
      <button type="submit" className="btn-primary w-full" disabled={redeem.isPending} data-testid="free-credit-submit">
        {redeem.isPending ? t('common.loading') : t('rewards.freeCredit.submit')}
      </button>
    </form>
  );
}

import { useState } from 'react';
import { useTranslation } from '../../../lib/translate.ts';
import { useDialogs } from '../../../components/ui/dialogs.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { formatBaht } from '../../../lib/format.ts';
import type { WithdrawalCondition } from '../../../lib/wallet-types.ts';
import { useCancelBonus } from '../api/cancel-bonus.ts';

/**
 * The active bonus on the withdraw page (issue 26 §1, docs/adr/0043): its cap, what a withdrawal
 * now forfeits (the bonus and its winnings above the cap; never the member's own money), and a
 * cancel that says what it forfeits before the member confirms it.
 */
export function WithdrawBonus({ condition }: { condition: WithdrawalCondition }) {
  const { t } = useTranslation();
  const { showError, showSuccess } = useDialogs();
  const cancel = useCancelBonus();
  const [isConfirming, setIsConfirming] = useState(false);
  if (!condition.hasActiveBonus) return null;
  const confirmCancel = () =>
    cancel.mutate(condition.bonusCancelForfeitAmount, {
      onSuccess: (result) => {
        setIsConfirming(false);
        showSuccess(t('withdraw.bonus.cancelled', { forfeited: formatBaht(result.forfeited), balance: formatBaht(result.balance) }));
      },
      onError: (error) => {
        setIsConfirming(false);
        showError(errorMessage(error));
      },
    });
  return (
    <section className="rounded-xl border border-amber-400/40 bg-amber-500/10 p-3 text-sm" data-testid="withdraw-bonus">
      <p className="font-semibold text-amber-200">{t('withdraw.bonus.title')}</p>
      {condition.bonusMaxWithdraw !== null && (
        <p className="mt-1 text-ink/85" data-testid="withdraw-bonus-cap">
          {t('withdraw.bonus.cap', { cap: formatBaht(condition.bonusMaxWithdraw) })}
        </p>
      )}
      {condition.bonusForfeitAmount > 0 && (
        <p className="mt-1 font-semibold text-amber-100" role="alert" data-testid="withdraw-forfeit-warning">
          {t('withdraw.bonus.forfeitWarning', { forfeit: formatBaht(condition.bonusForfeitAmount) })}
        </p>
      )}
      {isConfirming ? (
        <div className="mt-2 space-y-2" data-testid="withdraw-bonus-cancel-confirm">
          <p className="text-ink/85">{t('withdraw.bonus.cancelConfirm', { forfeit: formatBaht(condition.bonusCancelForfeitAmount) })}</p>
          <div className="grid grid-cols-2 gap-2">
            <button type="button" className="btn-outline py-1.5 text-xs" onClick={() => setIsConfirming(false)}>
              {t('common.cancel')}
            </button>
            <button type="button" className="btn-primary py-1.5 text-xs" disabled={cancel.isPending} onClick={confirmCancel} data-testid="withdraw-bonus-cancel-yes">
              {t('withdraw.bonus.cancelYes')}
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className="btn-outline mt-2 px-3 py-1.5 text-xs" onClick={() => setIsConfirming(true)} data-testid="withdraw-bonus-cancel">
          {t('withdraw.bonus.cancel')}
        </button>
      )}
    </section>
  );
}

import { useState } from 'react';
import { useTranslation } from '../../../lib/translate.ts';
import { useDialogs } from '../../../components/ui/dialogs.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useBalance } from '../../../lib/balance.ts';
import { memberBalanceSatang } from '../../../lib/member-balance.ts';
import { settledPreference } from '../../../lib/promotions.ts';
import { usePromotions, useUpdateBonusSetting } from '../api/promotions.ts';
import { BonusLockTerms } from './bonus-lock-terms.tsx';

/**
 * Spec §4 "Promotion preference", shared by the toggle of dialog 6 and the radios of dialog 12:
 * the control shows the requested value while the confirm dialog and the call are pending; on
 * success the member is reloaded, the choice kept and the success message shown; on failure or
 * cancel the control reverts to the opposite of the requested value. The message shown is ours,
 * spelled right; the server keeps the spec's text ("สภานะ") on the wire (docs/adr/0004).
 */
export function useBonusPreference(current: boolean) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<boolean | null>(null);
  const [requested, setRequested] = useState<boolean | null>(null);
  const update = useUpdateBonusSetting();
  const { showError, showSuccess } = useDialogs();

  const request = (value: boolean) => {
    setShown(value);
    setRequested(value);
  };
  const cancel = () => {
    if (requested === null) return;
    setShown(settledPreference(requested, 'cancel'));
    setRequested(null);
  };
  const confirm = () => {
    if (requested === null) return;
    const value = requested;
    setRequested(null);
    update.mutate(value, {
      onSuccess: () => {
        setShown(settledPreference(value, 'success'));
        showSuccess(t('promotion.updated'));
      },
      onError: (error) => {
        setShown(settledPreference(value, 'failure'));
        showError(errorMessage(error));
      },
    });
  };

  return { value: shown ?? current, requested, request, cancel, confirm, isSending: update.isPending };
}

export type BonusPreference = ReturnType<typeof useBonusPreference>;

/** The confirm step before the setting is sent; accepting says exactly what a bonus locks. */
export function ConfirmBonusDialog({ preference }: { preference: BonusPreference }) {
  const { t } = useTranslation();
  if (preference.requested === null) return null;
  return (
    <Modal title={t('promotion.confirmTitle')} onClose={preference.cancel} testId="bonus-confirm-dialog">
      <p className="mt-3 text-sm leading-relaxed text-ink/80" data-testid="bonus-confirm-message">
        {preference.requested ? t('promotion.confirmAccept') : t('promotion.confirmDecline')}
      </p>
      {preference.requested ? <AcceptLockTerms /> : <p className="mt-2 text-xs leading-relaxed text-ink/65">{t('promotion.declineKeepsActive')}</p>}
      <div className="mt-5 grid grid-cols-2 gap-2">
        <button type="button" className="btn-outline" onClick={preference.cancel} data-testid="bonus-confirm-cancel">
          {t('common.cancel')}
        </button>
        <button type="button" data-autofocus className="btn-primary" onClick={preference.confirm} data-testid="bonus-confirm-ok">
          {t('common.confirm')}
        </button>
      </div>
    </Modal>
  );
}

/** The lock statement with the member's balance now and the open promotions. */
function AcceptLockTerms() {
  const balance = useBalance();
  const promotions = usePromotions();
  const ownMoney = balance.data ? Number(memberBalanceSatang(balance.data)) / 100 : null;
  return <BonusLockTerms ownMoney={ownMoney} promotions={(promotions.data ?? []).filter((promotion) => promotion.isAvailable !== false)} />;
}

/** Spec dialog 6: the on/off switch for receiving promotions. */
export function BonusToggle({ isBonus }: { isBonus: boolean }) {
  const { t } = useTranslation();
  const preference = useBonusPreference(isBonus);
  const on = preference.value;
  return (
    <section className="card flex items-center justify-between gap-3 p-4" data-testid="bonus-toggle-card">
      <div className="min-w-0">
        <p className="text-sm font-bold">{t('promotion.receiveLabel')}</p>
        <p className="mt-0.5 text-xs text-ink/65" data-testid="bonus-toggle-state">
          {on ? t('promotion.receiveOn') : t('promotion.receiveOff')}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-label={t('promotion.receiveLabel')}
        disabled={preference.isSending || preference.requested !== null}
        onClick={() => preference.request(!on)}
        className={`relative h-7 w-12 shrink-0 rounded-full transition-colors disabled:opacity-70 ${on ? 'bg-primary' : 'bg-white/20'}`}
        data-testid="bonus-toggle"
      >
        <span className={`absolute top-0.5 size-6 rounded-full bg-white shadow transition-all ${on ? 'left-[1.375rem]' : 'left-0.5'}`} />
      </button>
      <ConfirmBonusDialog preference={preference} />
    </section>
  );
}

/** Spec dialog 12: accept or decline the bonus, two radio options. */
export function BonusChoiceDialog({ isBonus, onClose }: { isBonus: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const preference = useBonusPreference(isBonus);
  const options = [
    { value: true, label: t('promotion.choiceAccept'), testId: 'bonus-choice-accept' },
    { value: false, label: t('promotion.choiceDecline'), testId: 'bonus-choice-decline' },
  ];
  return (
    <>
      <Modal title={t('promotion.choiceTitle')} onClose={preference.requested === null ? onClose : preference.cancel} testId="bonus-choice-dialog">
        <div role="radiogroup" aria-label={t('promotion.choiceTitle')} className="mt-4 space-y-2 text-left">
          {options.map((option) => (
            <label key={option.testId} className="flex cursor-pointer items-center gap-3 rounded-xl border border-white/15 bg-black/30 px-4 py-3 text-sm font-semibold has-[:checked]:border-primary">
              <input
                type="radio"
                name="bonus-choice"
                checked={preference.value === option.value}
                disabled={preference.isSending}
                onChange={() => preference.request(option.value)}
                className="size-4 accent-[var(--sabai-primary)]"
                data-testid={option.testId}
              />
              {option.label}
            </label>
          ))}
        </div>
        <button type="button" className="btn-secondary mt-5 w-full" onClick={onClose} data-testid="bonus-choice-close">
          {t('common.close')}
        </button>
      </Modal>
      <ConfirmBonusDialog preference={preference} />
    </>
  );
}

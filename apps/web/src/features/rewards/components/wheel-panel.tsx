import { ERRORS } from '@sabai/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/translate.ts';
import { useDialogs } from '../../../components/ui/dialogs.tsx';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { formatBaht, formatPoints } from '../../../lib/format.ts';
import { newIdempotencyKey } from '../../../lib/idempotency-key.ts';
import type { WheelPrize, WheelSpin } from '../api/schemas.ts';
import { useSpinWheel, useWheel } from '../api/wheel.ts';
import { targetRotation } from '../wheel-geometry.ts';
import { LANDING_DURATION_MS, PrizeWheel } from './prize-wheel.tsx';

/** Spec §9: the dialog waits 1.5 seconds before asking for the spin (the call adds 1 second more). */
export const DIALOG_SPIN_DELAY_MS = 1_500;

type Phase = 'idle' | 'waiting' | 'landing';

/**
 * Spec dialog 5: the prize-credit balance, a note that one spin costs 50 and a spin button. The
 * wheel spins freely while the draw is asked for, then comes to rest on the segment of the prize
 * the server drew (its segmentIndex in the wheel's prizes).
 */
export function WheelPanel() {
  const { t } = useTranslation();
  const { showError, showSuccess, showToast } = useDialogs();
  const wheel = useWheel();
  const spin = useSpinWheel();
  const [phase, setPhase] = useState<Phase>('idle');
  const [rotation, setRotation] = useState(0);
  const [lastPrize, setLastPrize] = useState<WheelPrize | null>(null);
  // The segment the wheel came to rest on: highlighted so the member sees what the pointer shows.
  const [landedIndex, setLandedIndex] = useState<number | null>(null);
  const pending = useRef<WheelSpin | null>(null);
  // The key of a spin that never reached the server (offline, network failure): the member's next
  // tap sends it again, so a spin that did reach it is answered with its draw, not spun twice.
  const unsentKey = useRef<string | null>(null);
  const timers = useRef<number[]>([]);

  useEffect(() => () => timers.current.forEach((id) => window.clearTimeout(id)), []);
  const later = (ms: number, run: () => void) => {
    timers.current.push(window.setTimeout(run, ms));
  };

  const data = wheel.data;

  const announce = (result: WheelSpin) => {
    setLastPrize(result.prize);
    if (result.prize.kind === 'nothing') return showToast(t('rewards.wheel.nothing'));
    showSuccess(t('rewards.wheel.won', { label: result.prize.label }), {
      detail:
        result.prize.kind === 'credit'
          ? t('rewards.wheel.creditDetail', { amount: formatBaht(result.prize.Amount) })
          : t('rewards.wheel.prizeCreditDetail', { amount: formatPoints(result.prize.Amount) }),
    });
  };

  const landed = () => {
    if (phase !== 'landing' || !pending.current) return;
    const result = pending.current;
    pending.current = null;
    setPhase('idle');
    announce(result);
  };

  const onSpin = () => {
    if (!data || phase !== 'idle' || spin.isPending) return;
    if (data.prizeWallet < data.spinCost) return showError(ERRORS.NOT_ENOUGH_PRIZE_CREDIT.message);
    setPhase('waiting');
    setLandedIndex(null);
    const prizes = data.prizes;
    const idempotencyKey = unsentKey.current ?? newIdempotencyKey();
    unsentKey.current = idempotencyKey;
    later(DIALOG_SPIN_DELAY_MS, () =>
      spin.mutate(idempotencyKey, {
        onSuccess: (result) => {
          unsentKey.current = null;
          const index = result.segmentIndex ?? prizes.findIndex((prize) => prize.id === result.prize.id);
          if (index < 0 || index >= prizes.length) {
            setPhase('idle');
            return announce(result);
          }
          pending.current = result;
          setLandedIndex(index);
          setPhase('landing');
          setRotation((current) => targetRotation(current, index, prizes.length));
          // If the transition end is missed (tab hidden, reduced motion), finish anyway.
          later(LANDING_DURATION_MS + 400, () => {
            if (!pending.current) return;
            const late = pending.current;
            pending.current = null;
            setPhase('idle');
            announce(late);
          });
        },
        onError: (error) => {
          if (!(error instanceof ApiError && error.isUnreachable)) unsentKey.current = null;
          setPhase('idle');
          showError(errorMessage(error));
        },
      }),
    );
  };

  if (wheel.isPending) {
    return (
      <p className="card p-6 text-center text-sm text-ink/60" role="status">
        {t('common.loading')}
      </p>
    );
  }
  if (wheel.isError || !data) {
    return (
      <section className="card p-6 text-center text-sm text-ink/70" data-testid="wheel-error">
        <p>{errorMessage(wheel.error)}</p>
        <button type="button" className="btn-outline mt-4" onClick={() => void wheel.refetch()}>
          {t('common.retry')}
        </button>
      </section>
    );
  }
  if (!data.isEnabled || data.prizes.length === 0) {
    return (
      <section className="card px-6 py-10 text-center" data-testid="wheel-closed">
        <h2 className="text-lg font-bold text-primary">{t('unavailable.title')}</h2>
        <p className="mt-2 text-sm text-ink/70">{t('rewards.wheel.closed')}</p>
      </section>
    );
  }

  const busy = phase !== 'idle';
  return (
    <section className="card-gold space-y-4 p-5 text-center" data-testid="wheel-panel">
      <div>
        <p className="text-sm text-ink/70">{t('rewards.wheel.credit')}</p>
        <p className="text-gold-gradient text-3xl font-extrabold tabular-nums" data-testid="wheel-credit">
          {formatPoints(data.prizeWallet)}
        </p>
      </div>
      <PrizeWheel prizes={data.prizes} rotation={rotation} isWaiting={phase === 'waiting'} onLanded={landed} highlightedIndex={phase === 'idle' ? landedIndex : null} />
      <p className="text-sm text-ink/70" data-testid="wheel-cost-note">
        {t('rewards.wheel.costNote', { cost: data.spinCost })}
      </p>
      <button type="button" className="btn-primary w-full" onClick={onSpin} disabled={busy} data-testid="wheel-spin">
        {busy ? t('rewards.wheel.spinning') : t('rewards.wheel.spin')}
      </button>
      {lastPrize && !busy && (
        <p className="text-sm text-ink/80" data-testid="wheel-last-prize" aria-live="polite">
          {t('rewards.wheel.lastPrize', { label: lastPrize.label })}
        </p>
      )}
    </section>
  );
}

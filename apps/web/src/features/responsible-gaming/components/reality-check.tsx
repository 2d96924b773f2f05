import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/translate.ts';
import type { RgPlaySession } from '@sabai/contracts';
import { Modal } from '../../../components/ui/modal.tsx';
import { formatBaht } from '../../../lib/format.ts';

/** Timers the reality check uses; tests inject fake ones. */
export interface RealityCheckClock {
  now: () => number;
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}
const browserClock: RealityCheckClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
};

/** "1 ชั่วโมง 5 นาที" / "25 นาที" from milliseconds. */
export function playedFor(ms: number): { hours: number; minutes: number } {
  const totalMinutes = Math.max(0, Math.floor(ms / 60_000));
  return { hours: Math.floor(totalMinutes / 60), minutes: totalMinutes % 60 };
}

/**
 * The reality check on the game page (issue 12; UKGC RTS 13): every `realityCheckMinutes` of the
 * play session (the member's choice: 15, 30 or 60, stored by the server), a dialog shows how long
 * the session has lasted and its net result (from the server, `loadSession`), with "continue"
 * (the next check one interval later) or "leave" (`onLeave`: home). The first check comes one
 * interval after the session start, counted from the server's start, so reopening the page does
 * not reset it.
 */
export function RealityCheck({ loadSession, onLeave, clock = browserClock }: { loadSession: () => Promise<RgPlaySession>; onLeave: () => void; clock?: RealityCheckClock }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<{ elapsedMs: number; netResult: number } | null>(null);
  const [session, setSession] = useState<RgPlaySession | null>(null);
  const nextAt = useRef<number | null>(null);
  const loader = useRef(loadSession);
  loader.current = loadSession;

  useEffect(() => {
    let cancelled = false;
    void loader.current().then(
      (opened) => {
        if (!cancelled) setSession(opened);
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(() => {
    if (!session || shown) return undefined;
    const intervalMs = session.realityCheckMinutes * 60_000;
    const startedAt = Date.parse(session.startedAt);
    if (nextAt.current === null) {
      const elapsed = clock.now() - startedAt;
      nextAt.current = startedAt + (Math.floor(elapsed / intervalMs) + 1) * intervalMs;
    }
    const handle = clock.setTimeout(() => {
      void loader.current().then(
        (latest) => setShown({ elapsedMs: clock.now() - Date.parse(latest.startedAt), netResult: latest.netResult }),
        () => setShown({ elapsedMs: clock.now() - startedAt, netResult: Number.NaN }),
      );
    }, Math.max(0, nextAt.current - clock.now()));
    return () => clock.clearTimeout(handle);
  }, [session, shown, clock]);

  if (!shown || !session) return null;
  const { hours, minutes } = playedFor(shown.elapsedMs);
  const keepPlaying = () => {
    nextAt.current = clock.now() + session.realityCheckMinutes * 60_000;
    setShown(null);
  };
  return (
    <Modal role="alertdialog" title={t('responsibleGaming.realityCheck.title')} onClose={keepPlaying} testId="reality-check">
      <p className="text-sm text-ink/80" data-testid="reality-check-time">
        {hours > 0 ? t('responsibleGaming.realityCheck.playedHours', { hours, minutes }) : t('responsibleGaming.realityCheck.playedMinutes', { minutes })}
      </p>
      {Number.isFinite(shown.netResult) && (
        <p className={`mt-2 text-base font-bold ${shown.netResult < 0 ? 'text-red-300' : 'text-emerald-300'}`} data-testid="reality-check-net">
          {shown.netResult < 0
            ? t('responsibleGaming.realityCheck.netLoss', { amount: formatBaht(-shown.netResult) })
            : t('responsibleGaming.realityCheck.netWin', { amount: formatBaht(shown.netResult) })}
        </p>
      )}
      <div className="mt-4 grid grid-cols-2 gap-3">
        <button type="button" className="btn-outline py-2.5" onClick={onLeave} data-testid="reality-check-leave">
          {t('responsibleGaming.realityCheck.leave')}
        </button>
        <button type="button" className="btn-primary py-2.5" onClick={keepPlaying} data-autofocus data-testid="reality-check-continue">
          {t('responsibleGaming.realityCheck.continue')}
        </button>
      </div>
    </Modal>
  );
}

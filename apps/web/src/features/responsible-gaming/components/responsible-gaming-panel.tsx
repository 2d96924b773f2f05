import { RG_EXCLUSION_PERIODS, RG_LIMIT_PERIODS, RG_REALITY_CHECK_MINUTES, type RgActivity, type RgSettings } from '@sabai/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/translate.ts';
import { useDialogs } from '../../../components/ui/dialogs.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { formatBaht, formatThaiDateTime24 } from '../../../lib/format.ts';
import { useRgActivity, useRgMutations, useRgSettings } from '../api/responsible-gaming.ts';

type Period = (typeof RG_LIMIT_PERIODS)[number];
type LimitText = Record<'deposit' | 'loss', Record<Period, string>>;

const toText = (settings: RgSettings): LimitText => ({
  deposit: Object.fromEntries(RG_LIMIT_PERIODS.map((period) => [period, settings.depositLimit[period] === null ? '' : String(settings.depositLimit[period])])) as Record<Period, string>,
  loss: Object.fromEntries(RG_LIMIT_PERIODS.map((period) => [period, settings.lossLimit[period] === null ? '' : String(settings.lossLimit[period])])) as Record<Period, string>,
});
/** '' → null (no limit); otherwise baht with at most two decimals, or undefined when not a valid amount. */
const readAmount = (text: string): number | null | undefined => {
  const trimmed = text.replace(/,/g, '').trim();
  if (trimmed === '') return null;
  return /^\d{1,9}(\.\d{1,2})?$/.test(trimmed) && Number(trimmed) > 0 ? Number(trimmed) : undefined;
};

/**
 * `/user/responsible-gaming` (issue 12): the member's limits (edit; loosenings pending with their
 * time and a confirm button once due), time-out and self-exclusion (a Thai warning and a
 * confirmation; never lifted early), the reality-check interval and their activity.
 */
export function ResponsibleGamingPanel({ now = () => Date.now() }: { now?: () => number }) {
  const { t } = useTranslation();
  const settings = useRgSettings();
  const activity = useRgActivity();
  if (!settings.data) {
    return (
      <p className="card p-6 text-center text-sm text-ink/60" role={settings.error ? 'alert' : 'status'}>
        {settings.error ? errorMessage(settings.error) : t('common.loading')}
      </p>
    );
  }
  return (
    <div className="space-y-4" data-testid="responsible-gaming">
      <p className="text-sm text-ink/70">{t('responsibleGaming.intro')}</p>
      <ExclusionCard settings={settings.data} />
      <LimitsCard settings={settings.data} now={now} />
      <RealityCheckCard minutes={settings.data.realityCheckMinutes} />
      {activity.data && <ActivityCard activity={activity.data} />}
    </div>
  );
}

function LimitsCard({ settings, now }: { settings: RgSettings; now: () => number }) {
  const { t } = useTranslation();
  const { showError, showSuccess } = useDialogs();
  const { setLimits, confirm } = useRgMutations();
  const [text, setText] = useState<LimitText>(() => toText(settings));
  useEffect(() => setText(toText(settings)), [settings]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = (kind: 'deposit' | 'loss') => Object.fromEntries(RG_LIMIT_PERIODS.map((period) => [period, readAmount(text[kind][period])])) as Record<Period, number | null | undefined>;
    const depositLimit = read('deposit');
    const lossLimit = read('loss');
    if ([...Object.values(depositLimit), ...Object.values(lossLimit)].some((value) => value === undefined)) {
      showError('กรุณากรอกจำนวนเงินเป็นตัวเลข ไม่เกิน 2 ตำแหน่งทศนิยม หรือเว้นว่างหากไม่จำกัด');
      return;
    }
    setLimits.mutate(
      { depositLimit: depositLimit as Record<Period, number | null>, lossLimit: lossLimit as Record<Period, number | null> },
      { onSuccess: (body) => showSuccess(body.message), onError: (error) => showError(errorMessage(error)) },
    );
  };
  const due = settings.pending.some((change) => Date.parse(change.effectiveAt) <= now());
  const kindLabel = (kind: 'deposit' | 'loss') => t(kind === 'deposit' ? 'responsibleGaming.depositLimit' : 'responsibleGaming.lossLimit');

  return (
    <form className="card space-y-3 p-4" onSubmit={submit} data-testid="rg-limits">
      <h2 className="text-base font-bold">{t('responsibleGaming.limitsTitle')}</h2>
      <p className="text-xs text-ink/60">{t('responsibleGaming.limitsHint')}</p>
      {(['deposit', 'loss'] as const).map((kind) => (
        <fieldset key={kind} className="space-y-2">
          <legend className="mb-1 text-sm font-semibold text-ink/90">{kindLabel(kind)}</legend>
          {RG_LIMIT_PERIODS.map((period) => (
            <label key={period} className="flex items-center gap-2">
              <span className="w-28 shrink-0 text-sm text-ink/70">{t(`responsibleGaming.period.${period}`)}</span>
              <input
                className="input flex-1 text-right"
                inputMode="decimal"
                placeholder={t('responsibleGaming.noLimit')}
                value={text[kind][period]}
                onChange={(event) => setText({ ...text, [kind]: { ...text[kind], [period]: event.target.value } })}
                data-testid={`rg-${kind}-${period}`}
              />
              <span className="text-sm text-ink/60">฿</span>
            </label>
          ))}
        </fieldset>
      ))}
      <button type="submit" className="btn-primary w-full py-2.5" disabled={setLimits.isPending} data-testid="rg-save-limits">
        {t('responsibleGaming.save')}
      </button>
      {settings.pending.length > 0 && (
        <div className="rounded-xl bg-black/25 p-3" data-testid="rg-pending">
          <h3 className="mb-1 text-sm font-semibold">{t('responsibleGaming.pendingTitle')}</h3>
          <ul className="space-y-1 text-xs text-ink/75">
            {settings.pending.map((change) => (
              <li key={`${change.kind}-${change.period}`}>
                {t('responsibleGaming.pendingItem', {
                  kind: kindLabel(change.kind),
                  period: t(`responsibleGaming.period.${change.period}`),
                  amount: change.amount === null ? t('responsibleGaming.pendingRemove') : `${formatBaht(change.amount)} ฿`,
                  time: formatThaiDateTime24(change.effectiveAt),
                })}
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="btn-outline mt-2 w-full py-2 text-sm"
            disabled={!due || confirm.isPending}
            onClick={() => confirm.mutate(undefined, { onSuccess: (body) => showSuccess(body.message), onError: (error) => showError(errorMessage(error)) })}
            data-testid="rg-confirm"
          >
            {due ? t('responsibleGaming.confirm') : t('responsibleGaming.notDueYet')}
          </button>
        </div>
      )}
    </form>
  );
}

function ExclusionCard({ settings }: { settings: RgSettings }) {
  const { t } = useTranslation();
  const { showError, showSuccess } = useDialogs();
  const { exclude } = useRgMutations();
  const [asking, setAsking] = useState<{ kind: 'timeout' | 'self_exclusion'; period: string } | null>(null);
  // A self-exclusion is confirmed in self-exclusion words, a time-out in time-out words (issue 26 §3).
  const words = asking?.kind === 'self_exclusion' ? 'selfExclusionConfirm' : 'confirm';

  if (settings.exclusion) {
    return (
      <section className="card border border-amber-400/40 p-4" data-testid="rg-excluded">
        <h2 className="text-base font-bold">{t('responsibleGaming.exclusionTitle')}</h2>
        <p className="mt-1 text-sm text-amber-200">{t(settings.exclusion.kind === 'self_exclusion' ? 'responsibleGaming.selfExcludedUntil' : 'responsibleGaming.excludedUntil', { time: formatThaiDateTime24(settings.exclusion.endsAt) })}</p>
        <p className="mt-1 text-xs text-ink/60">{t('responsibleGaming.exclusionHint')}</p>
      </section>
    );
  }
  return (
    <section className="card space-y-3 p-4" data-testid="rg-exclusion">
      <h2 className="text-base font-bold">{t('responsibleGaming.exclusionTitle')}</h2>
      <p className="text-xs text-ink/60">{t('responsibleGaming.exclusionHint')}</p>
      {(['timeout', 'self_exclusion'] as const).map((kind) => (
        <div key={kind}>
          <p className="mb-1 text-sm font-semibold">{t(kind === 'timeout' ? 'responsibleGaming.timeout' : 'responsibleGaming.selfExclusion')}</p>
          <div className="grid grid-cols-3 gap-2">
            {RG_EXCLUSION_PERIODS[kind].map((period) => (
              <button key={period} type="button" className="btn-outline py-2 text-sm" onClick={() => setAsking({ kind, period })} data-testid={`rg-exclude-${period}`}>
                {t(`responsibleGaming.exclusionPeriod.${period}`)}
              </button>
            ))}
          </div>
        </div>
      ))}
      {asking && (
        <Modal role="alertdialog" title={t(`responsibleGaming.${words}Title`)} onClose={() => setAsking(null)} testId="rg-exclusion-confirm">
          <p className="text-sm text-ink/85">{t(`responsibleGaming.${words}Text`, { period: t(`responsibleGaming.exclusionPeriod.${asking.period}`) })}</p>
          <div className="mt-4 grid grid-cols-2 gap-3">
            <button type="button" className="btn-outline py-2.5" onClick={() => setAsking(null)} data-autofocus data-testid="rg-exclusion-cancel">
              {t('responsibleGaming.cancel')}
            </button>
            <button
              type="button"
              className="btn-primary py-2.5"
              disabled={exclude.isPending}
              onClick={() =>
                exclude.mutate(asking, {
                  onSuccess: (body) => {
                    setAsking(null);
                    showSuccess(body.message);
                  },
                  onError: (error) => showError(errorMessage(error)),
                })
              }
              data-testid="rg-exclusion-yes"
            >
              {t(`responsibleGaming.${words}Yes`)}
            </button>
          </div>
        </Modal>
      )}
    </section>
  );
}

function RealityCheckCard({ minutes }: { minutes: number }) {
  const { t } = useTranslation();
  const { showError } = useDialogs();
  const { setRealityCheck } = useRgMutations();
  return (
    <section className="card space-y-2 p-4" data-testid="rg-reality-check">
      <h2 className="text-base font-bold">{t('responsibleGaming.realityTitle')}</h2>
      <p className="text-xs text-ink/60">{t('responsibleGaming.realityHint')}</p>
      <div role="radiogroup" className="grid grid-cols-3 gap-2">
        {RG_REALITY_CHECK_MINUTES.map((choice) => (
          <button
            key={choice}
            type="button"
            role="radio"
            aria-checked={minutes === choice}
            className={`rounded-lg py-2 text-sm font-semibold ${minutes === choice ? 'bg-primary text-page' : 'bg-black/30 text-ink/80'}`}
            onClick={() => setRealityCheck.mutate(choice, { onError: (error) => showError(errorMessage(error)) })}
            data-testid={`rg-reality-${choice}`}
          >
            {t('responsibleGaming.minutes', { minutes: choice })}
          </button>
        ))}
      </div>
    </section>
  );
}

function ActivityCard({ activity }: { activity: RgActivity }) {
  const { t } = useTranslation();
  return (
    <section className="card p-4" data-testid="rg-activity">
      <h2 className="mb-2 text-base font-bold">{t('responsibleGaming.activityTitle')}</h2>
      <table className="w-full text-sm">
        <thead>
          <tr className="text-xs text-ink/55">
            <th className="text-left font-normal" />
            {RG_LIMIT_PERIODS.map((period) => (
              <th key={period} className="text-right font-normal">
                {t(`responsibleGaming.period.${period}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {(['deposits', 'netLoss'] as const).map((row) => (
            <tr key={row}>
              <td className="py-1 text-ink/75">{t(`responsibleGaming.${row}`)}</td>
              {RG_LIMIT_PERIODS.map((period) => (
                <td key={period} className="py-1 text-right font-semibold" data-testid={`rg-activity-${row}-${period}`}>
                  {formatBaht(activity[row][period])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {activity.returnedDeposits.length > 0 && (
        <ul className="mt-3 space-y-2" data-testid="rg-returned-deposits">
          {activity.returnedDeposits.map((row) => (
            <li key={row.createdAt} className="rounded-xl border border-amber-400/40 bg-amber-400/10 p-3 text-xs text-ink/85" data-testid="rg-returned-deposit">
              <p className="font-semibold">
                {t('responsibleGaming.returnedTitle', { amount: formatBaht(row.amount) })} · {row.status === 'returned' ? t('responsibleGaming.returned') : t('responsibleGaming.returning')}
              </p>
              <p className="mt-0.5">{row.message}</p>
              <p className="mt-0.5 text-ink/50">{formatThaiDateTime24(row.createdAt)}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

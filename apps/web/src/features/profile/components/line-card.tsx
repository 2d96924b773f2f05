import { LINE_KIND_LABELS, LINE_NOTIFICATION_KINDS } from '@sabai/contracts';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translate.ts';
import { formatThaiDateTime24 } from '../../../lib/format.ts';
import { useSearchParams } from 'react-router';
import { useLineStatus, useSetLinePreference, useStartLineLink, useUnlinkLine } from '../api/line.ts';

/**
 * The profile's LINE card (issue 12): link LINE (LINE's account-link flow: the member arrives from
 * the link the LINE account sent, `?lineLinkToken=…`, confirms, and is sent to LINE's dialog),
 * the link status, unlink, and a toggle per notification kind.
 */
export function LineCard() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const linkToken = searchParams.get('lineLinkToken');
  const status = useLineStatus();
  const startLink = useStartLineLink();
  const unlink = useUnlinkLine();
  const setPreference = useSetLinePreference();
  const [showHowTo, setShowHowTo] = useState(false);
  const data = status.data;
  const error = startLink.error ?? unlink.error ?? setPreference.error;

  const connect = () => {
    if (!linkToken) return setShowHowTo(true);
    startLink.mutate(linkToken, { onSuccess: (redirectUrl) => window.location.assign(redirectUrl) });
  };

  return (
    <section className="card p-4" aria-label={t('profile.lineTitle')} data-testid="line-card" data-linked={data?.linked ?? false}>
      <h2 className="flex items-center gap-2 text-sm font-bold text-primary">
        <span aria-hidden className="grid size-5 place-items-center rounded bg-[#06C755] text-[10px] font-black text-white">L</span>
        {t('profile.lineTitle')}
      </h2>
      {data?.linked ? (
        <>
          <p className="mt-2 text-sm" data-testid="line-status">
            <span className="font-semibold text-[#06C755]">{t('profile.lineLinked')}</span>
            {data.linkedAt && <span className="ml-2 text-xs text-ink/60">{t('profile.lineLinkedAt', { time: formatThaiDateTime24(data.linkedAt) })}</span>}
          </p>
          <h3 className="mt-3 text-xs font-semibold text-ink/70">{t('profile.lineKindsTitle')}</h3>
          <ul className="mt-1 divide-y divide-white/10 text-sm">
            {LINE_NOTIFICATION_KINDS.map((kind) => (
              <li key={kind} className="flex items-center justify-between py-2">
                <label htmlFor={`line-kind-${kind}`}>{LINE_KIND_LABELS[kind]}</label>
                <input
                  id={`line-kind-${kind}`}
                  type="checkbox"
                  className="size-5 accent-[#06C755]"
                  checked={data.preferences[kind]}
                  disabled={setPreference.isPending}
                  onChange={(event) => setPreference.mutate({ kind, enabled: event.target.checked })}
                  data-testid={`line-kind-${kind}`}
                />
              </li>
            ))}
          </ul>
          <p className="mt-2 text-xs text-ink/60">{t('profile.lineMarketingNote')}</p>
          <button type="button" className="btn-secondary mt-3 w-full" onClick={() => unlink.mutate()} disabled={unlink.isPending} data-testid="line-unlink">
            {t('profile.lineUnlink')}
          </button>
        </>
      ) : (
        <>
          {linkToken && <p className="mt-2 text-sm text-ink/80">{t('profile.lineFromLink')}</p>}
          {showHowTo && !linkToken && (
            <p className="mt-2 text-sm leading-relaxed text-ink/80" data-testid="line-how-to">
              {t('profile.lineHowTo')}
            </p>
          )}
          <button type="button" className="btn-primary mt-3 w-full" onClick={connect} disabled={startLink.isPending || status.isLoading} data-testid="line-connect">
            {linkToken ? t('profile.lineConfirm') : t('profile.lineConnect')}
          </button>
        </>
      )}
      {error && (
        <p role="alert" className="mt-2 text-xs text-red-400">
          {error.message}
        </p>
      )}
    </section>
  );
}

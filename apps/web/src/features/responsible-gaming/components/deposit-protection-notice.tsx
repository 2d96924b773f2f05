import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { formatBaht, formatThaiDateTime24 } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/translate.ts';
import { useRgActivity, useRgSettings } from '../api/responsible-gaming.ts';
import { readDepositProtection, type DepositProtection } from '../deposit-protection.ts';

/**
 * The member's deposit protection once both calls answered (`protection` undefined while loading,
 * or when a call failed: the server still refuses a PromptPay QR it would not credit).
 */
export function useDepositProtection(): { protection: DepositProtection | undefined; isLoading: boolean } {
  const settings = useRgSettings();
  const activity = useRgActivity();
  const protection = settings.data && activity.data ? readDepositProtection(settings.data, activity.data) : undefined;
  return { protection, isLoading: settings.isPending || activity.isPending };
}

/**
 * The top of `/user/deposit` (issue 26 §2): during a time-out or self-exclusion, or with a deposit
 * limit used up or nearly, says so before the member transfers anything — such money is not
 * played but paid back — with the link to their protection settings. Nothing when `open`.
 */
export function DepositProtectionNotice({ protection }: { protection: DepositProtection | undefined }) {
  const { t } = useTranslation();
  if (!protection || protection.state === 'open') return null;
  const { title, text } = noticeText(protection, t);
  const isBlocking = protection.state !== 'limited';
  return (
    <section
      role={isBlocking ? 'alert' : 'status'}
      className={`card border p-4 ${isBlocking ? 'border-amber-400/50 bg-amber-500/10' : 'border-primary/30'}`}
      data-testid="deposit-protection"
      data-state={protection.state}
    >
      <h2 className={`text-base font-bold ${isBlocking ? 'text-amber-200' : 'text-primary'}`}>{title}</h2>
      <p className="mt-1 text-sm leading-relaxed text-ink/80">{text}</p>
      <Link to={paths.user.responsibleGaming} className="mt-2 inline-block text-xs text-ink/70 underline underline-offset-4">
        {t('deposit.protection.settingsLink')}
      </Link>
    </section>
  );
}

function noticeText(protection: Exclude<DepositProtection, { state: 'open' }>, t: (key: string, values?: Record<string, unknown>) => string): { title: string; text: string } {
  switch (protection.state) {
    case 'excluded': {
      const words = protection.kind === 'self_exclusion' ? 'selfExcluded' : 'timeout';
      return { title: t(`deposit.protection.${words}Title`), text: t(`deposit.protection.${words}Text`, { time: formatThaiDateTime24(protection.endsAt) }) };
    }
    case 'limit-reached':
      return { title: t('deposit.protection.limitReachedTitle'), text: t('deposit.protection.limitReachedText') };
    case 'limited':
      return { title: t('deposit.protection.limitedTitle', { amount: formatBaht(protection.remaining) }), text: t('deposit.protection.limitedText') };
  }
}

import type { UserInfo } from '@sabai/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { DepositIcon, RefreshIcon, StarIcon } from '../../../components/ui/icons.tsx';
import { homeReferralLink, paths } from '../../../config/paths.ts';
import { formatBaht } from '../../../lib/format.ts';
import { memberBalanceSatang } from '../../../lib/member-balance.ts';
import { describeMaxWithdraw } from '../max-withdraw.ts';

interface MemberCardProps {
  user: UserInfo;
  onRefresh: () => void;
  isRefreshing: boolean;
}

/**
 * Spec dialog 1, shown on the member home page. Every figure comes from the refresh call. The big
 * figure is main + game wallet: until the game partner is connected deposits stay in the main
 * wallet, and the member must see them.
 */
export function MemberCard({ user, onRefresh, isRefreshing }: MemberCardProps) {
  const { t } = useTranslation();
  const referralLink = homeReferralLink(window.location.origin, user.affiliateKey);
  const bonus = user.BonusInfo;
  const maxWithdraw = describeMaxWithdraw(bonus);
  const maxWithdrawText =
    maxWithdraw.kind === 'unlimited'
      ? t('member.maxWithdrawUnlimited')
      : maxWithdraw.kind === 'multiple'
        ? t('member.maxWithdrawMultiple', { value: maxWithdraw.value })
        : `${maxWithdraw.value} ${t('common.baht')}`;

  return (
    <section className="card-gold overflow-hidden p-4" aria-label={t('member.cardTitle')} data-testid="member-card">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs text-ink/60">{t('member.memberId')}</p>
          <div className="mt-0.5 flex items-center gap-2">
            <span className="text-lg font-bold tracking-wider" data-testid="member-id">
              {user.PhoneNumber}
            </span>
            <CopyButton text={user.PhoneNumber} testId="copy-member-id" />
          </div>
        </div>
        <span className="inline-flex shrink-0 items-center gap-1 rounded-full border border-slate-300/40 bg-gradient-to-b from-slate-200/25 to-slate-400/10 px-2.5 py-1 text-xs font-semibold text-slate-100" data-testid="member-rank">
          <StarIcon className="size-3.5" />
          <span className="sr-only">{t('member.rank')}</span>
          {t('member.rankValue')}
        </span>
      </div>

      <div className="mt-4 rounded-xl bg-black/30 p-4">
        <div className="flex items-center justify-between">
          <p className="text-xs text-ink/60">{t('member.balance')}</p>
          <button
            type="button"
            onClick={onRefresh}
            disabled={isRefreshing}
            aria-label={t('member.refreshBalance')}
            className="rounded-full p-1.5 text-primary active:scale-95 disabled:opacity-60"
            data-testid="refresh-balance"
          >
            <RefreshIcon className={`size-5 ${isRefreshing ? 'animate-spin' : ''}`} />
          </button>
        </div>
        <p className="text-gold-gradient text-3xl font-extrabold tabular-nums" data-testid="wallet-balance">
          ฿ {formatBaht(memberBalanceSatang(user.internalWallet))}
        </p>
        <p className="mt-0.5 flex flex-wrap gap-x-3 text-xs text-ink/60">
          <span>
            {t('member.mainWallet')} <span className="font-semibold tabular-nums text-ink/85" data-testid="main-wallet">{formatBaht(user.internalWallet.mainWallet)}</span>
          </span>
          <span>
            {t('member.gameWallet')} <span className="font-semibold tabular-nums text-ink/85" data-testid="game-wallet">{formatBaht(user.internalWallet.gameWallet)}</span>
          </span>
        </p>
        <dl className="mt-3 grid grid-cols-3 gap-2 text-center text-xs">
          <Figure label={t('member.prizePoints')} value={formatBaht(user.internalWallet.prizeWallet)} testId="prize-points" />
          <Figure label={t('member.turnover')} value={`${formatBaht(bonus.nowTurnover)}/${formatBaht(bonus.needTurnover)}`} testId="turnover" />
          <Figure label={t('member.maxWithdraw')} value={maxWithdrawText} testId="max-withdraw" />
        </dl>
      </div>

      <div className="mt-3">
        <p className="text-xs text-ink/60">{t('member.referralLink')}</p>
        <div className="mt-1 flex items-center gap-2 rounded-xl bg-black/30 px-3 py-2">
          <span className="min-w-0 flex-1 truncate text-sm text-ink/85" data-testid="member-referral-link">
            {referralLink}
          </span>
          <CopyButton text={referralLink} label={t('common.copyLink')} testId="copy-referral-link" />
        </div>
      </div>

      <Link to={paths.user.feature('deposit')} className="btn-primary mt-4 w-full" data-testid="member-deposit">
        <DepositIcon className="size-5" />
        {t('nav.deposit')}
      </Link>
    </section>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="min-w-0 rounded-lg bg-white/5 px-1.5 py-2">
      <dt className="text-ink/55">{label}</dt>
      <dd className="mt-0.5 break-words font-semibold tabular-nums text-ink" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

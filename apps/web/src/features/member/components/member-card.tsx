import type { UserInfo } from '@sabai/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/translate.ts';
import { AppLink } from '../../../components/ui/app-link.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { DepositIcon, RefreshIcon, StarIcon } from '../../../components/ui/icons.tsx';
import { homeReferralLink, paths } from '../../../config/paths.ts';
import { formatBaht, formatPoints, formatThaiTime } from '../../../lib/format.ts';
import { memberBalanceSatang } from '../../../lib/member-balance.ts';
import { describeMaxWithdraw } from '../max-withdraw.ts';

/** The partner's live wallet (`GET /game-composite/v1/wallet`), baht. */
export interface LiveWallet {
  mainWallet: number;
  gameWallet: number;
}

/** Turnover in baht: what counts so far and what a withdrawal needs. */
export interface Turnover {
  now: number;
  needed: number;
}

interface MemberCardProps {
  user: UserInfo;
  /** The live game wallet when the game service answered; otherwise the refresh call's figures are shown. */
  liveWallet?: LiveWallet | null;
  /** When the live wallet was read (ms since epoch); shown under the game wallet. */
  liveWalletReadAt?: number | null;
  /** From `GET /rolling-composite/v1/get-rolling` when it answered; otherwise the user's BonusInfo. */
  turnover?: Turnover | null;
  /** Refreshes the member (re-checking the session, spec §4), the game wallet and turnover. */
  onRefresh: () => void;
  isRefreshing: boolean;
  /** Title of the promotion whose grant is active (BonusInfo.bonusId), shown under the figures. */
  activeBonusTitle?: string | null;
  /** Opens the bonus choice (spec dialog 12); composed by the page. */
  bonusAction?: ReactNode;
  /**
   * The figures are the stored session's, not yet confirmed by the refresh call on this visit:
   * drawn dimmed and marked busy as the last known values until it answers (docs/adr/0030).
   */
  isLastKnown?: boolean;
}

/**
 * Spec dialog 1, shown on the member home page. The big figure is main + game wallet: a deposit
 * lands in the main wallet and moves to the game wallet when the member enters a game; the member
 * must see both. The game wallet is the partner's live balance when the game service answers.
 */
export function MemberCard({ user, liveWallet, liveWalletReadAt, turnover, onRefresh, isRefreshing, activeBonusTitle, bonusAction, isLastKnown = false }: MemberCardProps) {
  const { t } = useTranslation();
  const referralLink = homeReferralLink(window.location.origin, user.affiliateKey);
  const bonus = user.BonusInfo;
  const wallet = liveWallet ?? user.internalWallet;
  const shownTurnover = turnover ?? { now: bonus.nowTurnover, needed: bonus.needTurnover };
  const maxWithdraw = describeMaxWithdraw(bonus);
  // The wallets are confirmed by the live wallet as well as by the refresh call.
  const figureTone = isLastKnown && !liveWallet ? 'opacity-70' : '';
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

      <div className="mt-4 rounded-xl bg-black/30 p-4" aria-busy={isLastKnown || undefined} data-last-known={isLastKnown ? 'true' : undefined} data-testid="member-figures">
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
        <p className={`text-gold-gradient text-3xl font-extrabold tabular-nums ${figureTone}`} data-testid="wallet-balance">
          ฿ {formatBaht(memberBalanceSatang(wallet))}
        </p>
        <div className="mt-3 grid grid-cols-2 gap-2 text-xs">
          <div className="rounded-lg bg-white/5 px-3 py-2">
            <p className="text-ink/55">{t('member.mainWallet')}</p>
            <p className={`mt-0.5 text-sm font-semibold tabular-nums text-ink ${figureTone}`} data-testid="main-wallet">
              {formatBaht(wallet.mainWallet)}
            </p>
          </div>
          <div className="flex items-center justify-between gap-1 rounded-lg border border-primary/25 bg-primary/10 py-2 pl-3 pr-1.5" data-live={liveWallet ? 'true' : 'false'} data-testid="game-wallet-box">
            <div className="min-w-0">
              <p className="text-ink/55">{t('member.gameWallet')}</p>
              <p className={`mt-0.5 text-sm font-semibold tabular-nums text-ink ${figureTone}`} data-testid="game-wallet" title={liveWallet ? t('member.gameWalletLive') : undefined}>
                {formatBaht(wallet.gameWallet)}
              </p>
              {/* Two lines kept (the time wraps on a phone) while the live wallet is not in: nothing below moves when it comes. */}
              {liveWallet && liveWalletReadAt ? (
                <p className="min-h-[2lh] text-[10px] leading-snug text-ink/50" data-testid="game-wallet-read-at">
                  {t('wallet.readAt', { time: formatThaiTime(liveWalletReadAt) })}
                </p>
              ) : (
                <p className="min-h-[2lh] text-[10px] leading-snug" aria-hidden="true">
                  {'\u00a0'}
                </p>
              )}
            </div>
            <button
              type="button"
              onClick={onRefresh}
              disabled={isRefreshing}
              aria-label={t('member.refreshGameWallet')}
              className="shrink-0 rounded-full p-1.5 text-primary active:scale-95 disabled:opacity-60"
              data-testid="refresh-game-wallet"
            >
              <RefreshIcon className={`size-4 ${isRefreshing ? 'animate-spin' : ''}`} />
            </button>
          </div>
        </div>
        <dl className="mt-3 grid grid-cols-3 gap-2 text-center text-xs">
          <Figure label={t('member.prizePoints')} value={formatPoints(user.internalWallet.prizeWallet)} testId="prize-points" />
          {/* Nothing to turn over (no bonus or requirement in force): a dash, not "1,350.00/0.00" that reads as a bonus still running (issue 26 §3). */}
          <Figure label={t('member.turnover')} value={`${formatBaht(shownTurnover.now)}/${formatBaht(shownTurnover.needed)}`} testId="turnover" />
          <Figure label={t('member.maxWithdraw')} value={maxWithdrawText} testId="max-withdraw" />
        </dl>
        <div className="mt-2 flex items-center justify-between gap-2 rounded-lg bg-white/5 px-3 py-2 text-xs">
          <div className="min-w-0">
            <p className="text-ink/55">{t('promotion.activeBonus')}</p>
            <p className="truncate font-semibold text-ink" data-testid="member-active-bonus">
              {activeBonusTitle ?? t('common.dash')}
            </p>
          </div>
          {bonusAction}
        </div>
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

      <AppLink to={paths.user.feature('deposit')} className="btn-primary mt-4 w-full" data-testid="member-deposit">
        <DepositIcon className="size-5" />
        {t('nav.deposit')}
      </AppLink>
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

/** The member card's "choose a bonus" button (spec dialog 12); the page wires what it opens. */
export function BonusChoiceButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="btn-outline shrink-0 px-3 py-1.5 text-xs" onClick={onClick} data-testid="open-bonus-choice">
      {t('promotion.choiceOpen')}
    </button>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/translate.ts';
import { GameWalletNote } from '../../../components/ui/game-wallet-note.tsx';
import { formatBaht, formatPoints } from '../../../lib/format.ts';
import { memberBalanceSatang } from '../../../lib/member-balance.ts';
import type { WalletBalance } from '../../../lib/wallet-types.ts';

interface WalletOverviewProps {
  balance: WalletBalance;
  /** Settings switches (spec §6): the affiliate and cashback wallets only where the site uses them. */
  showAffiliate: boolean;
  showCashback: boolean;
}

/**
 * Every wallet the member can act on (profile/balance): main, the game wallet as the partner's
 * live figure with the time it was read, income and cashback waiting to be claimed, prize points
 * and what pending withdrawals hold. residualWallet and spinWallet are always 0 (docs/ledger.md)
 * and are not shown.
 */
export function WalletOverview({ balance, showAffiliate, showCashback }: WalletOverviewProps) {
  const { t } = useTranslation();
  return (
    <section className="card-gold p-4" aria-label={t('account.walletsTitle')} data-testid="account-wallets">
      <p className="text-xs text-ink/60">{t('member.balance')}</p>
      <p className="text-gold-gradient text-3xl font-extrabold tabular-nums" data-testid="account-total">
        ฿ {formatBaht(memberBalanceSatang(balance))}
      </p>
      <dl className="mt-3 divide-y divide-white/10 rounded-xl bg-black/30 px-3 text-sm">
        <Row label={t('member.mainWallet')} testId="account-main-wallet">
          {formatBaht(balance.mainWallet)}
        </Row>
        <Row label={t('member.gameWallet')} testId="account-game-wallet" note={<GameWalletNote source={balance.gameWalletSource} readAt={balance.gameWalletReadAt} testId="account-game-wallet-note" />}>
          {formatBaht(balance.gameWallet)}
        </Row>
        {showAffiliate && (
          <Row label={t('account.affiliateWallet')} testId="account-affiliate-wallet">
            {formatBaht(balance.affiliateWallet)}
          </Row>
        )}
        {showCashback && (
          <Row label={t('account.cashbackWallet')} testId="account-cashback-wallet">
            {formatBaht(balance.cashbackWallet)}
          </Row>
        )}
        <Row label={t('member.prizePoints')} testId="account-prize-points">
          {t('rewards.wheel.points', { points: formatPoints(balance.prizeWallet) })}
        </Row>
        {balance.pendingWithdraw > 0 && (
          <Row label={t('account.pendingWithdraw')} testId="account-pending-withdraw">
            {formatBaht(balance.pendingWithdraw)}
          </Row>
        )}
      </dl>
    </section>
  );
}

function Row({ label, testId, note, children }: { label: string; testId: string; note?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-3 py-2.5">
      <dt className="min-w-0 text-ink/65">
        {label}
        {note}
      </dt>
      <dd className="shrink-0 text-right font-semibold tabular-nums text-ink" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

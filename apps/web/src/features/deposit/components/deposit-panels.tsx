import type { ComponentProps } from 'react';
import { useTranslation } from '../../../lib/translate.ts';
import type { HouseAccount } from '../channels.ts';
import { DepositRules, LineNotifyLink, PromotionBanner, type PromotionBannerItem } from './deposit-extras.tsx';
import { HouseAccountList } from './house-accounts.tsx';
import { OwnBankAccount } from './own-bank-account.tsx';

/** The house-account list's state, as the route loaded it. */
export interface ChannelsState {
  accounts: HouseAccount[] | undefined;
  isLoading: boolean;
  error: string | null;
  onRetry: () => void;
}

/** Spec dialog 7: the member's own account and every house account (banks and the mobile wallet). */
export function DepositAccounts({ ownAccount, channels }: { ownAccount: ComponentProps<typeof OwnBankAccount>; channels: ChannelsState }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4" data-testid="deposit-accounts">
      <OwnBankAccount {...ownAccount} />
      <section className="card p-4" aria-labelledby="house-accounts-title">
        <h2 id="house-accounts-title" className="mb-3 text-sm font-bold text-primary">
          {t('deposit.houseAccountsTitle')}
        </h2>
        <HouseAccountList {...channels} emptyText={t('deposit.noChannels')} />
      </section>
    </div>
  );
}

interface AutoDepositProps {
  /** Dialog 8 (bank transfer) or dialog 9 (mobile wallet). */
  kind: 'bank' | 'wallet';
  channels: ChannelsState;
  lineUrl: string | null;
  lineId: string;
  promotions: PromotionBannerItem[];
}

/** Spec dialogs 8 and 9: house accounts with copy buttons, the LINE chat-bot, a promotion banner and the rules. */
export function AutoDeposit({ kind, channels, lineUrl, lineId, promotions }: AutoDepositProps) {
  const { t } = useTranslation();
  const isWallet = kind === 'wallet';
  return (
    <section className="card space-y-4 p-4" aria-labelledby="auto-deposit-title" data-testid={isWallet ? 'wallet-deposit' : 'auto-deposit'}>
      <div>
        <h2 id="auto-deposit-title" className="text-base font-bold text-primary">
          {isWallet ? t('deposit.walletTitle') : t('deposit.autoTitle')}
        </h2>
        <p className="mt-1 text-xs leading-relaxed text-ink/70">{isWallet ? t('deposit.walletText') : t('deposit.autoText')}</p>
      </div>
      <HouseAccountList {...channels} emptyText={isWallet ? t('deposit.noWalletChannels') : t('deposit.noBankChannels')} />
      <LineNotifyLink lineUrl={lineUrl} lineId={lineId} />
      <PromotionBanner promotions={promotions} />
      <DepositRules />
    </section>
  );
}

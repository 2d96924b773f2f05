import { findBankByCode } from '@sabai/contracts';
import { useMemo } from 'react';
import { useTranslation } from '../../../lib/translate.ts';
import { Link, useSearchParams } from 'react-router';
import { lineContactUrl, paths } from '../../../config/paths.ts';
import { splitDepositChannels } from '../../../features/deposit/channels.ts';
import { useDepositChannels } from '../../../features/deposit/api/get-deposit-channels.ts';
import { usePromotions } from '../../../features/promotions/api/promotions.ts';
import { AutoDeposit, DepositAccounts, type ChannelsState } from '../../../features/deposit/components/deposit-panels.tsx';
import { PromptPayDeposit } from '../../../features/deposit/components/promptpay-deposit.tsx';
import { SlipDeposit } from '../../../features/deposit/components/slip-deposit.tsx';
import { depositBlocked } from '../../../features/responsible-gaming/deposit-protection.ts';
import { DepositProtectionNotice, useDepositProtection } from '../../../features/responsible-gaming/components/deposit-protection-notice.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useMember } from '../../../lib/auth.ts';
import { readPromotions } from '../../../lib/promotions.ts';
import { useSiteSettings } from '../../../lib/site-settings.ts';
import { MemberPage } from './member-page.tsx';

const TABS = ['accounts', 'auto', 'wallet', 'promptpay', 'slip'] as const;
type DepositTab = (typeof TABS)[number];
const isDepositTab = (value: string | null): value is DepositTab => (TABS as readonly (string | null)[]).includes(value);

/**
 * `/user/deposit`: spec dialogs 7 (deposit accounts), 8 (automatic deposit), 9 (wallet deposit)
 * the PromptPay QR deposit and "แนบสลิป" (a transfer slip, issue 28 §2), as tabs (`?tab=`), so each can be linked to. At the top, the
 * member's own protection (issue 26 §2): during a time-out or self-exclusion, or with the deposit
 * limit used up, the page says so and offers no PromptPay QR (such a deposit would only be held
 * and paid back).
 */
export function Component() {
  const { t } = useTranslation();
  const member = useMember();
  const { settings } = useSiteSettings();
  const channelsQuery = useDepositChannels();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: DepositTab = isDepositTab(requested) ? requested : 'accounts';

  const banks = settings?.getNameBank;
  const split = useMemo(() => (channelsQuery.data ? splitDepositChannels(channelsQuery.data, banks) : undefined), [channelsQuery.data, banks]);


  const channelsState = (accounts: ChannelsState['accounts']): ChannelsState => ({
    accounts,
    isLoading: channelsQuery.isPending,
    error: channelsQuery.error && !channelsQuery.data ? `${t('deposit.loadError')}: ${errorMessage(channelsQuery.error)}` : null,
    onRetry: () => void channelsQuery.refetch(),
  });
  const lineId = settings?.LineId ?? '';
  // The banner shows what the member is offered (info/promotion with their token), not the public
  // list of /v2/prefix: nothing to a member in a time-out or self-exclusion (issue 12, ADR 0019).
  const offered = usePromotions({ enabled: tab === 'auto' || tab === 'wallet' });
  // Only what they can still get (the list also shows the others, saying why not: issue 26 §3).
  const promotions = readPromotions((offered.data ?? []).filter((promotion) => promotion.isAvailable !== false));
  const user = member.data;
  const { protection, isLoading: protectionLoading } = useDepositProtection();
  const ownBank = user ? (banks?.find((bank) => bank.code === user.BankCode) ?? null) : null;

  return (
    <MemberPage title={t('deposit.title')} testId="deposit-page">
      <DepositProtectionNotice protection={protection} />
      <div role="tablist" aria-label={t('deposit.tabsLabel')} className="grid grid-cols-5 gap-1 rounded-xl bg-black/30 p-1">
        {TABS.map((entry) => (
          <button
            key={entry}
            type="button"
            role="tab"
            aria-selected={tab === entry}
            onClick={() => setSearchParams(entry === 'accounts' ? {} : { tab: entry }, { replace: true })}
            className={`rounded-lg px-1 py-2 text-xs font-semibold leading-tight transition ${tab === entry ? 'bg-primary text-page' : 'text-ink/70'}`}
            data-testid={`deposit-tab-${entry}`}
          >
            {t(`deposit.tabs.${entry}`)}
          </button>
        ))}
      </div>

      {tab === 'accounts' &&
        (user ? (
          <DepositAccounts
            ownAccount={{
              bankName: ownBank?.officialName ?? findBankByCode(user.BankCode)?.officialName ?? user.BankCode,
              logoUrl: ownBank?.logo ?? null,
              shortName: ownBank?.shortName ?? user.BankCode,
              color: ownBank?.color ?? '#555555',
              holderName: user.userName.fullName,
              accountNumber: user.BankAccount,
            }}
            channels={channelsState(split?.allChannels)}
          />
        ) : (
          <p className="card p-6 text-center text-sm text-ink/60" role="status">
            {t('common.loading')}
          </p>
        ))}
      {(tab === 'auto' || tab === 'wallet') && (
        <AutoDeposit
          kind={tab === 'auto' ? 'bank' : 'wallet'}
          channels={channelsState(tab === 'auto' ? split?.bankChannels : split?.walletChannels)}
          lineUrl={lineId ? lineContactUrl(lineId) : null}
          lineId={lineId}
          promotions={promotions}
        />
      )}
      {tab === 'promptpay' && <PromptPayTab protection={protection} isLoading={protectionLoading} />}
      {tab === 'slip' && <SlipDeposit />}
      <Link to={paths.user.responsibleGaming} className="block text-center text-sm text-ink/70 underline underline-offset-4" data-testid="deposit-responsible-gaming">
        {t('responsibleGaming.depositLink')}
      </Link>
    </MemberPage>
  );
}

/** The PromptPay tab: the QR form once the member's protection is known, none while a deposit would only be paid back. */
function PromptPayTab({ protection, isLoading }: { protection: ReturnType<typeof useDepositProtection>['protection']; isLoading: boolean }) {
  const { t } = useTranslation();
  if (isLoading) {
    return (
      <p className="card p-6 text-center text-sm text-ink/60" role="status">
        {t('common.loading')}
      </p>
    );
  }
  if (depositBlocked(protection)) {
    return (
      <p className="card p-6 text-center text-sm text-ink/70" data-testid="promptpay-blocked">
        {t('deposit.protection.promptpayBlocked')}
      </p>
    );
  }
  return <PromptPayDeposit maxAmount={protection?.state === 'limited' ? protection.remaining : null} />;
}

import { useState } from 'react';
import { useTranslation } from '../../lib/translate.ts';
import { HistoryIcon, WithdrawIcon } from '../../components/ui/icons.tsx';
import { TransactionHistory, type HistoryTab } from '../../features/history/components/transaction-history.tsx';
import { useSiteSettings } from '../../lib/site-settings.ts';
import { AffiliateSection } from '../../features/rewards/components/affiliate-section.tsx';
import { MemberCardSection } from '../../features/member/components/member-card-section.tsx';
import { WithdrawSection } from '../../features/withdraw/components/withdraw-section.tsx';
import { useFooterDialogs } from './footer-dialogs.tsx';

/** The panels of the footer dialogs (footer-dialogs.tsx), a chunk loaded when one first opens. */
export { PromotionPanel } from '../../features/promotions/components/promotion-panel.tsx';
export { WheelPanel } from '../../features/rewards/components/wheel-panel.tsx';

/** Dialog 1: the member card (its deposit button leaves for /user/deposit), then withdraw and history. */
export function MemberCardDialogBody() {
  const { t } = useTranslation();
  const { open } = useFooterDialogs();
  return (
    <>
      <MemberCardSection />
      <div className="grid grid-cols-2 gap-3">
        <button type="button" className="btn-outline" onClick={() => open('withdraw')} data-testid="footer-dialog-open-withdraw">
          <WithdrawIcon className="size-5" />
          {t('nav.withdraw')}
        </button>
        <button type="button" className="btn-outline" onClick={() => open('history')} data-testid="footer-dialog-open-history">
          <HistoryIcon className="size-5" />
          {t('features.history')}
        </button>
      </div>
    </>
  );
}

/** Dialog 2: cancel closes the dialog (on the page it goes home). */
export function WithdrawDialogBody() {
  const { close } = useFooterDialogs();
  return <WithdrawSection onCancel={close} />;
}

/** Dialog 3: the tabs switch in place (the page moves between the transactions URLs instead). */
export function HistoryDialogBody() {
  const [tab, setTab] = useState<HistoryTab>('deposit');
  return <TransactionHistory tab={tab} onTabChange={setTab} />;
}

/** Dialog 4, while the site has the affiliate scheme on (its menu tile is hidden otherwise). */
export function AffiliateDialogBody() {
  const { t } = useTranslation();
  const { settings } = useSiteSettings();
  if (settings && !settings.Affiliate.useAffiliate) {
    return (
      <p className="card px-6 py-10 text-center text-sm text-ink/70" data-testid="affiliate-closed">
        {t('unavailable.text')}
      </p>
    );
  }
  return <AffiliateSection />;
}

import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { HistoryIcon, WithdrawIcon } from '../../components/ui/icons.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { TransactionHistory, type HistoryTab } from '../../features/history/components/transaction-history.tsx';
import { PromotionPanel } from '../../features/promotions/components/promotion-panel.tsx';
import { WheelPanel } from '../../features/rewards/components/wheel-panel.tsx';
import { useSiteSettings } from '../../lib/site-settings.ts';
import { AffiliateSection } from '../member-panels/affiliate-section.tsx';
import { MemberCardSection } from '../member-panels/member-card-section.tsx';
import { WithdrawSection } from '../member-panels/withdraw-section.tsx';
import { createFooterDialogStore, dialogShownByPage, type FooterDialogName, type FooterDialogStore } from './footer-dialog-store.ts';

const FooterDialogsContext = createContext<FooterDialogStore | null>(null);

/**
 * Owns the footer dialog store of the member app (one per mounted member layout). Any navigation
 * closes the open dialog, and so does signing out (a 401 included), so a dialog never outlives
 * the page or the session it was opened on.
 */
export function FooterDialogsProvider({ isSignedIn, children }: { isSignedIn: boolean; children: ReactNode }) {
  // window.location is the browser router's own truth at the moment of a tap.
  const [store] = useState(() => createFooterDialogStore({ shownByPage: () => dialogShownByPage(window.location.pathname) }));
  const { key } = useLocation();
  useEffect(() => {
    store.close();
  }, [store, key]);
  useEffect(() => {
    if (!isSignedIn) store.close();
  }, [store, isSignedIn]);
  return <FooterDialogsContext.Provider value={store}>{children}</FooterDialogsContext.Provider>;
}

/** The open footer dialog (`current`, or null) and the stable `open(name)` / `close()`. */
export function useFooterDialogs(): Pick<FooterDialogStore, 'open' | 'close'> & { current: FooterDialogName | null } {
  const store = useContext(FooterDialogsContext);
  if (!store) throw new Error('useFooterDialogs() needs <FooterDialogsProvider> above it');
  const current = useSyncExternalStore(store.subscribe, store.get);
  return { current, open: store.open, close: store.close };
}

interface FooterDialog {
  /** The dialog's title in th.json (spec §2 dialogs 1–6). */
  titleKey: string;
  Body: ComponentType;
}

/** Each dialog shows the same panel its page shows. */
const FOOTER_DIALOGS: Record<FooterDialogName, FooterDialog> = {
  'member-card': { titleKey: 'member.cardTitle', Body: MemberCardDialogBody },
  withdraw: { titleKey: 'withdraw.title', Body: WithdrawDialogBody },
  history: { titleKey: 'history.title', Body: HistoryDialogBody },
  affiliate: { titleKey: 'rewards.affiliate.title', Body: AffiliateDialogBody },
  wheel: { titleKey: 'rewards.wheel.title', Body: WheelPanel },
  promotion: { titleKey: 'promotion.title', Body: PromotionPanel },
};

/**
 * The footer dialog host, mounted beside the signed-in bottom bar: renders the open dialog (and
 * only that one) in the shared Modal, so Escape, the overlay and the close button close it and
 * focus moves in and back out the way every modal of the site does.
 */
export function FooterDialogs() {
  const { t } = useTranslation();
  const { current, close } = useFooterDialogs();
  if (!current) return null;
  const { titleKey, Body } = FOOTER_DIALOGS[current];
  return (
    // A new key per dialog: switching (member card → withdraw) starts the next one afresh.
    <Modal key={current} variant="panel" title={t(titleKey)} onClose={close} testId={`footer-dialog-${current}`}>
      <Body />
    </Modal>
  );
}

/** Dialog 1: the member card (its deposit button leaves for /user/deposit), then withdraw and history. */
function MemberCardDialogBody() {
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
function WithdrawDialogBody() {
  const { close } = useFooterDialogs();
  return <WithdrawSection onCancel={close} />;
}

/** Dialog 3: the tabs switch in place (the page moves between the transactions URLs instead). */
function HistoryDialogBody() {
  const [tab, setTab] = useState<HistoryTab>('deposit');
  return <TransactionHistory tab={tab} onTabChange={setTab} />;
}

/** Dialog 4, while the site has the affiliate scheme on (its menu tile is hidden otherwise). */
function AffiliateDialogBody() {
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

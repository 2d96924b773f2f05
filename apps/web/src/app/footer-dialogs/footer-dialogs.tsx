import { createContext, lazy, Suspense, useContext, useEffect, useState, useSyncExternalStore, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { useTranslation } from '../../lib/translate.ts';
import { useLocation } from 'react-router';
import { Modal } from '../../components/ui/modal.tsx';
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
  Body: LazyExoticComponent<ComponentType>;
}

/**
 * A dialog's panel loads when the dialog first opens: the member app's pages do not wait for
 * six panels they may never show (docs/adr/0014).
 */
const bodyOf = (name: 'MemberCardDialogBody' | 'WithdrawDialogBody' | 'HistoryDialogBody' | 'AffiliateDialogBody' | 'WheelPanel' | 'PromotionPanel') =>
  lazy(() => import('./footer-dialog-bodies.tsx').then((bodies) => ({ default: bodies[name] })));

/** Each dialog shows the same panel its page shows. */
const FOOTER_DIALOGS: Record<FooterDialogName, FooterDialog> = {
  'member-card': { titleKey: 'member.cardTitle', Body: bodyOf('MemberCardDialogBody') },
  withdraw: { titleKey: 'withdraw.title', Body: bodyOf('WithdrawDialogBody') },
  history: { titleKey: 'history.title', Body: bodyOf('HistoryDialogBody') },
  affiliate: { titleKey: 'rewards.affiliate.title', Body: bodyOf('AffiliateDialogBody') },
  wheel: { titleKey: 'rewards.wheel.title', Body: bodyOf('WheelPanel') },
  promotion: { titleKey: 'promotion.title', Body: bodyOf('PromotionPanel') },
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
      <Suspense fallback={<PanelLoading label={t('common.loading')} />}>
        <Body />
      </Suspense>
    </Modal>
  );
}

function PanelLoading({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-10" role="status" aria-live="polite">
      <span className="size-8 animate-spin rounded-full border-4 border-primary/30 border-t-primary" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}

import type { SiteSettings, UserInfo } from '@sabai/contracts';
import type { ComponentType, ReactNode, SVGProps } from 'react';
import { useTranslation } from '../../lib/translate.ts';
import { lineContactUrl, paths } from '../../config/paths.ts';
import { formatBaht } from '../../lib/format.ts';
import { memberBalanceSatang } from '../../lib/member-balance.ts';
import { AppLink, AppNavLink, useAppLinks } from '../ui/app-link.tsx';
import { BrandLogo } from '../ui/brand-logo.tsx';
import { ChatIcon, DepositIcon, GameIcon, GiftIcon, HomeIcon, UserIcon, WalletIcon } from '../ui/icons.tsx';
import { AnnouncementStrip, MaintenanceBanner } from './announcement.tsx';
import { SignedOutBottomBar } from './visitor-shell.tsx';

/**
 * The signed-in footer's dialogs (spec §2: "The footer hosts the promotion, wheel, affiliate,
 * withdraw, history and member-card dialogs"), wired by the app layer.
 */
export interface FooterDialogControls {
  /** The 4th tab: the promotion dialog. */
  openPromotion: () => void;
  /** The 5th tab and the header balance: the member-card dialog. */
  openMemberCard: () => void;
  /** Which of the two is showing (as a dialog, or as the page itself), so its tab looks current. */
  showing: 'promotion' | 'member-card' | null;
  /** The dialog host, mounted beside the bottom bar. */
  host: ReactNode;
}

interface MemberShellProps {
  settings: SiteSettings | null;
  /** Null for a visitor: the signed-out header and bottom bar (spec §2). */
  user: UserInfo | null;
  /** Spec §2: hidden on Login, Signup, Profile and Join. */
  showChrome: boolean;
  /** The live wallets (game wallet at the partner) when known; otherwise the user info's wallets are shown. */
  liveWallet?: { mainWallet: number; gameWallet: number } | null;
  /**
   * The balance shown is the stored session's, not yet confirmed by the server on this visit
   * (neither the live wallet nor the refresh call has answered): drawn dimmed and marked busy, as
   * the last known value (docs/adr/0014, 0030: money is never shown from a cache as current).
   */
  isBalanceLastKnown?: boolean;
  /** The footer dialogs of a signed-in member. */
  footerDialogs: FooterDialogControls;
  children: ReactNode;
}

/** The member app's frame under /user/: header on top, bottom bar (and its dialogs) for the thumb. */
export function MemberShell({ settings, user, showChrome, liveWallet, isBalanceLastKnown = false, footerDialogs, children }: MemberShellProps) {
  if (!showChrome) return <div className="mx-auto min-h-dvh max-w-lg">{children}</div>;
  return (
    <div className="mx-auto min-h-dvh max-w-lg pb-24">
      {user ? (
        <SignedInHeader
          settings={settings}
          wallet={liveWallet ?? user.internalWallet}
          isLastKnown={!liveWallet && isBalanceLastKnown}
          onOpenMemberCard={footerDialogs.openMemberCard}
        />
      ) : (
        <SignedOutHeader settings={settings} />
      )}
      <main className="px-4 pt-4">{children}</main>
      {user ? (
        <>
          <SignedInBottomBar footerDialogs={footerDialogs} />
          {footerDialogs.host}
        </>
      ) : (
        <SignedOutMemberBottomBar settings={settings} />
      )}
    </div>
  );
}

interface SignedInHeaderProps {
  settings: SiteSettings | null;
  wallet: { mainWallet: number; gameWallet: number };
  isLastKnown: boolean;
  onOpenMemberCard: () => void;
}

/** Logo, the balance (which opens the member card), the LINE contact when configured, the profile. */
function SignedInHeader({ settings, wallet, isLastKnown, onOpenMemberCard }: SignedInHeaderProps) {
  const { t } = useTranslation();
  const balance = formatBaht(memberBalanceSatang(wallet));
  return (
    <header className="sticky top-0 z-30 border-b border-white/10 bg-page" data-testid="member-header">
      <div className="flex items-center gap-3 px-4 py-3">
        <AppLink to={paths.user.home} className="mr-auto" aria-label={settings?.siteName ?? 'Sabai'}>
          <BrandLogo logoUrl={settings?.logoUrl} siteName={settings?.siteName ?? 'Sabai'} className="h-8" />
        </AppLink>
        <button
          type="button"
          onClick={onOpenMemberCard}
          aria-haspopup="dialog"
          aria-label={t('nav.balanceOpensCard', { amount: balance })}
          aria-busy={isLastKnown || undefined}
          className="inline-flex items-center gap-1.5 rounded-full border border-primary/40 bg-black/40 px-3 py-1 text-sm font-bold tabular-nums text-primary active:scale-95"
          data-testid="header-balance"
          data-last-known={isLastKnown ? 'true' : undefined}
        >
          <WalletIcon className="size-4" />
          <span className={isLastKnown ? 'opacity-70' : undefined}>{balance}</span>
        </button>
        {settings?.LineId && (
          <a
            href={lineContactUrl(settings.LineId)}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('nav.contactLine')}
            className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/15 text-primary"
            data-testid="header-contact"
          >
            <ChatIcon className="size-5" />
          </a>
        )}
        <AppLink to={paths.user.profile} aria-label={t('nav.profile')} className="flex size-9 items-center justify-center rounded-full bg-primary/15 text-primary" data-testid="header-profile">
          <UserIcon className="size-5" />
        </AppLink>
      </div>
      <MaintenanceBanner isUnderMaintenance={settings?.Maintenance} />
      <AnnouncementStrip message={settings?.alertyMessage} />
    </header>
  );
}

function SignedOutHeader({ settings }: { settings: SiteSettings | null }) {
  const { t } = useTranslation();
  return (
    <header className="sticky top-0 z-30 border-b border-white/10 bg-page/90 backdrop-blur">
      <div className="flex items-center px-4 py-3">
        <AppLink to={paths.index} className="mr-auto" aria-label={settings?.siteName ?? 'Sabai'}>
          <BrandLogo logoUrl={settings?.logoUrl} siteName={settings?.siteName ?? 'Sabai'} className="h-8" />
        </AppLink>
        <AppLink to={paths.user.login} className="btn-outline px-4 py-2 text-sm">
          {t('nav.login')}
        </AppLink>
      </div>
    </header>
  );
}

type TabIcon = ComponentType<SVGProps<SVGSVGElement>>;

interface TabProps {
  to: string;
  label: string;
  Icon: TabIcon;
  featured?: boolean;
}

/**
 * Home, deposit and the featured games are pages; promotion and the wallet (the member card, with
 * withdraw and history one tap further) open their footer dialogs over the current page.
 */
function SignedInBottomBar({ footerDialogs }: { footerDialogs: FooterDialogControls }) {
  const { t } = useTranslation();
  return (
    <BottomBar>
      <Tab to={paths.user.home} label={t('nav.home')} Icon={HomeIcon} />
      <Tab to={paths.user.feature('deposit')} label={t('nav.deposit')} Icon={DepositIcon} />
      <Tab to={paths.user.feature('play')} label={t('nav.games')} Icon={GameIcon} featured />
      <DialogTab label={t('nav.promotion')} Icon={GiftIcon} onOpen={footerDialogs.openPromotion} isShowing={footerDialogs.showing === 'promotion'} testId="bottom-promotion" />
      <DialogTab label={t('nav.wallet')} Icon={WalletIcon} onOpen={footerDialogs.openMemberCard} isShowing={footerDialogs.showing === 'member-card'} testId="bottom-wallet" />
    </BottomBar>
  );
}

/** Spec §2: register (to /register) and the LINE contact in a new tab, as on the public site. */
function SignedOutMemberBottomBar({ settings }: { settings: SiteSettings | null }) {
  const { navigate } = useAppLinks();
  return <SignedOutBottomBar lineUrl={settings?.LineId ? lineContactUrl(settings.LineId) : null} onRegister={() => navigate(paths.user.register())} />;
}

function BottomBar({ children }: { children: ReactNode }) {
  return (
    <nav className="fixed inset-x-0 bottom-0 z-30 mx-auto max-w-lg border-t border-primary/20 bg-page pb-[env(safe-area-inset-bottom)]" data-testid="member-bottom-bar">
      <ul className="grid grid-cols-5">{children}</ul>
    </nav>
  );
}

function Tab({ to, label, Icon, featured = false }: TabProps) {
  const content = (active: boolean) =>
    featured ? (
      <>
        <span className="-mt-6 flex size-14 items-center justify-center rounded-full border-4 border-page bg-primary text-page shadow-lg shadow-primary/30">
          <Icon className="size-7" />
        </span>
        <span className="text-[11px] font-semibold text-primary">{label}</span>
      </>
    ) : (
      <TabFace label={label} Icon={Icon} isActive={active} />
    );
  return (
    <li>
      <AppNavLink to={to} className={TAB_CLASS}>
        {({ isActive }) => content(isActive)}
      </AppNavLink>
    </li>
  );
}

interface DialogTabProps {
  label: string;
  Icon: TabIcon;
  onOpen: () => void;
  /** Its dialog is open, or the current page is its page. */
  isShowing: boolean;
  testId: string;
}

/** A tab that opens a footer dialog: a button, not a link (it goes nowhere). */
function DialogTab({ label, Icon, onOpen, isShowing, testId }: DialogTabProps) {
  return (
    <li>
      <button type="button" onClick={onOpen} aria-haspopup="dialog" className={`${TAB_CLASS} w-full`} data-testid={testId}>
        <TabFace label={label} Icon={Icon} isActive={isShowing} />
      </button>
    </li>
  );
}

const TAB_CLASS = 'flex flex-col items-center gap-0.5 py-2';

function TabFace({ label, Icon, isActive }: { label: string; Icon: TabIcon; isActive: boolean }) {
  return (
    <>
      <Icon className={`size-6 ${isActive ? 'text-primary' : 'text-ink/60'}`} />
      <span className={`text-[11px] ${isActive ? 'font-semibold text-primary' : 'text-ink/60'}`}>{label}</span>
    </>
  );
}

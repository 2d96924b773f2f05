import type { SiteSettings, UserInfo } from '@sabai/contracts';
import type { ComponentType, ReactNode, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { lineContactUrl, paths } from '../../config/paths.ts';
import { formatBaht } from '../../lib/format.ts';
import { memberBalanceSatang } from '../../lib/member-balance.ts';
import { BrandLogo } from '../ui/brand-logo.tsx';
import { ChatIcon, DepositIcon, GameIcon, GiftIcon, HomeIcon, UserIcon, UserPlusIcon, WalletIcon } from '../ui/icons.tsx';
import { AnnouncementStrip, MaintenanceBanner } from './announcement.tsx';

interface MemberShellProps {
  settings: SiteSettings | null;
  /** Null for a visitor: the signed-out header and bottom bar (spec §2). */
  user: UserInfo | null;
  /** Spec §2: hidden on Login, Signup, Profile and Join. */
  showChrome: boolean;
  /** The live wallets (game wallet at the partner) when known; otherwise the user info's wallets are shown. */
  liveWallet?: { mainWallet: number; gameWallet: number } | null;
  children: ReactNode;
}

/** The member app's frame under /user/: header on top, bottom bar for the thumb. */
export function MemberShell({ settings, user, showChrome, liveWallet, children }: MemberShellProps) {
  if (!showChrome) return <div className="mx-auto min-h-dvh max-w-lg">{children}</div>;
  return (
    <div className="mx-auto min-h-dvh max-w-lg pb-24">
      {user ? <SignedInHeader settings={settings} wallet={liveWallet ?? user.internalWallet} /> : <SignedOutHeader settings={settings} />}
      <main className="px-4 pt-4">{children}</main>
      {user ? <SignedInBottomBar settings={settings} /> : <SignedOutBottomBar settings={settings} />}
    </div>
  );
}

function SignedInHeader({ settings, wallet }: { settings: SiteSettings | null; wallet: { mainWallet: number; gameWallet: number } }) {
  const { t } = useTranslation();
  return (
    <header className="sticky top-0 z-30 border-b border-white/10 bg-page/90 backdrop-blur" data-testid="member-header">
      <div className="flex items-center gap-3 px-4 py-3">
        <Link to={paths.user.home} className="mr-auto" aria-label={settings?.siteName ?? 'Sabai'}>
          <BrandLogo logoUrl={settings?.logoUrl} siteName={settings?.siteName ?? 'Sabai'} className="h-8" />
        </Link>
        <span className="inline-flex items-center gap-1.5 rounded-full border border-primary/40 bg-black/40 px-3 py-1 text-sm font-bold tabular-nums text-primary" data-testid="header-balance">
          <WalletIcon className="size-4" />
          {formatBaht(memberBalanceSatang(wallet))}
        </span>
        <Link to={paths.user.profile} aria-label={t('nav.profile')} className="flex size-9 items-center justify-center rounded-full bg-primary/15 text-primary" data-testid="header-profile">
          <UserIcon className="size-5" />
        </Link>
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
        <Link to={paths.index} className="mr-auto" aria-label={settings?.siteName ?? 'Sabai'}>
          <BrandLogo logoUrl={settings?.logoUrl} siteName={settings?.siteName ?? 'Sabai'} className="h-8" />
        </Link>
        <Link to={paths.user.login} className="btn-outline px-4 py-2 text-sm">
          {t('nav.login')}
        </Link>
      </div>
    </header>
  );
}

interface TabProps {
  to: string;
  label: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
  external?: boolean;
  featured?: boolean;
}

function SignedInBottomBar({ settings }: { settings: SiteSettings | null }) {
  const { t } = useTranslation();
  return (
    <BottomBar>
      <Tab to={paths.user.home} label={t('nav.home')} Icon={HomeIcon} />
      <Tab to={paths.user.feature('deposit')} label={t('nav.deposit')} Icon={DepositIcon} />
      <Tab to={paths.user.feature('play')} label={t('nav.games')} Icon={GameIcon} featured />
      <Tab to={paths.user.feature('promotion')} label={t('nav.promotion')} Icon={GiftIcon} />
      {settings?.LineId ? (
        <Tab to={lineContactUrl(settings.LineId)} label={t('nav.contact')} Icon={ChatIcon} external />
      ) : (
        <Tab to={paths.user.profile} label={t('nav.profile')} Icon={UserIcon} />
      )}
    </BottomBar>
  );
}

function SignedOutBottomBar({ settings }: { settings: SiteSettings | null }) {
  const { t } = useTranslation();
  return (
    <nav className="fixed inset-x-0 bottom-0 z-30 mx-auto grid max-w-lg grid-cols-2 gap-3 border-t border-white/10 bg-page/95 px-4 pb-[max(0.75rem,env(safe-area-inset-bottom))] pt-3 backdrop-blur">
      <Link to={paths.user.register()} className="btn-primary py-2.5" data-testid="bottom-register">
        <UserPlusIcon className="size-5" />
        {t('nav.register')}
      </Link>
      {settings?.LineId ? (
        <a href={lineContactUrl(settings.LineId)} target="_blank" rel="noopener noreferrer" className="btn-outline py-2.5" data-testid="bottom-contact">
          <ChatIcon className="size-5" />
          {t('nav.contact')}
        </a>
      ) : (
        <Link to={paths.user.login} className="btn-outline py-2.5">
          {t('nav.login')}
        </Link>
      )}
    </nav>
  );
}

function BottomBar({ children }: { children: ReactNode }) {
  return (
    <nav className="fixed inset-x-0 bottom-0 z-30 mx-auto max-w-lg border-t border-primary/20 bg-page/95 pb-[env(safe-area-inset-bottom)] backdrop-blur" data-testid="member-bottom-bar">
      <ul className="grid grid-cols-5">{children}</ul>
    </nav>
  );
}

function Tab({ to, label, Icon, external = false, featured = false }: TabProps) {
  const content = (active: boolean) =>
    featured ? (
      <>
        <span className="-mt-6 flex size-14 items-center justify-center rounded-full border-4 border-page bg-primary text-page shadow-lg shadow-primary/30">
          <Icon className="size-7" />
        </span>
        <span className="text-[11px] font-semibold text-primary">{label}</span>
      </>
    ) : (
      <>
        <Icon className={`size-6 ${active ? 'text-primary' : 'text-ink/60'}`} />
        <span className={`text-[11px] ${active ? 'font-semibold text-primary' : 'text-ink/60'}`}>{label}</span>
      </>
    );
  const className = 'flex flex-col items-center gap-0.5 py-2';
  return (
    <li>
      {external ? (
        <a href={to} target="_blank" rel="noopener noreferrer" className={className}>
          {content(false)}
        </a>
      ) : (
        <NavLink to={to} className={className}>
          {({ isActive }) => content(isActive)}
        </NavLink>
      )}
    </li>
  );
}

import type { SiteSettings } from '@sabai/contracts';
import type { ReactNode } from 'react';
import { lineContactUrl, paths } from '../../config/paths.ts';
import { useTranslation } from '../../lib/translate.ts';
import { BrandLogo } from '../ui/brand-logo.tsx';
import { ChatIcon, GiftIcon, HomeIcon, LoginIcon, MenuIcon, UserPlusIcon } from '../ui/icons.tsx';
import { AnnouncementStrip, MaintenanceBanner } from './announcement.tsx';
import { SlideOver } from './slide-over.tsx';

export type VisitorPanel = 'menu' | 'login' | 'register' | null;

interface VisitorShellProps {
  settings: SiteSettings | null;
  panel: VisitorPanel;
  onPanelChange: (panel: VisitorPanel) => void;
  /** Content of the login slide-in (the login form). */
  loginPanel: ReactNode;
  /** Content of the register slide-in. */
  registerPanel: ReactNode;
  /** Where "promotion" in the menu leads (an anchor on the landing page). */
  promotionHref: string;
  /** The logo leads home (`/`); the page decides how (the router, or the first load's own navigation). */
  onHome: () => void;
  children: ReactNode;
}

/**
 * The public site's frame (spec §2 "Visitor shell"): top bar with logo, login and register;
 * a mobile menu; login and register slide-ins whose overlay closes them; and the signed-out bottom
 * bar (spec §2): register, and the contact button that opens the LINE account in a new tab.
 */
export function VisitorShell({ settings, panel, onPanelChange, loginPanel, registerPanel, promotionHref, onHome, children }: VisitorShellProps) {
  const { t } = useTranslation();
  const siteName = settings?.siteName ?? 'Sabai';
  const close = () => onPanelChange(null);
  const lineUrl = settings?.LineId ? lineContactUrl(settings.LineId) : null;

  return (
    <div className="mx-auto min-h-dvh max-w-lg pb-24">
      <header className="sticky top-0 z-30 border-b border-white/10 bg-page/90 backdrop-blur">
        <div className="flex items-center gap-1.5 px-4 py-3">
          <a
            href={paths.index}
            className="mr-auto shrink-0"
            aria-label={siteName}
            data-testid="visitor-logo"
            onClick={(event) => {
              if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return; // a new tab: the browser's
              event.preventDefault();
              onHome();
            }}
          >
            <BrandLogo logoUrl={settings?.logoUrl} siteName={siteName} className="h-7" />
          </a>
          <button type="button" className="btn-outline whitespace-nowrap px-2.5 py-2 text-sm" onClick={() => onPanelChange('login')} data-testid="topbar-login">
            {t('nav.login')}
          </button>
          <button type="button" className="btn-primary whitespace-nowrap px-2.5 py-2 text-sm" onClick={() => onPanelChange('register')} data-testid="topbar-register">
            {t('nav.register')}
          </button>
          <button type="button" className="-mr-1 rounded-lg p-1.5 text-ink" aria-label={t('nav.openMenu')} onClick={() => onPanelChange('menu')} data-testid="topbar-menu">
            <MenuIcon className="size-6" />
          </button>
        </div>
        <MaintenanceBanner isUnderMaintenance={settings?.Maintenance} />
        <AnnouncementStrip message={settings?.alertyMessage} />
      </header>

      <main className="px-4 pt-4">{children}</main>
      <SignedOutBottomBar lineUrl={lineUrl} onRegister={() => onPanelChange('register')} />

      {panel === 'menu' && (
        <SlideOver title={t('common.menu')} onClose={close} testId="visitor-menu">
          <nav>
            <ul className="space-y-1 text-base">
              <MenuRow
                icon={<HomeIcon />}
                label={t('nav.home')}
                onClick={() => {
                  close();
                  window.scrollTo({ top: 0, behavior: 'smooth' });
                }}
              />
              <MenuRow icon={<UserPlusIcon />} label={t('nav.register')} onClick={() => onPanelChange('register')} />
              <MenuRow icon={<LoginIcon />} label={t('nav.login')} onClick={() => onPanelChange('login')} />
              <MenuRow icon={<GiftIcon />} label={t('nav.promotion')} onClick={close} href={promotionHref} />
              {lineUrl && <MenuRow icon={<ChatIcon />} label={t('nav.contactLine')} href={lineUrl} external />}
            </ul>
          </nav>
        </SlideOver>
      )}
      {panel === 'login' && (
        <SlideOver title={t('landing.loginPanelTitle')} onClose={close} testId="login-slide-in">
          {loginPanel}
        </SlideOver>
      )}
      {panel === 'register' && (
        <SlideOver title={t('landing.registerPanelTitle')} onClose={close} testId="register-slide-in">
          {registerPanel}
        </SlideOver>
      )}
    </div>
  );
}

/**
 * Spec §2 signed-out bottom bar: register, and contact (the configured LINE account, new tab).
 * Until settings name a LINE id there is nothing to contact: the button is not drawn.
 */
export function SignedOutBottomBar({ lineUrl, onRegister }: { lineUrl: string | null; onRegister: () => void }) {
  const { t } = useTranslation();
  return (
    <nav
      aria-label={t('nav.visitorBar')}
      className={`fixed inset-x-0 bottom-0 z-30 mx-auto grid max-w-lg gap-3 border-t border-white/10 bg-page/95 px-4 pb-[max(0.75rem,env(safe-area-inset-bottom))] pt-3 backdrop-blur ${lineUrl ? 'grid-cols-2' : 'grid-cols-1'}`}
      data-testid="visitor-bottom-bar"
    >
      <button type="button" className="btn-primary py-2.5" onClick={onRegister} data-testid="bottom-register">
        <UserPlusIcon className="size-5" />
        {t('nav.register')}
      </button>
      {lineUrl && (
        <a href={lineUrl} target="_blank" rel="noopener noreferrer" className="btn-outline py-2.5" data-testid="bottom-contact">
          <ChatIcon className="size-5" />
          {t('nav.contact')}
        </a>
      )}
    </nav>
  );
}

interface MenuRowProps {
  icon: ReactNode;
  label: string;
  href?: string;
  external?: boolean;
  onClick?: () => void;
}

function MenuRow({ icon, label, href, external = false, onClick }: MenuRowProps) {
  const className = 'flex w-full items-center gap-3 rounded-xl px-3 py-3 text-left hover:bg-white/5 [&_svg]:size-6 [&_svg]:text-primary';
  return (
    <li>
      {href && external ? (
        <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
          {icon}
          {label}
        </a>
      ) : href ? (
        <a href={href} onClick={onClick} className={className}>
          {icon}
          {label}
        </a>
      ) : (
        <button type="button" onClick={onClick} className={className}>
          {icon}
          {label}
        </button>
      )}
    </li>
  );
}

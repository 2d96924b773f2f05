import type { SiteSettings } from '@sabai/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { lineContactUrl, paths } from '../../config/paths.ts';
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
  children: ReactNode;
}

/**
 * The public site's frame (spec §2 "Visitor shell"): top bar with logo, login and register;
 * a mobile menu; login and register slide-ins whose overlay closes them.
 */
export function VisitorShell({ settings, panel, onPanelChange, loginPanel, registerPanel, promotionHref, children }: VisitorShellProps) {
  const { t } = useTranslation();
  const siteName = settings?.siteName ?? 'Sabai';
  const close = () => onPanelChange(null);
  const lineUrl = settings?.LineId ? lineContactUrl(settings.LineId) : null;

  return (
    <div className="mx-auto min-h-dvh max-w-lg">
      <header className="sticky top-0 z-30 border-b border-white/10 bg-page/90 backdrop-blur">
        <div className="flex items-center gap-1.5 px-4 py-3">
          <Link to={paths.index} className="mr-auto shrink-0" aria-label={siteName} data-testid="visitor-logo">
            <BrandLogo logoUrl={settings?.logoUrl} siteName={siteName} className="h-7" />
          </Link>
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

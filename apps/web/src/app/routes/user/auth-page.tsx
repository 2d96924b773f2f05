import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AUTH_FRAME_LOGO_LINK_CLASS, AuthFrame } from '../../../components/layouts/auth-frame.tsx';
import { BrandLogo } from '../../../components/ui/brand-logo.tsx';
import { paths } from '../../../config/paths.ts';
import { useSiteSettings } from '../../../lib/site-settings.ts';

/** Full-screen frame of the login and register pages (no header or bottom bar, spec §2). */
export function AuthPage({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const { settings } = useSiteSettings();
  const siteName = settings?.siteName ?? 'Sabai';
  return (
    <AuthFrame
      title={title}
      subtitle={subtitle}
      logoLink={
        <Link to={paths.index} className={AUTH_FRAME_LOGO_LINK_CLASS} aria-label={siteName}>
          <BrandLogo logoUrl={settings?.logoUrl} siteName={siteName} className="h-14" />
        </Link>
      }
    >
      {children}
    </AuthFrame>
  );
}

import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandLogo } from '../../../components/ui/brand-logo.tsx';
import { paths } from '../../../config/paths.ts';
import { useSiteSettings } from '../../../lib/site-settings.ts';

/** Full-screen frame of the login and register pages (no header or bottom bar, spec §2). */
export function AuthPage({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const { settings } = useSiteSettings();
  const siteName = settings?.siteName ?? 'Sabai';
  return (
    <div className="px-5 pb-10 pt-8">
      <Link to={paths.index} className="mx-auto flex w-fit justify-center" aria-label={siteName}>
        <BrandLogo logoUrl={settings?.logoUrl} siteName={siteName} className="h-14" />
      </Link>
      <div className="card mt-6 p-5">
        <h1 className="text-gold-gradient text-2xl font-extrabold">{title}</h1>
        {subtitle && <p className="mt-1 text-sm text-ink/60">{subtitle}</p>}
        <div className="mt-5">{children}</div>
      </div>
    </div>
  );
}

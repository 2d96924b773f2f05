import { useTranslation } from '../../../lib/translate.ts';
import { Link, useLocation } from 'react-router';
import { HistoryIcon } from '../../../components/ui/icons.tsx';
import { paths } from '../../../config/paths.ts';
import { Component as AccountPage } from './account.tsx';
import { Component as MenuPage } from './menu.tsx';

/**
 * The router's page for member features without a page of their own. /user/menu and /user/account
 * are built (issue 14) and shown from here, as the router already sends them here; any other
 * feature says honestly that it is not open yet, nothing is faked.
 */
export function Component() {
  const feature = useLocation().pathname.split('/')[2] ?? '';
  if (feature === 'menu') return <MenuPage />;
  if (feature === 'account') return <AccountPage />;
  return <NotYetOpen feature={feature} />;
}

function NotYetOpen({ feature }: { feature: string }) {
  const { t } = useTranslation();
  return (
    <section className="card mt-4 px-6 py-10 text-center" data-testid="feature-unavailable">
      <p className="text-sm text-ink/60">{t(`features.${feature}`, { defaultValue: feature })}</p>
      <div className="mx-auto mt-4 flex size-16 items-center justify-center rounded-full bg-primary/15 text-primary" aria-hidden="true">
        <HistoryIcon className="size-8" />
      </div>
      <h1 className="mt-4 text-xl font-bold text-primary">{t('unavailable.title')}</h1>
      <p className="mt-2 text-sm leading-relaxed text-ink/70">{t('unavailable.text')}</p>
      <Link to={paths.user.home} className="btn-primary mt-6 w-full">
        {t('unavailable.backHome')}
      </Link>
    </section>
  );
}

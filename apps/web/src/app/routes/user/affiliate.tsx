import { useTranslation } from '../../../lib/translate.ts';
import { Navigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useSiteSettings } from '../../../lib/site-settings.ts';
import { AffiliateSection } from '../../../features/rewards/components/affiliate-section.tsx';
import { MemberPage } from './member-page.tsx';

/** `/user/affiliate`: spec dialog 4; only while the site has the affiliate scheme on (settings Affiliate.useAffiliate, spec §6). */
export function Component() {
  const { t } = useTranslation();
  const { settings } = useSiteSettings();
  if (settings && !settings.Affiliate.useAffiliate) return <Navigate to={paths.user.home} replace />;

  return (
    <MemberPage title={t('rewards.affiliate.title')} testId="affiliate-page">
      <AffiliateSection />
    </MemberPage>
  );
}

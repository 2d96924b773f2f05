import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { paths, registerReferralLink } from '../../../config/paths.ts';
import { AffiliatePanel } from '../../../features/rewards/components/affiliate-panel.tsx';
import { useMember } from '../../../lib/auth.ts';
import { useSession } from '../../../lib/session.ts';
import { useSiteSettings } from '../../../lib/site-settings.ts';
import { MemberPage } from './member-page.tsx';

/** `/user/affiliate`: spec dialog 4; only while the site has the affiliate scheme on (settings Affiliate.useAffiliate, spec §6). */
export function Component() {
  const { t } = useTranslation();
  const { token } = useSession();
  const member = useMember();
  const { settings } = useSiteSettings();
  if (!token) return <Navigate to={paths.index} replace />;
  if (settings && !settings.Affiliate.useAffiliate) return <Navigate to={paths.user.home} replace />;

  const affiliateKey = member.data?.affiliateKey;
  return (
    <MemberPage title={t('rewards.affiliate.title')} testId="affiliate-page">
      <AffiliatePanel
        referralLink={affiliateKey ? registerReferralLink(window.location.origin, affiliateKey) : null}
        image={settings?.Affiliate.Image ?? null}
      />
    </MemberPage>
  );
}

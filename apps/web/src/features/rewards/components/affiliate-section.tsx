import { registerReferralLink } from '../../../config/paths.ts';
import { AffiliatePanel } from './affiliate-panel.tsx';
import { useMember } from '../../../lib/auth.ts';
import { useSiteSettings } from '../../../lib/site-settings.ts';

/**
 * Spec dialog 4 ("invite friends") with the member's referral link on the registration route and
 * the site's affiliate picture. Shown by /user/affiliate and the affiliate footer dialog.
 */
export function AffiliateSection() {
  const member = useMember();
  const { settings } = useSiteSettings();
  const affiliateKey = member.data?.affiliateKey;
  return (
    <AffiliatePanel
      referralLink={affiliateKey ? registerReferralLink(window.location.origin, affiliateKey) : null}
      image={settings?.Affiliate.Image ?? null}
    />
  );
}

import { Navigate, useNavigate, useParams } from 'react-router';
import { isShareToken, paths } from '../../config/paths.ts';
import { useSiteSettings } from '../../lib/site-settings.ts';
import { LandingPage } from '../landing/landing-page.tsx';
import { readReferralCode } from '../referral.ts';

/**
 * `/` and `/{shareToken}` (route name Index) inside the member app. Any other single segment goes
 * to `/`. The page itself is router-free (app/landing/landing-page.tsx): a visitor's first load
 * shows it without the member app (main.tsx).
 */
export function Component() {
  const { shareToken } = useParams();
  const navigate = useNavigate();
  const { settings } = useSiteSettings();

  if (shareToken !== undefined && !isShareToken(shareToken)) return <Navigate to={paths.index} replace />;
  return (
    <LandingPage
      settings={settings}
      referralCode={shareToken ?? readReferralCode()}
      navigate={(to, options) => void navigate(to, options)}
      hasAppProviders
    />
  );
}

import type { SiteSettings } from '@sabai/contracts';
import { useEffect, useState } from 'react';
import { paths } from '../../config/paths.ts';
import { usePublicSiteSettings } from '../../lib/use-public-site-settings.ts';
import { OpeningSoonGate } from '../opening-soon/opening-soon-gate.tsx';
import { readReferralCode, rememberReferralCode } from '../referral.ts';
import { LandingPage } from './landing-page.tsx';

interface FirstLoadLandingProps {
  /** The `/{shareToken}` of the address the visitor came in on, or null on `/`. */
  initialShareToken: string | null;
  /** The settings to draw first (stored, or the server's if it answered in time) and the server's answer. */
  initialSettings: SiteSettings | null;
  settingsRequest: Promise<SiteSettings | null>;
  /** Anywhere but `/`: the member app takes over (main.tsx). */
  onLeave: (to: string, state?: unknown) => void;
}

/**
 * The landing page of a signed-out visitor's first load, without the member app: public settings
 * by a plain fetch, the referral code kept as the session watcher would keep it, and every way
 * out but the logo handed to the member app. The opening-soon page instead while the server says
 * the site is not set up (issue 24 §1).
 */
export function FirstLoadLanding({ initialShareToken, initialSettings, settingsRequest, onLeave }: FirstLoadLandingProps) {
  const settings = usePublicSiteSettings(initialSettings, settingsRequest);
  const [shareToken, setShareToken] = useState(initialShareToken);
  useEffect(() => rememberReferralCode(shareToken ?? undefined), [shareToken]);

  const navigate = (to: string, options?: { state?: unknown }) => {
    if (to !== paths.index) return onLeave(to, options?.state);
    // Home is this page: no history entry of its own, so Back never needs the router.
    window.history.replaceState(null, '', paths.index);
    setShareToken(null);
    window.scrollTo({ top: 0 });
  };

  return (
    <OpeningSoonGate>
      <LandingPage settings={settings} referralCode={shareToken ?? readReferralCode()} navigate={navigate} hasAppProviders={false} />
    </OpeningSoonGate>
  );
}

import type { SiteSettings, UserInfo } from '@sabai/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { FirstLoadHome } from './first-load-home.tsx';

/**
 * The member the template is drawn for: any figures (the filler writes every one of them,
 * app/home/static-home-fill.ts); a bonus, so the card's bonus lines are drawn.
 */
const TEMPLATE_USER = {
  PhoneNumber: '0000000000',
  affiliateKey: 'template',
  userName: { firstName: 'template', lastName: '' },
  internalWallet: { mainWallet: 0, gameWallet: 0, prizeWallet: 0 },
  GameInfo: {},
  BonusInfo: { bonusId: null, nowTurnover: 0, needTurnover: 0, maxWithdrawType: 0, maxWithdrawAmount: 0 },
} as unknown as UserInfo;

/**
 * Settings with every optional part of the home present (logo, LINE contact, maintenance and
 * announcement strips, cashback and affiliate tiles): the filler removes what a member's settings
 * do not have. Only the fields the home reads are set.
 */
const TEMPLATE_SETTINGS = {
  siteName: 'Sabai',
  logoUrl: '/template-logo',
  LineId: '@template',
  Maintenance: true,
  alertyMessage: 'template',
  alertyImage: null,
  cashBack: { usecashBack: true },
  Affiliate: { useAffiliate: true },
  Promotion: [],
} as unknown as SiteSettings;

const nothing = () => undefined;

/**
 * The signed-in home's markup for app.html (docs/adr/0050 decision 2), rendered at build time by
 * vite.config.ts's `sabai:static-home` plugin: `FirstLoadHome`, the React first-load home, for the
 * template member and settings, its figures as last known (no card yet). Needs a `window` with a
 * `location.origin` (the referral link, rewritten by the filler).
 */
export function renderStaticHomeTemplate(): string {
  // React 19 adds a preload of the logo before the markup: the page's own <img> asks for it.
  return renderToStaticMarkup(
    <FirstLoadHome user={TEMPLATE_USER} card={null} initialSettings={TEMPLATE_SETTINGS} settingsRequest={Promise.resolve(TEMPLATE_SETTINGS)} onLeave={nothing} onPainted={nothing} />,
  ).replace(/^<link rel="preload" as="image"[^>]*>/, '');
}

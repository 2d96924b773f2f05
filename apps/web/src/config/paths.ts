/**
 * Every URL the member site links to (spec §2). Public site at `/`, member app under `/user/`.
 * Pages link through these helpers so a path is spelled once.
 */
export const paths = {
  index: '/',
  landingWithReferral: (shareToken: string) => `/${encodeURIComponent(shareToken)}`,
  user: {
    root: '/user/',
    login: '/user/login',
    /** Forgot password (issue 27 §3): a code by SMS, then a new password. */
    forgotPassword: '/user/forgot-password',
    register: (shareToken?: string | null) =>
      shareToken ? `/user/register/${encodeURIComponent(shareToken)}` : '/user/register',
    home: '/user/home',
    homeWithReferral: (shareToken: string) => `/user/home/${encodeURIComponent(shareToken)}`,
    profile: '/user/profile',
    /** Player protection (issue 12). */
    responsibleGaming: '/user/responsible-gaming',
    feature: (feature: MemberFeature) => `/user/${feature}`,
    /** The game lobby (spec §2 /play/{category?}/{gameType?}/{ch?}); segments are lower-case codes. */
    play: (category?: string, gameType?: string, ch?: string) =>
      ['/user/play', category, category && gameType, category && gameType && ch]
        .filter((segment): segment is string => typeof segment === 'string' && segment !== '')
        .map((segment, index) => (index === 0 ? segment : encodeURIComponent(segment.toLowerCase())))
        .join('/'),
  },
} as const;

/** Member features that have their own route under /user/ (spec §2). */
export const MEMBER_FEATURES = [
  'account',
  'deposit',
  'withdraw',
  'menu',
  'play',
  'spinner',
  'transactions',
  'cash_back',
  'free_credit',
  'affiliate',
  'promotion',
  'history',
  'slot',
  'baccarat',
  'poker',
  'trading',
  'transactions-withdraw',
  'transactions-deposit',
] as const;
export type MemberFeature = (typeof MEMBER_FEATURES)[number];

/** A share token (a member's affiliateKey) as it may appear in a link: 1–32 letters, digits, - or _. */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;
export const isShareToken = (value: unknown): value is string =>
  typeof value === 'string' && SHARE_TOKEN_PATTERN.test(value);

/** Referral link on the home route (spec dialog 1, member card). */
export const homeReferralLink = (origin: string, affiliateKey: string) =>
  `${origin}${paths.user.homeWithReferral(affiliateKey)}`;

/** Referral link on the registration route (spec dialog 4, affiliate; §4). */
export const registerReferralLink = (origin: string, affiliateKey: string) =>
  `${origin}${paths.user.register(affiliateKey)}`;

/** Contact link on LINE for the configured official account id (e.g. `@sabai`). */
export const lineContactUrl = (lineId: string) =>
  `https://line.me/R/ti/p/${encodeURIComponent(lineId).replace(/^%40/, '@')}`;

/** Local-storage keys of the member site, all in one place (spec §3: user and settings are kept locally). */
export const STORAGE_KEYS = {
  token: 'sabai.token',
  user: 'sabai.user',
  siteSettings: 'sabai.siteSettings',
  /** Spec §5 remember-me: phone and password. */
  rememberedCredentials: 'sabai.rememberedCredentials',
  /** Set once the announcement was shown; cleared on login (spec §4). */
  announcementShown: 'sabai.announcementShown',
  /** Referral code carried from a share link into registration. */
  referralCode: 'sabai.referralCode',
  /** The game catalogue chosen from settings.Partner (spec §1): `default` or `betflik`. */
  gameCatalogue: 'sabai.gameCatalogue',
} as const;
